package br.suite.web;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.customers.ClienteDesk;
import br.suite.fins.FinsDesk;
import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;

/**
 * Customers (search, list, create) and their fins records (list, create), and the overdue
 * fins.
 */
@Controller
class CustomerPages {

	private final ClienteDesk clientes;

	private final FinsDesk fins;

	CustomerPages(ClienteDesk clientes, FinsDesk fins) {
		this.clientes = clientes;
		this.fins = fins;
	}

	@GetMapping({ "/app/customers", "/app/customers/" })
	String list(@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("q", q);
		ClienteDesk.ClientePage page = this.clientes.list(q.isBlank() ? null : q, Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("clientes", page.clientes());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "customers";
	}

	@GetMapping("/app/customers/new")
	String newCustomer(Model model) {
		return form(model, "", "", "", "");
	}

	@PostMapping("/app/customers/new")
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
	String edit(@PathVariable long id, Model model) {
		ClienteDesk.ClienteView cliente = this.clientes.get(id);
		model.addAttribute("cliente", cliente);
		model.addAttribute("ativo", cliente.ativo());
		model.addAttribute("version", cliente.version());
		return form(model, cliente.nome(), cliente.email(), cliente.telefone(), cliente.documento());
	}

	@PostMapping("/app/customers/{id}/edit")
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
	String customer(@PathVariable long id, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("cliente", this.clientes.get(id));
		PageModel.Me me = PageModel.current();
		if (me != null && me.holds("fins.records.view")) {
			FinsDesk.FinsPage page = this.fins.list(id, false, Pager.SIZE, Pager.offset(pagina));
			model.addAttribute("records", page.records());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		if (!model.containsAttribute("titulo")) {
			model.addAttribute("titulo", "");
			model.addAttribute("descricao", "");
			model.addAttribute("dataLimite", "");
		}
		return "customer";
	}

	@PostMapping("/app/customers/{id}/fins")
	String addFins(@PathVariable long id, @RequestParam(defaultValue = "") String titulo,
			@RequestParam(defaultValue = "") String descricao,
			@RequestParam(name = "data_limite", defaultValue = "") String dataLimite, Model model,
			RedirectAttributes redirect) {
		try {
			this.fins.create(id, titulo, descricao, day("data_limite", dataLimite));
			redirect.addFlashAttribute("finsCreated", titulo.strip());
			return "redirect:/app/customers/" + id + "/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("titulo", titulo);
			model.addAttribute("descricao", descricao);
			model.addAttribute("dataLimite", dataLimite);
			return customer(id, 1, model);
		}
	}

	@GetMapping({ "/app/fins", "/app/fins/" })
	String overdue(@RequestParam(defaultValue = "1") int pagina, Model model) {
		FinsDesk.FinsPage page = this.fins.list(null, true, Pager.SIZE, Pager.offset(pagina));
		Map<Long, String> names = new HashMap<>();
		PageModel.Me me = PageModel.current();
		if (me != null && me.holds("customers.clientes.view")) {
			page.records().forEach(r -> names.computeIfAbsent(r.cliente(), c -> this.clientes.get(c).nome()));
		}
		model.addAttribute("records", page.records());
		model.addAttribute("names", names);
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "fins-overdue";
	}

	static @Nullable LocalDate day(String field, String value) {
		if (value.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(value.strip(), TransactionPages.DAY);
		}
		catch (DateTimeParseException ex) {
			throw InvalidRequest.of(field, "Informe a data como dd/mm/aaaa.");
		}
	}

}
