package br.suite.bills.bill;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.bills.bill.BillListing.Tab;
import br.suite.bills.category.CategoryChecks;
import br.suite.bills.category.CategoryKind;
import br.suite.bills.costcentre.CostCentreChecks;
import br.suite.customers.ClienteDirectory;
import br.suite.customers.FornecedorDirectory;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Formats;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Contas a pagar and contas a receber: the installments of one tab (vencidas, vencem
 * hoje, próximos 7 dias, abertas, pagas) with the filters (supplier or customer,
 * category, cost centre, competence month, text), the totals of the whole list, a page at
 * a time; and the dashboard's counts of what is due today and overdue.
 */
@Controller
class BillListPages {

	static final String[] TABS = { "vencidas", "hoje", "semana", "abertas", "pagas" };

	private final BillListing listing;

	private final CategoryChecks categories;

	private final CostCentreChecks centres;

	private final FornecedorDirectory fornecedores;

	private final ClienteDirectory clientes;

	BillListPages(BillListing listing, CategoryChecks categories, CostCentreChecks centres,
			FornecedorDirectory fornecedores, ClienteDirectory clientes) {
		this.listing = listing;
		this.categories = categories;
		this.centres = centres;
		this.fornecedores = fornecedores;
		this.clientes = clientes;
	}

	@GetMapping({ "/app/payables", "/app/payables/" })
	@Requires("finance.bills.view")
	String payables(Chosen chosen, @RequestParam(defaultValue = "1") int pagina, Model model) {
		return list(BillDirection.PAYABLE, chosen, pagina, model);
	}

	@GetMapping({ "/app/receivables", "/app/receivables/" })
	@Requires("finance.bills.view")
	String receivables(Chosen chosen, @RequestParam(defaultValue = "1") int pagina, Model model) {
		return list(BillDirection.RECEIVABLE, chosen, pagina, model);
	}

	/**
	 * The filters as typed, kept in the form and in every tab's and page's link; the open
	 * installments' tab unless one is picked.
	 */
	record Chosen(String aba, String parte, String categoria, String centro, String competencia, String q) {

		Chosen {
			aba = aba == null ? "abertas" : aba;
			parte = parte == null ? "" : parte;
			categoria = categoria == null ? "" : categoria;
			centro = centro == null ? "" : centro;
			competencia = competencia == null ? "" : competencia;
			q = q == null ? "" : q;
		}

		Map<String, String> query(String tab) {
			return Map.of("aba", tab, "parte", this.parte, "categoria", this.categoria, "centro", this.centro,
					"competencia", this.competencia, "q", this.q);
		}

	}

	private String list(BillDirection direction, Chosen chosen, int pagina, Model model) {
		boolean payable = direction == BillDirection.PAYABLE;
		PageModel.Me me = PageModel.current();
		boolean names = me != null && me.holds(payable ? "customers.fornecedores.view" : "customers.clientes.view");
		Tab tab = Tab.of(chosen.aba());
		model.addAttribute("payable", payable);
		model.addAttribute("base", payable ? "/app/payables/" : "/app/receivables/");
		model.addAttribute("chosen", chosen);
		model.addAttribute("tab", tab.wire());
		model.addAttribute("tabs", TABS);
		model.addAttribute("parties",
				names ? payable ? this.fornecedores.choices(false) : this.clientes.choices(false) : Map.of());
		model.addAttribute("categories",
				this.categories.choices(payable ? CategoryKind.EXPENSE : CategoryKind.REVENUE, false));
		model.addAttribute("centres", this.centres.choices(false));
		model.addAttribute("rows", List.of());
		model.addAttribute("listing", null);
		model.addAttribute("pager", Pager.of(1, 0));
		return FormErrors.submit(model,
				() -> this.listing.list(
						new BillListing.Filter(direction, tab, id(chosen.parte(), "parte"),
								id(chosen.categoria(), "categoria"), id(chosen.centro(), "centro"),
								FormInput.month("competencia", chosen.competencia()), chosen.q()),
						Pager.SIZE, Pager.offset(pagina)),
				page -> {
					model.addAttribute("rows", page.rows());
					model.addAttribute("listing", page);
					model.addAttribute("pager", Pager.of(pagina, page.total()));
					List<Long> parties = page.rows()
						.stream()
						.map(BillListing.Row::partyId)
						.filter(java.util.Objects::nonNull)
						.toList();
					model.addAttribute("names", !names ? Map.of()
							: payable ? this.fornecedores.names(parties) : this.clientes.names(parties));
					return "bills";
				}, () -> {
					model.addAttribute("names", Map.of());
					return "bills";
				});
	}

	private static @Nullable Long id(String value, String field) {
		String text = value.strip();
		if (text.isEmpty()) {
			return null;
		}
		if (!text.matches("\\d{1,18}")) {
			throw InvalidRequest.of(field, "{form.choice}");
		}
		return Long.parseLong(text);
	}

	@Bean
	static DashboardTile payablesTodayTile(BillListing listing, Formats formats) {
		return dueTile(listing, formats, BillDirection.PAYABLE, Tab.HOJE, 60);
	}

	@Bean
	static DashboardTile payablesOverdueTile(BillListing listing, Formats formats) {
		return dueTile(listing, formats, BillDirection.PAYABLE, Tab.VENCIDAS, 61);
	}

	@Bean
	static DashboardTile receivablesTodayTile(BillListing listing, Formats formats) {
		return dueTile(listing, formats, BillDirection.RECEIVABLE, Tab.HOJE, 62);
	}

	@Bean
	static DashboardTile receivablesOverdueTile(BillListing listing, Formats formats) {
		return dueTile(listing, formats, BillDirection.RECEIVABLE, Tab.VENCIDAS, 63);
	}

	/** One of the dashboard's counts: the installments of a tab and their money open. */
	private static DashboardTile dueTile(BillListing listing, Formats formats, BillDirection direction, Tab tab,
			int order) {
		String list = direction == BillDirection.PAYABLE ? "payables" : "receivables";
		String which = list + "-" + tab.wire();
		return DashboardTile.of("finance.bills.view", () -> {
			BillListing.Due due = listing.due(direction, tab);
			return new DashboardTile.Count(order, "contagem-" + which, due.count(), "dashboard.bills." + which,
					List.of(formats.money(due.amount())), "/app/" + list + "/?aba=" + tab.wire());
		});
	}

}
