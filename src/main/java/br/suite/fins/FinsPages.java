package br.suite.fins;

import java.time.LocalDate;
import java.util.Map;

import jakarta.validation.Valid;

import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.customers.ClienteDirectory;
import br.suite.customers.ClientePageSection;
import br.suite.shared.ApiProblem;
import br.suite.shared.DateTimes;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
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

	private final FinsRecordService fins;

	private final ClienteDirectory clientes;

	FinsPages(FinsRecordService fins, ClienteDirectory clientes) {
		this.fins = fins;
		this.clientes = clientes;
	}

	/**
	 * A new record from the customer's page, bound to the API's own request (the path
	 * names its {@code cliente}); back to that page, with the problems next to the fields
	 * when it is refused.
	 */
	@PostMapping("/app/customers/{cliente}/fins")
	@Requires("fins.records.change")
	String create(@PathVariable long cliente, @Valid FinsRecordRequest form, BindingResult binding,
			@RequestParam(name = "data_limite", defaultValue = "") String dataLimite, RedirectAttributes redirect) {
		if (binding.hasErrors()) {
			FormErrors.show(redirect, binding);
			return again(redirect, cliente, form, dataLimite);
		}
		try {
			this.fins.create(new FinsRecordRequest(cliente, form.titulo(), form.descricao(),
					FormInput.day("data_limite", dataLimite), null));
		}
		catch (ApiProblem problem) {
			FormErrors.show(redirect, problem);
			return again(redirect, cliente, form, dataLimite);
		}
		redirect.addFlashAttribute("finsCreated", form.titulo());
		return "redirect:/app/customers/" + cliente + "/";
	}

	private static String again(RedirectAttributes redirect, long cliente, FinsRecordRequest form, String dataLimite) {
		redirect.addFlashAttribute("titulo", form.titulo() == null ? "" : form.titulo());
		redirect.addFlashAttribute("descricao", form.descricao());
		redirect.addFlashAttribute("dataLimite", dataLimite);
		return "redirect:/app/customers/" + cliente + "/";
	}

	@GetMapping({ "/app/fins", "/app/fins/" })
	@Requires("fins.records.view")
	String overdue(@RequestParam(defaultValue = "1") int pagina, Model model) {
		ListQuery.Page<FinsRecordResponse> page = this.fins.list(FinsRecordService.Filter.overdue(null),
				Pager.paging(pagina));
		PageModel.Me me = PageModel.current();
		boolean names = me != null && me.holds("customers.clientes.view");
		model.addAttribute("records", page.items().stream().map(FinsView::of).toList());
		model.addAttribute("names", names
				? this.clientes.names(page.items().stream().map(FinsRecordResponse::cliente).toList()) : Map.of());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "fins-overdue";
	}

	/**
	 * A record as the pages show it: overdue when open past its deadline (São Paulo's
	 * today).
	 */
	record FinsView(long id, long cliente, String titulo, String descricao, @Nullable LocalDate dataLimite,
			boolean concluido, boolean overdue) {

		static FinsView of(FinsRecordResponse r) {
			LocalDate today = LocalDate.now(DateTimes.BRAZIL);
			return new FinsView(r.id(), r.cliente(), r.titulo(), r.descricao(), r.dataLimite(), r.concluido(),
					!r.concluido() && r.dataLimite() != null && r.dataLimite().isBefore(today));
		}

	}

	/** The customer's records on the customer's page, to who may see them. */
	@Component
	static class CustomerSection implements ClientePageSection {

		private final FinsRecordService fins;

		CustomerSection(FinsRecordService fins) {
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
			ListQuery.Page<FinsRecordResponse> records = this.fins
				.list(new FinsRecordService.Filter(clienteId, null, null, null, null), Pager.paging(page));
			model.addAttribute("records", records.items().stream().map(FinsView::of).toList());
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
	@Bean
	static DashboardTile finsOverdueTile(FinsRecordService fins) {
		return DashboardTile.of("fins.records.view",
				() -> new DashboardTile.Count(30, "contagem-fins",
						fins.list(FinsRecordService.Filter.overdue(null), new Paging(1, 0)).total(),
						"dashboard.finsOverdue", "/app/fins/"));
	}

}
