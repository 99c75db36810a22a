package br.suite.bills.dre;

import java.math.BigDecimal;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
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
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Formats;

/**
 * The DRE gerencial page (issue 42 item 5): the months picked as columns, every line with
 * its categories below it as rows, subtotals bold, each cell with money a link to the
 * entries that make it ({@code /app/dre/entries}), the basis (competência or caixa) and
 * cost centre picked; the same table as CSV or XLSX ({@link ReportTable}). All from
 * {@link DreService}, as the API answers. By default January to the month of today, on
 * the accrual basis, every cost centre.
 */
@Controller
class DrePages {

	private final DreService dre;

	private final MessageSource messages;

	DrePages(DreService dre, MessageSource messages) {
		this.dre = dre;
		this.messages = messages;
	}

	/**
	 * One row of the table: a line of the DRE (bold when a subtotal) or a category under
	 * its line; {@code line} is the line's wire name (a subtotal's cells link nowhere: it
	 * has no entries of its own), {@code categoryId} a category's.
	 */
	record TableRow(String label, String code, boolean subtotal, String line, @Nullable Long categoryId,
			List<BigDecimal> values, BigDecimal total) {

		public boolean category() {
			return this.categoryId != null;
		}

		/**
		 * The id of a cell: {@code celula-<line>-<i>} or {@code celula-c<category>-<i>}.
		 */
		public String cellId(int month) {
			return "celula-" + (this.categoryId != null ? "c" + this.categoryId : this.line) + "-" + month;
		}

	}

	/**
	 * What the page was asked, as typed (the API's names); blank months take the
	 * defaults: January to the month of today, on the accrual basis.
	 */
	record Query(String from, String to, String basis, @BindParam("cost_centre_id") String costCentre) {

		Query {
			YearMonth now = YearMonth.now(DateTimes.BRAZIL);
			from = from == null || from.isBlank() ? FormInput.monthText(now.withMonth(1)) : from.strip();
			to = to == null || to.isBlank() ? FormInput.monthText(now) : to.strip();
			basis = DrePages.basis(basis);
			costCentre = costCentre == null ? "" : costCentre.strip();
		}

		Dre.Report run(DreService dre) {
			InvalidRequest.Builder errors = InvalidRequest.builder();
			YearMonth first = month("from", this.from, errors);
			YearMonth last = month("to", this.to, errors);
			errors.throwIfAny();
			if (last.isBefore(first)) {
				throw InvalidRequest.of("to", "{dre.toBeforeFrom}");
			}
			if (first.plusMonths(DreService.MAX_MONTHS - 1).isBefore(last)) {
				throw InvalidRequest.of("to", "{dre.tooLong}");
			}
			return dre.report(first.toString(), last.toString(), this.basis, this.costCentre);
		}

		private static @Nullable YearMonth month(String field, String text, InvalidRequest.Builder errors) {
			try {
				return FormInput.month(field, text);
			}
			catch (InvalidRequest ex) {
				errors.add(field, "{form.month}");
				return null;
			}
		}

	}

	@GetMapping({ "/app/dre", "/app/dre/" })
	@Requires("finance.reports.view")
	String page(Query query, Model model) {
		model.addAttribute("from", query.from());
		model.addAttribute("to", query.to());
		model.addAttribute("basis", query.basis());
		model.addAttribute("costCentre", query.costCentre());
		model.addAttribute("costCentres", this.dre.costCentreChoices());
		return FormErrors.submit(model, () -> query.run(this.dre), report -> {
			model.addAttribute("months", report.months());
			model.addAttribute("rows", rows(report));
			return "dre";
		}, () -> "dre");
	}

	@GetMapping({ "/app/dre/export", "/app/dre/export/" })
	@Requires("finance.reports.view")
	ResponseEntity<byte[]> export(@RequestParam(defaultValue = "csv") String format, Query query) {
		try {
			return table(query.run(this.dre)).download("dre", format);
		}
		catch (ApiProblem problem) {
			// The page says what is wrong, at its fields.
			return ResponseEntity.status(HttpStatus.SEE_OTHER)
				.location(UriComponentsBuilder.fromPath("/app/dre/")
					.queryParam("from", query.from())
					.queryParam("to", query.to())
					.queryParam("basis", query.basis())
					.queryParam("cost_centre_id", query.costCentre())
					.encode()
					.build()
					.toUri())
				.build();
		}
	}

