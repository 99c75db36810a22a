package br.suite.customers;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import jakarta.validation.Valid;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.Requires;
import br.suite.shared.lists.ListQuery;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Pager;

/**
 * Customers: search, list, create, edit, delete, and one customer's page with the
 * sections other modules add to it ({@link ClientePageSection}: fins' records).
 */
@Controller
class CustomerPages {

	private final ClienteService clientes;

	private final List<ClientePageSection> sections;

	CustomerPages(ClienteService clientes, List<ClientePageSection> sections) {
		this.clientes = clientes;
		this.sections = sections;
	}

	@GetMapping({ "/app/customers", "/app/customers/" })
	@Requires("customers.clientes.view")
	String list(@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("q", q);
		ListQuery.Page<ClienteResponse> page = this.clientes.list(new ClienteService.Filter(null, FormInput.blank(q)),
				Pager.paging(pagina));
		model.addAttribute("clientes", page.items());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "customers";
	}

	@GetMapping("/app/customers/new")
	@Requires("customers.clientes.change")
	String newCustomer(Model model) {
		return form(model, new ClienteRequest("", "", "", "", true));
	}

	/** The form binds the API's own request, so the page checks what the API checks. */
	@PostMapping("/app/customers/new")
	@Requires("customers.clientes.change")
	String create(@Valid ClienteRequest form, BindingResult binding, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, binding, () -> this.clientes.create(form), cliente -> {
			redirect.addFlashAttribute("created", cliente.nome);
			return "redirect:/app/customers/" + cliente.id() + "/";
		}, () -> form(model, form));
	}

	@GetMapping("/app/customers/{id}/edit")
	@Requires("customers.clientes.change")
	String edit(@PathVariable long id, Model model) {
		Cliente cliente = this.clientes.get(id);
		return edited(model, cliente, ClienteRequest.of(cliente), Objects.requireNonNull(cliente.version));
	}

	/**
	 * Replaces every field as {@code PUT /api/clientes/{id}/} does, at the version the
	 * form was read: a customer changed in between is refused instead of overwritten.
	 */
	@PostMapping("/app/customers/{id}/edit")
	@Requires("customers.clientes.change")
	String update(@PathVariable long id, @Valid ClienteRequest form, BindingResult binding,
			@RequestParam(defaultValue = "false") boolean ativo, @RequestParam(defaultValue = "0") long version,
			Model model, RedirectAttributes redirect) {
		// An unchecked box sends nothing, which the request reads as its default (true).
		ClienteRequest request = new ClienteRequest(form.nome(), form.email(), form.telefone(), form.documento(),
				ativo);
		return FormErrors.submit(model, binding,
				() -> this.clientes.update(id, current -> request, ExpectedVersion.of(version)), cliente -> {
					redirect.addFlashAttribute("updated", cliente.nome);
					return "redirect:/app/customers/" + id + "/";
				}, () -> edited(model, this.clientes.get(id), request, version));
	}

	/**
	 * Deletes after the page's confirmation; a customer other records refer to is refused
	 * (shown above).
	 */
	@PostMapping("/app/customers/{id}/delete")
	@Requires("customers.clientes.change")
	String delete(@PathVariable long id, Model model, RedirectAttributes redirect) {
		Cliente cliente = this.clientes.get(id);
		try {
			this.clientes.delete(id);
			redirect.addFlashAttribute("deleted", cliente.nome);
			return "redirect:/app/customers/";
		}
		catch (ApiProblem problem) {
			model.addAttribute("refused", FormErrors.describe(problem));
			return customer(id, 1, model);
		}
	}

	private static String edited(Model model, Cliente cliente, ClienteRequest form, long version) {
		model.addAttribute("cliente", ClienteResponse.from(cliente));
		model.addAttribute("ativo", Boolean.TRUE.equals(form.ativo()));
		model.addAttribute("version", version);
		return form(model, form);
	}

	private static String form(Model model, ClienteRequest form) {
		model.addAttribute("nome", form.nome() == null ? "" : form.nome());
		model.addAttribute("email", form.email());
		model.addAttribute("telefone", form.telefone());
		model.addAttribute("documento", form.documento());
		return "customer-form";
	}

	@GetMapping({ "/app/customers/{id}", "/app/customers/{id}/" })
	@Requires("customers.clientes.view")
	String customer(@PathVariable long id, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("cliente", ClienteResponse.from(this.clientes.get(id)));
		List<String> shown = new ArrayList<>();
		for (ClientePageSection section : this.sections) {
			if (section.addTo(model, id, pagina)) {
				shown.add(section.fragment());
			}
		}
		model.addAttribute("sections", shown);
		return "customer";
	}

}
