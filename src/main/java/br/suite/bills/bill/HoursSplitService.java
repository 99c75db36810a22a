package br.suite.bills.bill;

import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.AccessDirectory;
import br.suite.audit.AuditLog;
import br.suite.bills.bill.BillDrafts.Split;
import br.suite.bills.bill.BillProblems.BillCancelled;
import br.suite.bills.bill.BillProblems.BillFullyPaid;
import br.suite.bills.bill.BillProblems.HoursMonthOpen;
import br.suite.bills.bill.BillProblems.NoWorkedMinutes;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;
import br.suite.shared.Versioned;
import br.suite.timeclock.ClosedMonthHours;

/**
 * {@code POST /api/finance/bills/{id}/split-by-hours/} (issue 42 item 4): replaces a
 * bill's splits by cost centre in proportion to the worked minutes of a closed month, as
 * the time clock froze them ({@link ClosedMonthHours}, timeclock's API), grouped by each
 * employee's {@code cost_centre_id} ({@link AccessDirectory#costCentresOf}); the
 * arithmetic is {@link HoursSplit}'s. Everything is checked before anything is written:
 * the month, the bill and its version, its status, the closings.
 */
@Service
class HoursSplitService {

	/** The name of the split of the employees without a cost centre. */
	static final String NO_CENTRE = "sem centro de custo";

	private final BillService bills;

	private final BillRepository rows;

	private final ClosedMonthHours hours;

	private final AccessDirectory users;

	private final AuditLog audit;

	private final JdbcClient jdbc;

	HoursSplitService(BillService bills, BillRepository rows, ClosedMonthHours hours, AccessDirectory users,
			AuditLog audit, JdbcClient jdbc) {
		this.bills = bills;
		this.rows = rows;
		this.hours = hours;
		this.users = users;
		this.audit = audit;
		this.jdbc = jdbc;
	}

	@Transactional
	Versioned<HoursSplitResponse> split(long id, @Nullable String month, ExpectedVersion expected) {
		YearMonth chosen = month(month);
		Versioned<BillResponse> current = this.bills.find(id, true);
		expected.check(current.version());
		BillResponse bill = current.body();
		if (bill.status().equals(ClosedSet.wire(BillStatus.CANCELLED))) {
			throw new BillCancelled(id);
		}
		if (bill.status().equals(ClosedSet.wire(BillStatus.PAID))) {
			throw new BillFullyPaid(id);
		}
		ClosedMonthHours.Month figures = this.hours.of(chosen);
		if (!figures.closedEverywhere()) {
			throw new HoursMonthOpen(chosen, figures.openEstablishments());
		}
		Map<Long, Long> minutes = new HashMap<>();
		for (ClosedMonthHours.EmployeeMinutes employee : figures.employees()) {
			minutes.merge(employee.employeeId(), employee.workedMinutes(), Long::sum);
		}
		Map<Long, @Nullable Long> centres = this.users.costCentresOf(minutes.keySet());
		List<HoursSplit.Centre> byCentre = HoursSplit.centres(minutes, centres);
		if (byCentre.isEmpty()) {
			throw new NoWorkedMinutes(chosen);
		}
		Map<@Nullable Long, Long> employees = new HashMap<>();
		minutes.forEach((employee, worked) -> {
			if (worked > 0) {
				employees.merge(centres.get(employee), 1L, Long::sum);
			}
		});
		List<Split> before = bill.splits()
			.stream()
			.map(s -> new Split(s.categoryId(), s.costCentreId(), s.amount()))
			.toList();
		HoursSplit.Result result = HoursSplit.split(before, byCentre);
		this.rows.replaceSplits(id, result.splits());
		this.rows.touch(id);
		Versioned<BillResponse> updated = this.bills.find(id, false);
		this.audit
			.record("finance.bill.split_by_hours", "bill", id,
					AuditLog.Changes.of()
						.put("splits", audited(before), audited(result.splits()))
						.created("month", chosen.toString())
						.created("minutes", result.shares()
							.stream()
							.map(s -> (s.costCentreId() == null ? "none" : s.costCentreId()) + ": " + s.minutes())
							.collect(Collectors.joining("; "))));
		Map<Long, String[]> names = names();
		List<HoursSplitResponse.CentreResponse> lines = result.shares().stream().map(share -> {
			String[] name = share.costCentreId() == null ? null : names.get(share.costCentreId());
			return new HoursSplitResponse.CentreResponse(share.costCentreId(), name == null ? null : name[0],
					name == null ? NO_CENTRE : name[1], employees.getOrDefault(share.costCentreId(), 0L),
					share.minutes(), share.amount());
		}).toList();
		return new Versioned<>(new HoursSplitResponse(id, chosen.toString(), result.totalMinutes(),
				updated.body().total(), lines, updated.body()), updated.version());
	}

	/** The month of the body ({@code YYYY-MM}) or a 400 naming {@code month}. */
	static YearMonth month(@Nullable String raw) {
		if (raw == null || raw.isBlank()) {
			throw InvalidRequest.of("month", "is required (YYYY-MM)");
		}
		try {
			if (raw.strip().matches("[0-9]{4}-[0-9]{2}")) {
				return YearMonth.parse(raw.strip());
			}
		}
		catch (DateTimeParseException ex) {
			// refused below
		}
		throw InvalidRequest.of("month", "must be a month YYYY-MM (got \"" + raw + "\")");
	}

	private Map<Long, String[]> names() {
		Map<Long, String[]> names = new HashMap<>();
		this.jdbc.sql("SELECT id, code, name FROM bills_cost_centre")
			.query((rs, n) -> names.put(rs.getLong("id"), new String[] { rs.getString("code"), rs.getString("name") }))
			.list();
		return names;
	}

	private static String audited(List<Split> splits) {
		return splits.stream()
			.map(s -> s.categoryId() + (s.costCentreId() == null ? "" : "/" + s.costCentreId()) + ": "
					+ Money.format(s.amount()))
			.collect(Collectors.joining("; "));
	}

}
