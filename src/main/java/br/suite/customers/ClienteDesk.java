package br.suite.customers;

import java.util.List;
import java.util.Objects;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.Paging;
import br.suite.shared.Versions;

/**
 * Customers for callers inside the application (the web pages): the same search, checks
 * and errors as {@code /api/clientes/}.
 */
@Service
public class ClienteDesk {

	private final ClienteService clientes;

	private final Validator validator;

	ClienteDesk(ClienteService clientes, Validator validator) {
		this.clientes = clientes;
		this.validator = validator;
	}

	/**
	 * A customer; {@code version} is the one read (0 in lists), for an edit to send back.
	 */
	public record ClienteView(long id, String nome, String email, String telefone, String documento, boolean ativo,
			long version) {

		static ClienteView of(ClienteResponse c) {
			return new ClienteView(c.id(), c.nome(), c.email(), c.telefone(), c.documento(), c.ativo(), 0);
		}

		static ClienteView of(Cliente cliente) {
			ClienteResponse c = ClienteResponse.from(cliente);
			return new ClienteView(c.id(), c.nome(), c.email(), c.telefone(), c.documento(), c.ativo(),
					Objects.requireNonNull(cliente.version));
		}

	}

	public record ClientePage(List<ClienteView> clientes, long total) {
	}

	/**
	 * Search by name, e-mail (accents and case ignored) or CPF/CNPJ (with or without its
	 * mask).
	 */
	public ClientePage list(@Nullable String q, int limit, int offset) {
		ClienteService.Listing listing = this.clientes.list(new ClienteService.Filter(null, q),
				new Paging(limit, offset));
		return new ClientePage(listing.clientes().stream().map(ClienteView::of).toList(), listing.total());
	}

	public ClienteView get(long id) {
		return ClienteView.of(this.clientes.get(id));
	}

	public ClienteView create(String nome, @Nullable String email, @Nullable String telefone,
			@Nullable String documento) {
		ClienteRequest request = new ClienteRequest(nome, email, telefone, documento, null);
		BeanChecks.check(this.validator, request);
		return ClienteView.of(this.clientes.create(request));
	}

	/**
	 * Replaces every field, as {@code PUT /api/clientes/{id}/} with {@code If-Match} of
	 * the version the form was read at: a customer changed in between is refused (412)
	 * instead of overwritten.
	 */
	public ClienteView update(long id, String nome, @Nullable String email, @Nullable String telefone,
			@Nullable String documento, boolean ativo, long version) {
		ClienteRequest request = new ClienteRequest(nome, email, telefone, documento, ativo);
		BeanChecks.check(this.validator, request);
		return ClienteView.of(this.clientes.update(id, current -> request, Versions.etag(version)));
	}

	/**
	 * Refused (409, naming what refers to it) while other records refer to the customer.
	 */
	public void delete(long id) {
		this.clientes.delete(id);
	}

}
