package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.UriComponentsBuilder;

import br.suite.bills.ReportTable;
import br.suite.shared.ApiProblem;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Formats;

/**
 * The cash flow page (fluxo de caixa): the period, grouping and accounts picked, the
 * chart ({@link CashFlowChart}), the table of the same numbers, the overdue money apart,
 * and the same table as CSV or XLSX ({@link ReportTable}); all from
 * {@link CashFlowService}, as the API answers. By default the month of today and the
 * next, by week, every account.
 */
@Controller
class CashFlowPages {

	private static final DateTimeFormatter SHORT_DAY = DateTimeFormatter.ofPattern("dd/MM");

	private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("MM/yyyy");

	private final CashFlowService cashFlow;

	private final MessageSource messages;

	private final Formats formats;

	CashFlowPages(CashFlowService cashFlow, MessageSource messages, Formats formats) {
		this.cashFlow = cashFlow;
		this.messages = messages;
		this.formats = formats;
	}

	/**
	 * What the page was asked, as typed (the API's names); blank dates take the defaults,
	 * and an account id that is not a number is left out.
	 */
	record Query(String from, String to, @BindParam("group_by") String groupBy,
			@BindParam("account_id") @Nullable List<String> accountIds) {

		Query {
			LocalDate today = LocalDate.now(DateTimes.BRAZIL);
			from = from == null || from.isBlank() ? FormInput.dayText(today.withDayOfMonth(1)) : from.strip();
			to = to == null || to.isBlank()
					? FormInput.dayText(today.plusMonths(1).withDayOfMonth(today.plusMonths(1).lengthOfMonth()))
					: to.strip();
			groupBy = groupBy == null || groupBy.isBlank() ? "week" : groupBy.strip();
			List<String> ids = new ArrayList<>();
			for (String id : accountIds == null ? List.<String>of() : accountIds) {
				if (id.strip().matches("\\d{1,18}")) {
					ids.add(id.strip());
				}
			}
			accountIds = List.copyOf(ids);
		}

		/** The accounts picked. */
		List<Long> accounts() {
			return Objects.requireNonNull(this.accountIds).stream().map(Long::parseLong).toList();
		}

		CashFlowService.Report run(CashFlowService cashFlow) {
			LocalDate start = FormInput.day("from", this.from);
			LocalDate end = FormInput.day("to", this.to);
			if (start != null && end != null && end.isBefore(start)) {
				throw InvalidRequest.of("to", "{cashFlow.toBeforeFrom}");
			}
			if (start != null && end != null && !end.isBefore(start.plusDays(CashFlowService.MAX_DAYS))) {
				throw InvalidRequest.of("to", "{cashFlow.tooLong}");
			}
			return cashFlow.report(start, end, this.groupBy, accounts());
		}

	}

	@GetMapping({ "/app/cash-flow", "/app/cash-flow/" })
	@Requires("finance.reports.view")
	String page(Query query, Model model) {
		model.addAttribute("from", query.from());
		model.addAttribute("to", query.to());
		model.addAttribute("groupBy", query.groupBy());
		model.addAttribute("chosen", query.accounts());
		model.addAttribute("accounts", this.cashFlow.accounts());
		return FormErrors.submit(model, () -> query.run(this.cashFlow), report -> {
			model.addAttribute("report", report);
			model.addAttribute("chart",
					CashFlowChart.svg(report.periods(),
							new CashFlowChart.Words(text("cashFlow.chartTitle"), text("cashFlow.chartDescription"),
									text("cashFlow.in"), text("cashFlow.out"), text("cashFlow.projectedPart"),
									text("cashFlow.closingProjected")),
							p -> label(p, query.groupBy()), amount -> this.formats.money(amount, amount.signum() < 0)));
			return "cash-flow";
		}, () -> "cash-flow");
	}

	@GetMapping({ "/app/cash-flow/export", "/app/cash-flow/export/" })
	@Requires("finance.reports.view")
	ResponseEntity<byte[]> export(@RequestParam(defaultValue = "csv") String format, Query query) {
		try {
			return table(query.run(this.cashFlow)).download("fluxo-de-caixa", format);
		}
		catch (ApiProblem problem) {
			// The page says what is wrong with the period, at its fields.
			return ResponseEntity.status(HttpStatus.SEE_OTHER)
				.location(UriComponentsBuilder.fromPath("/app/cash-flow/")
					.queryParam("from", query.from())
					.queryParam("to", query.to())
					.queryParam("group_by", query.groupBy())
					.queryParam("account_id", query.accounts())
					.encode()
					.build()
					.toUri())
				.build();
		}
	}

	/**
	 * The report as the export writes it: the opening balance, the periods, then the
	 * overdue money (receivables in the projected-in column, payables in the
	 * projected-out one).
	 */
	private ReportTable table(CashFlowService.Report report) {
		List<ReportTable.Line> rows = new ArrayList<>();
		rows.add(ReportTable.Line.of(true, text("cashFlow.opening"), null, null, null, null, null,
				report.openingBalance(), report.openingBalance()));
		for (CashFlow.Period p : report.periods()) {
			rows.add(ReportTable.Line.of(false, p.start(), p.end(), p.realised().in(), p.realised().out(),
					p.projected().in(), p.projected().out(), p.closingRealised(), p.closingProjected()));
		}
		rows.add(ReportTable.Line.of(true, text("cashFlow.overdueIn"), null, null, null, report.overdue().in(), null,
				null, null));
		rows.add(ReportTable.Line.of(true, text("cashFlow.overdueOut"), null, null, null, null, report.overdue().out(),
				null, null));
		return new ReportTable(text("cashFlow.title"),
				List.of(text("cashFlow.start"), text("cashFlow.end"), text("cashFlow.realisedIn"),
						text("cashFlow.realisedOut"), text("cashFlow.projectedIn"), text("cashFlow.projectedOut"),
						text("cashFlow.closingRealised"), text("cashFlow.closingProjected")),
				rows);
	}

	private static String label(CashFlow.Period period, String groupBy) {
		return "month".equals(groupBy) ? MONTH.format(period.start()) : SHORT_DAY.format(period.start());
	}

	private String text(String key) {
		return this.messages.getMessage(key, null, key, Formats.BRAZIL);
	}

	/**
	 * The projected balance 30 days from today, every account (overdue money apart, as on
	 * the page it opens).
	 */
	@Bean
	static DashboardTile projectedBalanceTile(CashFlowService cashFlow) {
		return DashboardTile.of("finance.reports.view", () -> {
			LocalDate today = LocalDate.now(DateTimes.BRAZIL);
			LocalDate end = today.plusDays(30);
			List<CashFlow.Period> periods = cashFlow.report(today, end, "month", null).periods();
			BigDecimal balance = periods.get(periods.size() - 1).closingProjected();
			return DashboardTile.Count.money(45, "saldo-projetado-30-dias", balance, "dashboard.projectedBalance30",
					"/app/cash-flow/?group_by=day&from=" + FormInput.dayText(today) + "&to=" + FormInput.dayText(end));
		});
	}

}