	/**
	 * The cell whose entries are asked, as typed (the API's names): a month, and a line
	 * or a category; on the accrual basis unless picked.
	 */
	record Cell(String month, String line, @BindParam("category_id") String categoryId, String basis,
			@BindParam("cost_centre_id") String costCentre) {

		Cell {
			month = month == null ? "" : month.strip();
			line = line == null ? "" : line;
			categoryId = categoryId == null ? "" : categoryId;
			basis = DrePages.basis(basis);
			costCentre = costCentre == null ? "" : costCentre.strip();
		}

	}

	/** A cell's entries, their sum, and what the page calls the line or category. */
	private record Entries(List<DreService.NamedEntry> entries, BigDecimal total, String what) {
	}

	@GetMapping({ "/app/dre/entries", "/app/dre/entries/" })
	@Requires("finance.reports.view")
	String entries(Cell cell, Model model) {
		model.addAttribute("month", cell.month());
		model.addAttribute("basis", cell.basis());
		model.addAttribute("costCentre", cell.costCentre());
		model.addAttribute("costCentreName",
				this.dre.costCentreChoices()
					.stream()
					.filter(c -> String.valueOf(c.id()).equals(cell.costCentre()))
					.map(c -> c.code() + " " + c.name())
					.findFirst()
					.orElse(""));
		String label = lineLabel(cell.line());
		model.addAttribute("what", label);
		return FormErrors.submit(model, () -> {
			List<DreService.NamedEntry> entries = this.dre.entries(cell.month(), cell.line(), cell.categoryId(),
					cell.basis(), cell.costCentre());
			BigDecimal total = BigDecimal.ZERO.setScale(2);
			for (DreService.NamedEntry entry : entries) {
				total = total.add(entry.entry().amount());
			}
			String what = label;
			if (what.isEmpty() && !entries.isEmpty()) {
				what = entries.get(0).category().code() + " " + entries.get(0).category().name();
			}
			else if (what.isEmpty()) {
				what = this.dre.categoryName(cell.categoryId());
			}
			return new Entries(entries, total, what);
		}, found -> {
			model.addAttribute("entries", found.entries());
			model.addAttribute("total", found.total());
			model.addAttribute("what", found.what());
			return "dre-entries";
		}, () -> "dre-entries");
	}

	/** What the page calls a line of the DRE given by its wire name; blank for none. */
	private static String lineLabel(String wire) {
		for (Dre.Line each : Dre.Line.values()) {
			if (each.wire().equals(wire.strip())) {
				return each.label;
			}
		}
		return "";
	}

	/** The basis picked, accrual when none. */
	private static String basis(@Nullable String typed) {
		return typed == null || typed.isBlank() ? "accrual" : typed.strip();
	}

	/** The lines in order, each followed by its categories (none under a subtotal). */
	static List<TableRow> rows(Dre.Report report) {
		List<TableRow> rows = new ArrayList<>();
		for (Dre.Row line : report.lines()) {
			boolean subtotal = line.line().subtotal();
			rows.add(new TableRow(line.line().label, "", subtotal, line.line().wire(), null, line.values(),
					line.total()));
			for (Dre.CategoryRow category : report.categories()) {
				if (category.category().line() == line.line()) {
					rows.add(new TableRow(category.category().name(), category.category().code(), false,
							line.line().wire(), category.category().id(), category.values(), category.total()));
				}
			}
		}
		return rows;
	}

	/**
	 * The table as the export writes it: the line or category, its code, one column per
	 * month and the total; lines bold, as subtotals are on the page.
	 */
	private ReportTable table(Dre.Report report) {
		List<String> headers = new ArrayList<>(List.of(text("dre.row"), text("dre.code")));
		for (YearMonth month : report.months()) {
			headers.add(FormInput.monthText(month));
		}
		headers.add(text("dre.total"));
		List<ReportTable.Line> lines = new ArrayList<>();
		for (TableRow row : rows(report)) {
			List<@Nullable Object> cells = new ArrayList<>();
			cells.add(row.label());
			cells.add(row.code().isEmpty() ? null : row.code());
			cells.addAll(row.values());
			cells.add(row.total());
			lines.add(new ReportTable.Line(cells, row.subtotal()));
		}
		return new ReportTable(text("dre.sheet"), headers, lines);
	}

	private String text(String key) {
		return this.messages.getMessage(key, null, key, Formats.BRAZIL);
	}

}
