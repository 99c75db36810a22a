package br.suite.customers;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.Pager;

/**
 * Customers: search, list, create, edit, delete, and one customer's page with the
 * sections other modules add to it ({@link ClientePageSection}: fins' records).
 */
@Controller
class CustomerPages {

	private final ClienteDesk clientes;

	private final List<ClientePageSection> sections;

	CustomerPages(ClienteDesk clientes, List<ClientePageSection> sections) {
		this.clientes = clientes;
		this.sections = sections;
	}

	@GetMapping({ "/app/customers", "/app/customers/" })
	@Requires("customers.clientes.view")
	String list(@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("q", q);
		ClienteDesk.ClientePage page = this.clientes.list(q.isBlank() ? null : q, Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("clientes", page.clientes());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "customers";
	}

	@GetMapping("/app/customers/new")
	@Requires("customers.clientes.change")
	String newCustomer(Model model) {
		return form(model, "", "", "", "");
	}

	@PostMapping("/app/customers/new")
	@Requires("customers.clientes.change")
	String create(@RequestParam(defaultValue = "") String nome, @RequestParam(defaultValue = "") String email,
			@RequestParam(defaultValue = "") String telefone, @RequestParam(defaultValue = "") String documento,
			Model model, RedirectAttributes redirect) {
		try {
			ClienteDesk.ClienteView cliente = this.clientes.create(nome, email, telefone, documento);
			redirect.addFlashAttribute("created", cliente.nome());
			return "redirect:/app/customers/" + cliente.id() + "/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return form(model, nome, email, telefone, documento);
		}
	}

	@GetMapping("/app/customers/{id}/edit")
	@Requires("customers.clientes.change")
	String edit(@PathVariable long id, Model model) {
		ClienteDesk.ClienteView cliente = this.clientes.get(id);
		model.addAttribute("cliente", cliente);
		model.addAttribute("ativo", cliente.ativo());
		model.addAttribute("version", cliente.version());
		return form(model, cliente.nome(), cliente.email(), cliente.telefone(), cliente.documento());
	}

	@PostMapping("/app/customers/{id}/edit")
	@Requires("customers.clientes.change")
	String update(@PathVariable long id, @RequestParam(defaultValue = "") String nome,
			@RequestParam(defaultValue = "") String email, @RequestParam(defaultValue = "") String telefone,
			@RequestParam(defaultValue = "") String documento, @RequestParam(defaultValue = "false") boolean ativo,
			@RequestParam(defaultValue = "0") long version, Model model, RedirectAttributes redirect) {
		try {
			ClienteDesk.ClienteView cliente = this.clientes.update(id, nome, email, telefone, documento, ativo,
					version);
			redirect.addFlashAttribute("updated", cliente.nome());
			return "redirect:/app/customers/" + id + "/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("cliente", this.clientes.get(id));
			model.addAttribute("ativo", ativo);
			model.addAttribute("version", version);
			return form(model, nome, email, telefone, documento);
		}
	}

	/**
	 * Deletes after the page's confirmation; a customer other records refer to is refused
	 * (shown above).
	 */
	@PostMapping("/app/customers/{id}/delete")
	@Requires("customers.clientes.change")
	String delete(@PathVariable long id, Model model, RedirectAttributes redirect) {
		ClienteDesk.ClienteView cliente = this.clientes.get(id);
		try {
			this.clientes.delete(id);
			redirect.addFlashAttribute("deleted", cliente.nome());
			return "redirect:/app/customers/";
		}
		catch (ApiProblem problem) {
			model.addAttribute("refused", problem.getMessage());
			return customer(id, 1, model);
		}
	}

	private static String form(Model model, String nome, String email, String telefone, String documento) {
		model.addAttribute("nome", nome);
		model.addAttribute("email", email);
		model.addAttribute("telefone", telefone);
		model.addAttribute("documento", documento);
		return "customer-form";
	}

	@GetMapping({ "/app/customers/{id}", "/app/customers/{id}/" })
	@Requires("customers.clientes.view")
	String customer(@PathVariable long id, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("cliente", this.clientes.get(id));
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
