package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.bills.bill.InstallmentPlan.Planned;
import br.suite.bills.category.CategoryChecks;
import br.suite.bills.category.CategoryKind;
import br.suite.bills.costcentre.CostCentreChecks;
import br.suite.customers.ClienteDirectory;
import br.suite.customers.FornecedorDirectory;
import br.suite.shared.ApiProblem;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.shared.Versioned;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.PageModel;

/**
 * A bill's page (its installments, splits and payments; cancel while nothing is paid) and
 * the new bill form with "parcelar em N vezes" and the preview of its installments,
 * computed by {@link InstallmentPlan} through the API's own reading of the plan
 * ({@code POST /app/bills/preview}, a fragment htmx swaps in, or the whole form again
 * without JavaScript).
 */
@Controller
class BillPages {

	static final String[] CHARGE_KINDS = { "boleto", "pix", "card", "transfer", "other" };

	private final BillService bills;

	private final InstallmentPayments payments;

	private final CategoryChecks categories;

	private final CostCentreChecks centres;

	private final FornecedorDirectory fornecedores;

	private final ClienteDirectory clientes;

	BillPages(BillService bills, InstallmentPayments payments, CategoryChecks categories, CostCentreChecks centres,
			FornecedorDirectory fornecedores, ClienteDirectory clientes) {
		this.bills = bills;
		this.payments = payments;
		this.categories = categories;
		this.centres = centres;
		this.fornecedores = fornecedores;
		this.clientes = clientes;
	}

	@GetMapping("/app/payables/new")
	@Requires("finance.bills.change")
	String newPayable(Model model) {
		return form(model, BillDirection.PAYABLE, BillForm.empty(LocalDate.now(DateTimes.BRAZIL)), 0);
	}

	@GetMapping("/app/receivables/new")
	@Requires("finance.bills.change")
	String newReceivable(Model model) {
		return form(model, BillDirection.RECEIVABLE, BillForm.empty(LocalDate.now(DateTimes.BRAZIL)), 0);
	}

	@PostMapping("/app/payables/new")
	@Requires("finance.bills.change")
	String createPayable(BillForm form, @RequestParam(defaultValue = "") String acao,
			@RequestParam(defaultValue = "") String linhas, Model model, RedirectAttributes redirect) {
		return create(BillDirection.PAYABLE, form, acao, linhas, model, redirect);
	}

	@PostMapping("/app/receivables/new")
	@Requires("finance.bills.change")
	String createReceivable(BillForm form, @RequestParam(defaultValue = "") String acao,
			@RequestParam(defaultValue = "") String linhas, Model model, RedirectAttributes redirect) {
		return create(BillDirection.RECEIVABLE, form, acao, linhas, model, redirect);
	}

	/**
	 * The installments the form would make, as a fragment: the same reading and
	 * arithmetic as the API's ({@link BillJson#installments}, {@link InstallmentPlan}).
	 */
	@PostMapping("/app/bills/preview")
	@Requires("finance.bills.change")
	String preview(BillForm form, Model model) {
		preview(model, form);
		return "bill-form :: previa";
	}

	/**
	 * Saves the form, or shows it again: with the preview ({@code acao=previa}), with one
	 * more row of the rateio ({@code acao=mais-linhas}), or with the refusal at its
	 * fields (a rateio that does not add up also shows what its rows sum to).
	 */
	private String create(BillDirection direction, BillForm form, String acao, String linhas, Model model,
			RedirectAttributes redirect) {
		int shown = linhas.matches("\\d{1,2}") ? Integer.parseInt(linhas) : 0;
		if (acao.equals("previa") || acao.equals("mais-linhas")) {
			preview(model, form);
			return form(model, direction, form, acao.equals("mais-linhas") ? shown + 1 : shown);
		}
		return FormErrors.submit(model, () -> this.bills.create(form.request(direction)), created -> {
			redirect.addFlashAttribute("created", created.body().description());
			return "redirect:/app/bills/" + created.body().id() + "/";
		}, () -> {
			preview(model, form);
			if (model.getAttribute("errors") instanceof Map<?, ?> errors && errors.containsKey("splits")) {
				try {
					BigDecimal sum = form.rowsSum();
					BigDecimal total = FormInput.money("total", form.total());
					if (sum != null && total != null && sum.compareTo(total) != 0) {
						model.addAttribute("rateioSoma", sum);
						model.addAttribute("rateioTotal", total);
					}
				}
				catch (InvalidRequest unreadable) {
					// The total's own error is shown at its field.
				}
			}
			return form(model, direction, form, shown);
		});
	}

