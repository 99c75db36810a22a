package br.suite.fins;

import java.util.HashMap;
import java.util.Map;

import org.springframework.stereotype.Component;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.customers.ClienteDesk;
import br.suite.customers.ClientePageSection;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Fins records in the pages: a customer's records and the form for a new one, as a
 * section of the customer's page ({@code fins-section.html}), and the overdue records of
 * all customers.
 */
@Controller
class FinsPages {

	private final FinsDesk fins;

	private final ClienteDesk clientes;

	FinsPages(FinsDesk fins, ClienteDesk clientes) {
		this.fins = fins;
		this.clientes = clientes;
	}

	/**
	 * A new record from the customer's page; back to that page, with the problems next to
	 * the fields when it is refused.
	 */
	@PostMapping("/app/customers/{id}/fins")
	@Requires("fins.records.change")
	String create(@PathVariable long id, @RequestParam(defaultValue = "") String titulo,
			@RequestParam(defaultValue = "") String descricao,
			@RequestParam(name = "data_limite", defaultValue = "") String dataLimite, RedirectAttributes redirect) {
		try {
			this.fins.create(id, titulo, descricao, FormInput.day("data_limite", dataLimite));
			redirect.addFlashAttribute("finsCreated", titulo.strip());
		}
		catch (ApiProblem problem) {
			FormErrors.show(redirect, problem);
			redirect.addFlashAttribute("titulo", titulo);
			redirect.addFlashAttribute("descricao", descricao);
			redirect.addFlashAttribute("dataLimite", dataLimite);
		}
		return "redirect:/app/customers/" + id + "/";
	}

	@GetMapping({ "/app/fins", "/app/fins/" })
	@Requires("fins.records.view")
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

	/** The customer's records on the customer's page, to who may see them. */
	@Component
	static class CustomerSection implements ClientePageSection {

		private final FinsDesk fins;

		CustomerSection(FinsDesk fins) {
			this.fins = fins;
		}

		@Override
		public String fragment() {
			return "fins-section :: section";
		}

		@Override
		public boolean addTo(Model model, long clienteId, int page) {
			PageModel.Me me = PageModel.current();
			if (me == null || !me.holds("fins.records.view")) {
				return false;
			}
			FinsDesk.FinsPage records = this.fins.list(clienteId, false, Pager.SIZE, Pager.offset(page));
			model.addAttribute("records", records.records());
			model.addAttribute("pager", Pager.of(page, records.total()));
			if (!model.containsAttribute("titulo")) {
				model.addAttribute("titulo", "");
				model.addAttribute("descricao", "");
				model.addAttribute("dataLimite", "");
			}
			return true;
		}

	}

	/** Overdue records. */
	@Component
	static class Tile implements DashboardTile {

		private final FinsDesk fins;

		Tile(FinsDesk fins) {
			this.fins = fins;
		}

		@Override
		public String permission() {
			return "fins.records.view";
		}

		@Override
		public Count count() {
			return new Count(30, "contagem-fins", this.fins.countOverdue(), "dashboard.finsOverdue", "/app/fins/");
		}

	}

}
