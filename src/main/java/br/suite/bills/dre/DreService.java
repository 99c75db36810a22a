package br.suite.bills.dre;

import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;

import br.suite.bills.dre.DreSources.Basis;
import br.suite.bills.dre.DreSources.Entry;
import br.suite.shared.ClosedSet;
import br.suite.shared.InvalidRequest;

/**
 * The DRE gerencial and its drill-down: checks the parameters, gathers the entries of the
 * months ({@link DreSources}) and adds them up ({@link Dre}). Both read in one
 * repeatable-read snapshot, so a cell and its entries agree.
 */
@Service
class DreService {

	/** The most months one report covers. */
	static final int MAX_MONTHS = 24;

	private final JdbcClient jdbc;

	private final DreSources sources;

	DreService(JdbcClient jdbc, DreSources sources) {
		this.jdbc = jdbc;
		this.sources = sources;
	}

	/** A category of the chart with its code and name, on a DRE line. */
	record Chart(List<Dre.Category> categories, Map<Long, Dre.Category> byId, Map<String, Long> financial) {
	}

	/** An entry with its category's and cost centre's names. */
	record NamedEntry(Entry entry, Dre.Category category, @Nullable CostCentre costCentre) {
	}

	record CostCentre(long id, String code, String name) {
	}

	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	Dre.Report report(@Nullable String from, @Nullable String to, @Nullable String basis,
			@Nullable String costCentreId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		YearMonth first = month(from, "from", errors);
		YearMonth last = month(to, "to", errors);
		Basis chosen = basis(basis, errors);
		Long costCentre = costCentre(costCentreId, errors);
		if (first != null && last != null) {
			if (last.isBefore(first)) {
				errors.add("to", "must not be before from");
			}
			else if (first.plusMonths(MAX_MONTHS - 1).isBefore(last)) {
				errors.add("to", "must be at most " + MAX_MONTHS + " months from from (inclusive)");
			}
		}
		errors.throwIfAny();
		List<YearMonth> months = new ArrayList<>();
		for (YearMonth m = first; !m.isAfter(last); m = m.plusMonths(1)) {
			months.add(m);
		}
		Chart chart = chart();
		List<Dre.Cell> cells = new ArrayList<>();
		gather(first.atDay(1), last.atEndOfMonth(), chosen, true, chart, entry -> {
			if (costCentre == null || costCentre.equals(entry.costCentreId())) {
				cells.add(new Dre.Cell(entry.month(), entry.categoryId(), entry.amount()));
			}
		});
		return Dre.report(months, chart.categories(), cells);
	}

	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	List<NamedEntry> entries(@Nullable String month, @Nullable String line, @Nullable String categoryId,
			@Nullable String basis, @Nullable String costCentreId) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		YearMonth chosenMonth = month(month, "month", errors);
		Basis chosen = basis(basis, errors);
		Long costCentre = costCentre(costCentreId, errors);
		Chart chart = chart();
		Dre.Line chosenLine = null;
		Long category = null;
		if ((line == null || line.isBlank()) == (categoryId == null || categoryId.isBlank())) {
			errors.add("line", "give either line or category_id");
		}
		else if (line != null && !line.isBlank()) {
			chosenLine = line(line, errors);
		}
		else {
			category = id(categoryId, "category_id", errors);
			if (category != null && !chart.byId().containsKey(category)) {
				errors.add("category_id", "category " + category + " does not exist or never reaches the DRE"
						+ " (its dre_line is none)");
			}
		}
		errors.throwIfAny();
		Dre.Line wantedLine = chosenLine;
		Long wantedCategory = category;
		Map<Long, CostCentre> costCentres = costCentres();
		List<NamedEntry> entries = new ArrayList<>();
		gather(chosenMonth.atDay(1), chosenMonth.atEndOfMonth(), chosen, false, chart, entry -> {
			Dre.Category of = chart.byId().get(entry.categoryId());
			if (of != null && (costCentre == null || costCentre.equals(entry.costCentreId()))
					&& (wantedLine == null || of.line() == wantedLine)
					&& (wantedCategory == null || wantedCategory == of.id())) {
				entries.add(new NamedEntry(entry, of,
						entry.costCentreId() == null ? null : costCentres.get(entry.costCentreId())));
			}
		});
		entries.sort(Comparator.comparing((NamedEntry e) -> e.entry().date())
			.thenComparing(e -> e.entry().kind())
			.thenComparingLong(e -> e.entry().id())
			.thenComparing(e -> e.category().code()));
		return entries;
	}

	/**
	 * Every entry of the days {@code from} to {@code to} on the basis; {@code totals}
	 * lets the accrual basis's bills come summed by month, category and cost centre, and
	 * the payments without their descriptions (the report only adds entries up).
	 */
	private void gather(LocalDate from, LocalDate to, Basis basis, boolean totals, Chart chart, Consumer<Entry> sink) {
		if (basis == Basis.ACCRUAL) {
			if (totals) {
				this.sources.billTotals(from, to, sink);
			}
			else {
				this.sources.bills(from, to, sink);
			}
		}
		this.sources.payments(from, to, basis == Basis.CASH, !totals, chart.financial(), sink);
		this.sources.chargeMoney(from, to, basis == Basis.CASH, sink);
		this.sources.classified(from, to, sink);
	}

	private Chart chart() {
		List<Dre.Category> categories = new ArrayList<>();
		Map<String, Long> financial = new HashMap<>();
		this.jdbc
			.sql("SELECT id, code, name, dre_line FROM bills_category "
					+ "ORDER BY string_to_array(code, '.')::numeric[], id")
			.query((rs, n) -> {
				String code = rs.getString(2);
				if (code.equals(DreSources.INTEREST) || code.equals(DreSources.FINE)
						|| code.equals(DreSources.DISCOUNT)) {
					financial.put(code, rs.getLong(1));
				}
				Dre.Line line = Dre.Line.ofCategory(rs.getString(4));
				if (line != null) {
					categories.add(new Dre.Category(rs.getLong(1), code, rs.getString(3), line));
				}
				return 1;
			})
			.list();
		Map<Long, Dre.Category> byId = new HashMap<>();
		categories.forEach(c -> byId.put(c.id(), c));
		return new Chart(categories, byId, financial);
	}

	/** The cost centres a page offers to pick, by code. */
	@Transactional(readOnly = true)
	List<CostCentre> costCentreChoices() {
		return this.jdbc.sql("SELECT id, code, name FROM bills_cost_centre ORDER BY code, id")
			.query((rs, n) -> new CostCentre(rs.getLong(1), rs.getString(2), rs.getString(3)))
			.list();
	}

	/** A category's code and name as a page titles it; "" when it is not one. */
	@Transactional(readOnly = true)
	String categoryName(@Nullable String categoryId) {
		if (categoryId == null || !categoryId.strip().matches("\\d{1,18}")) {
			return "";
		}
		return this.jdbc.sql("SELECT code || ' ' || name FROM bills_category WHERE id = ?")
			.param(Long.parseLong(categoryId.strip()))
			.query(String.class)
			.optional()
			.orElse("");
	}

	private Map<Long, CostCentre> costCentres() {
		Map<Long, CostCentre> all = new HashMap<>();
		this.jdbc.sql("SELECT id, code, name FROM bills_cost_centre")
			.query((rs, n) -> all.put(rs.getLong(1), new CostCentre(rs.getLong(1), rs.getString(2), rs.getString(3))))
			.list();
		return all;
	}

	private static @Nullable YearMonth month(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		if (raw == null || raw.isBlank()) {
			errors.add(field, "is required (YYYY-MM)");
			return null;
		}
		if (!raw.matches("[0-9]{4}-[0-9]{2}")) {
			errors.add(field, "must be a month YYYY-MM (got \"" + raw + "\")");
			return null;
		}
		try {
			return YearMonth.parse(raw);
		}
		catch (DateTimeParseException e) {
			errors.add(field, "must be a month YYYY-MM (got \"" + raw + "\")");
			return null;
		}
	}

	private static Basis basis(@Nullable String raw, InvalidRequest.Builder errors) {
		if (raw == null || raw.isBlank()) {
			return Basis.ACCRUAL;
		}
		return Objects.requireNonNullElse(ClosedSet.parse(Basis.class, "basis", raw.strip(), errors), Basis.ACCRUAL);
	}

	private static Dre.@Nullable Line line(String raw, InvalidRequest.Builder errors) {
		StringBuilder allowed = new StringBuilder();
		for (Dre.Line line : Dre.Line.values()) {
			if (!line.subtotal()) {
				if (line.wire().equals(raw.strip())) {
					return line;
				}
				allowed.append(allowed.isEmpty() ? "" : ", ").append(line.wire());
			}
		}
		errors.add("line",
				"must be one of: " + allowed + " (a subtotal has no entries of its own; got \"" + raw + "\")");
		return null;
	}

	private @Nullable Long costCentre(@Nullable String raw, InvalidRequest.Builder errors) {
		if (raw == null || raw.isBlank()) {
			return null;
		}
		Long id = id(raw, "cost_centre_id", errors);
		if (id != null && this.jdbc.sql("SELECT count(*) FROM bills_cost_centre WHERE id = ?")
			.param(id)
			.query(Long.class)
			.single() == 0) {
			errors.add("cost_centre_id", "cost centre " + id + " does not exist");
			return null;
		}
		return id;
	}

	private static @Nullable Long id(@Nullable String raw, String field, InvalidRequest.Builder errors) {
		try {
			long id = Long.parseLong(Objects.requireNonNull(raw).strip());
			if (id > 0) {
				return id;
			}
		}
		catch (NumberFormatException e) {
			// refused below
		}
		errors.add(field, "must be a positive integer id (got \"" + raw + "\")");
		return null;
	}

}
