package br.suite.customers;

import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.Paging;

/**
 * Customers for callers inside the application (the web pages): the same search, checks and errors as
 * {@code /api/clientes/}.
 */
@Service
public class ClienteDesk {

	private final ClienteService clientes;

	private final Validator validator;

	ClienteDesk(ClienteService clientes, Validator validator) {
		this.clientes = clientes;
		this.validator = validator;
	}

	public record ClienteView(long id, String nome, String email, String telefone, String documento, boolean ativo) {

		static ClienteView of(ClienteResponse c) {
			return new ClienteView(c.id(), c.nome(), c.email(), c.telefone(), c.documento(), c.ativo());
		}

	}

	public record ClientePage(List<ClienteView> clientes, long total) {
	}

	/** Search by name, e-mail (accents and case ignored) or CPF/CNPJ (with or without its mask). */
	public ClientePage list(@Nullable String q, int limit, int offset) {
		ClienteService.Listing listing = this.clientes.list(new ClienteService.Filter(null, q), new Paging(limit, offset));
		return new ClientePage(listing.clientes().stream().map(ClienteView::of).toList(), listing.total());
	}

	public ClienteView get(long id) {
		return ClienteView.of(ClienteResponse.from(this.clientes.get(id)));
	}

	public ClienteView create(String nome, @Nullable String email, @Nullable String telefone,
			@Nullable String documento) {
		ClienteRequest request = new ClienteRequest(nome, email, telefone, documento, null);
		BeanChecks.check(this.validator, request);
		return ClienteView.of(ClienteResponse.from(this.clientes.create(request)));
	}

}