	private static void preview(Model model, BillForm form) {
		try {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			BigDecimal total = FormInput.money("total", form.total());
			List<Planned> plan = total == null || total.signum() <= 0 ? List.of()
					: BillJson.installments(form.installments(), total, errors);
			model.addAttribute("plan", errors.has("installments.count") || errors.has("installments.first_due_date")
					|| errors.has("installments") ? List.of() : plan);
		}
		catch (InvalidRequest refused) {
			model.addAttribute("plan", List.of());
		}
	}

	/**
	 * The form: its rateio shows the rows filled in and at least one blank (two rows at
	 * first), or {@code shown} rows when more were asked for.
	 */
	private String form(Model model, BillDirection direction, BillForm form, int shown) {
		boolean payable = direction == BillDirection.PAYABLE;
		List<BillForm.SplitRow> rows = form.rows(Math.max(Math.max(2, form.rows().size() + 1), shown));
		model.addAttribute("rows", rows);
		PageModel.Me me = PageModel.current();
		boolean names = me != null && me.holds(payable ? "customers.fornecedores.view" : "customers.clientes.view");
		model.addAttribute("form", form);
		model.addAttribute("payable", payable);
		model.addAttribute("base", payable ? "/app/payables/" : "/app/receivables/");
		model.addAttribute("parties",
				!names ? Map.of() : payable ? this.fornecedores.choices(true) : this.clientes.choices(true));
		model.addAttribute("categories",
				this.categories.choices(payable ? CategoryKind.EXPENSE : CategoryKind.REVENUE, true));
		model.addAttribute("centres", this.centres.choices(true));
		model.addAttribute("chargeKinds", CHARGE_KINDS);
		if (!model.containsAttribute("plan")) {
			model.addAttribute("plan", List.of());
		}
		return "bill-form";
	}

	@GetMapping({ "/app/bills/{id}", "/app/bills/{id}/" })
	@Requires("finance.bills.view")
	String bill(@PathVariable long id, Model model) {
		Versioned<BillResponse> read = this.bills.get(id);
		BillResponse bill = read.body();
		boolean payable = bill.direction().equals(ClosedSet.wire(BillDirection.PAYABLE));
		PageModel.Me me = PageModel.current();
		String party = null;
		if (me != null && payable && me.holds("customers.fornecedores.view") && bill.fornecedorId() != null) {
			party = this.fornecedores.names(List.of(bill.fornecedorId())).get(bill.fornecedorId());
		}
		else if (me != null && !payable && me.holds("customers.clientes.view") && bill.clienteId() != null) {
			party = this.clientes.names(List.of(bill.clienteId())).get(bill.clienteId());
		}
		model.addAttribute("bill", bill);
		model.addAttribute("version", read.version());
		model.addAttribute("competence", java.time.YearMonth.from(bill.competenceDate()));
		model.addAttribute("payable", payable);
		model.addAttribute("party", party);
		model.addAttribute("partyId", payable ? bill.fornecedorId() : bill.clienteId());
		model.addAttribute("categoryNames",
				this.categories.choices(null, false)
					.stream()
					.collect(Collectors.toMap(CategoryChecks.Choice::id, CategoryChecks.Choice::label)));
		model.addAttribute("centreNames",
				this.centres.choices(false)
					.stream()
					.collect(Collectors.toMap(CostCentreChecks.Choice::id, CostCentreChecks.Choice::label)));
		Map<Integer, List<InstallmentPayments.Paid>> paid = new LinkedHashMap<>();
		for (InstallmentPayments.Paid payment : this.payments.of(id)) {
			paid.computeIfAbsent(payment.number(), n -> new java.util.ArrayList<>()).add(payment);
		}
		model.addAttribute("paymentsByNumber", paid);
		model.addAttribute("payments", paid.values().stream().flatMap(List::stream).toList());
		model.addAttribute("cancelled", bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED)));
		return "bill";
	}

	/**
	 * Cancels after the page's confirmation; the service refuses a bill with payments.
	 */
	@PostMapping("/app/bills/{id}/cancel")
	@Requires("finance.bills.change")
	String cancel(@PathVariable long id, @RequestParam(defaultValue = "0") long version, Model model,
			RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.bills.cancel(id, ExpectedVersion.of(version)), cancelled -> {
			redirect.addFlashAttribute("cancelledNow", true);
			return "redirect:/app/bills/" + id + "/";
		}, () -> bill(id, model));
	}

}
