package br.suite.bills;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;

import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.shared.DailyReminder;
import br.suite.shared.DateTimes;

import static br.suite.bills.Bills.installment;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An installment overdue: the daily job, once per installment and due date (a bill
 * created and paid are delivered as webhooks: webhooks.BillWebhookApiTests).
 */
@RecordApplicationEvents
class BillEventsApiTests extends ApiTest {

	@Autowired
	ApplicationEvents events;

	@Autowired
	List<DailyReminder> reminders;

	Bills bills;

	@BeforeEach
	void fixtures() {
		this.bills = new Bills(this.api);
	}

	long payable(List<Map<String, Object>> installments, String total) {
		Response created = this.api.post("/api/finance/bills/",
				json("direction", "payable", "fornecedor_id", this.bills.fornecedor(), "description", "Aluguel",
						"document_number", "NF 12", "competence_date", "2027-03-01", "category_id",
						this.bills.category("4.4"), "total", total, "installments", installments));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	DailyReminder overdue() {
		return this.reminders.stream()
			.filter(r -> r.getClass().getSimpleName().startsWith("OverdueInstallments"))
			.findFirst()
			.orElseThrow();
	}

	@Test
	void anOpenInstallmentPastItsDueDateIsAnnouncedOncePerDueDate() {
		LocalDate today = LocalDate.now(DateTimes.BRAZIL).plusYears(5);
		long bill = payable(
				List.of(installment(today.minusDays(3).toString(), "60.00"),
						installment(today.minusDays(1).toString(), "40.00"), installment(today.toString(), "10.00")),
				"110.00");
		long cancelled = payable(List.of(installment(today.minusDays(3).toString(), "5.00")), "5.00");
		assertThat(this.api.post("/api/finance/bills/" + cancelled + "/cancel/", "{}").status()).isEqualTo(200);
		// Installment 2 paid in part still has money open; installment 1 fully paid has
		// none.
		String payments = "/api/finance/bills/" + bill + "/installments/";
		this.api.post(payments + "1/payments/", json("paid_on", today.minusDays(3).toString(), "amount", "60.00"));
		this.api.post(payments + "2/payments/", json("paid_on", today.minusDays(1).toString(), "amount", "15.00"));

		overdue().run(today);
		List<InstallmentOverdue> announced = this.events.stream(InstallmentOverdue.class)
			.filter(e -> e.billId() == bill || e.billId() == cancelled)
			.toList();
		assertThat(announced).hasSize(1);
		assertThat(announced.get(0).number()).isEqualTo(2);
		assertThat(announced.get(0).openAmount()).isEqualByComparingTo(new BigDecimal("25.00"));
		assertThat(announced.get(0).amount()).isEqualByComparingTo(new BigDecimal("40.00"));
		assertThat(announced.get(0).dueDate()).isEqualTo(today.minusDays(1));

		// Once per installment and due date: the next day's run announces only
		// installment
		// 3; a due date moved (and past again) is announced again.
		this.events.clear();
		overdue().run(today);
		assertThat(this.events.stream(InstallmentOverdue.class).filter(e -> e.billId() == bill)).isEmpty();
		overdue().run(today.plusDays(1));
		assertThat(this.events.stream(InstallmentOverdue.class).filter(e -> e.billId() == bill).map(e -> e.number()))
			.containsExactly(3);
		assertThat(this.api
			.patch("/api/finance/bills/" + bill + "/",
					json("installments", List.of(Map.of("number", 2, "due_date", today.toString()))))
			.status()).isEqualTo(200);
		this.events.clear();
		overdue().run(today.plusDays(2));
		assertThat(this.events.stream(InstallmentOverdue.class).filter(e -> e.billId() == bill).map(e -> e.number()))
			.containsExactly(2);
	}

}
