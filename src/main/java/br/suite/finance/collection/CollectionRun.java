package br.suite.finance.collection;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;

import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.modulith.events.ApplicationModuleListener;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.finance.ChargesPaid;
import br.suite.finance.FinanceProblems;
import br.suite.finance.PayerEmails;
import br.suite.finance.charge.ChargeResponse;
import br.suite.finance.charge.ChargeService;
import br.suite.finance.collection.CollectionRepository.Candidate;
import br.suite.shared.DateTimes;

/**
 * The run of the régua de cobrança, daily at the policy's {@code send_time} (São Paulo,
 * once across instances) and on {@code POST /api/finance/collection/run/}. One run at a
 * time across instances (a lease row). A run first tries again what earlier runs could
 * not send (failed, or left pending by a run that stopped), then decides today's
 * messages: for each open charge with money open and a due date, the latest step whose
 * {@code due_date + offset_days} is today or past, unless that step or a later one was
 * already decided for the charge (the table's unique key holds it across instances); the
 * address is the charge's {@code payer_email}, else the cliente's with the payer's
 * CPF/CNPJ ({@link PayerEmails}); none, nothing is decided. Then it sends them
 * ({@link CollectionSender}); an unreachable server leaves the rest failed for the next
 * run without failing the run.
 */
@Service
class CollectionRun {

	private static final Logger log = LoggerFactory.getLogger(CollectionRun.class);

	/** A pending message older than this was left by a run that stopped. */
	private static final String ABANDONED = "10 minutes";

	/** What a run did. */
	record Result(LocalDate date, boolean enabled, int decided, int sent, int failed, int skipped, int optedOut,
			int retried) {
	}

	private final CollectionRepository repository;

	private final TransactionTemplate transactions;

	private final Policies policies;

	private final CollectionSender sender;

	private final Recipients recipients;

	private final ChargeService charges;

	private final Mailer mailer;

	private final ObjectProvider<PayerEmails> payerEmails;

	private final Clock clock;

	CollectionRun(CollectionRepository repository, TransactionTemplate transactions, Policies policies,
			CollectionSender sender, Recipients recipients, ChargeService charges, Mailer mailer,
			ObjectProvider<PayerEmails> payerEmails, ObjectProvider<Clock> clock) {
		this.repository = repository;
		this.transactions = transactions;
		this.policies = policies;
		this.sender = sender;
		this.recipients = recipients;
		this.charges = charges;
		this.mailer = mailer;
		this.payerEmails = payerEmails;
		this.clock = clock.getIfAvailable(Clock::systemUTC);
	}

	LocalDate today() {
		return LocalDate.now(this.clock.withZone(DateTimes.BRAZIL));
	}

	/**
	 * Every minute: the day's run once the policy's send time has come (the first
	 * instance to mark the day runs it; a day the service was down is caught up when it
	 * is back, the latest step only).
	 */
	@Scheduled(cron = "0 * * * * *", zone = DateTimes.BRAZIL_ZONE_ID)
	@SchedulerLock(name = "finance.collection-daily", lockAtMostFor = "PT30M")
	void daily() {
		ZonedDateTime now = ZonedDateTime.now(this.clock.withZone(DateTimes.BRAZIL));
		LocalDate today = now.toLocalDate();
		LocalTime time = now.toLocalTime();
		if (!this.repository.markDay(today, time)) {
			return;
		}
		try {
			Result result = run(today);
			log.info("Collection run of {}: {}", today, result);
		}
		catch (FinanceProblems.CollectionRunInProgress busy) {
			log.info("Collection run of {} skipped: another run is going on", today);
		}
	}

	/** A run for {@code today}; 409 while another is going on. */
	Result run(LocalDate today) {
		String holder = UUID.randomUUID().toString();
		if (!this.repository.lease(holder)) {
			throw new FinanceProblems.CollectionRunInProgress();
		}
		try {
			Policy policy = this.policies.current().body();
			if (!policy.enabled()) {
				return new Result(today, false, 0, 0, 0, 0, 0, 0);
			}
			List<Long> retries = this.repository.retries(ABANDONED);
			List<Long> decided = decide(policy, today);
			Set<Long> all = new LinkedHashSet<>(retries);
			all.addAll(decided);
			try (CollectionSender.Circuit circuit = this.sender.circuit()) {
				for (long id : all) {
					this.sender.send(id, policy.templates(), circuit);
				}
			}
			List<Long> ids = List.copyOf(all);
			return new Result(today, true, decided.size(), this.repository.count(ids, "sent"),
					this.repository.count(ids, "failed"), this.repository.count(ids, "skipped"),
					this.repository.count(ids, "opted_out"), retries.size());
		}
		finally {
			this.repository.release(holder);
		}
	}

	/**
	 * Today's messages, recorded in one transaction: the new rows' ids (pending, or
	 * already opted_out or skipped).
	 */
	private List<Long> decide(Policy policy, LocalDate today) {
		List<Long> ids = this.transactions.execute(status -> {
			List<Candidate> candidates = this.repository.candidates(policy.steps(), today);
			return recordMessages(candidates, "reminder", candidate -> policy.templates().forOffset(candidate.step()));
		});
		return ids == null ? List.of() : ids;
	}

	/**
	 * The messages of one kind ({@code reminder}: the open amount, at the candidate's
	 * step; {@code receipt}: the paid amount) for the candidates with an address: each
	 * {@code pending}, or already {@code opted_out}, or {@code skipped} without mail
	 * configured; the new rows' ids (a message recorded before is not again).
	 */
	private List<Long> recordMessages(List<Candidate> candidates, String kind,
			Function<Candidate, CollectionTemplates.Template> template) {
		boolean receipt = kind.equals("receipt");
		Map<Long, String> addresses = addresses(candidates);
		this.recipients.ensure(addresses.values());
		Set<String> optedOut = this.recipients.optedOut(addresses.values());
		boolean configured = this.mailer.configured();
		List<Long> recorded = new ArrayList<>();
		for (Candidate candidate : candidates) {
			String to = addresses.get(candidate.chargeId());
			if (to == null) {
				continue;
			}
			ChargeResponse charge = this.charges.get(candidate.chargeId()).body();
			BigDecimal amount = receipt ? charge.paidAmount() : charge.openAmount();
			String state = optedOut.contains(Recipients.normal(to)) ? "opted_out" : configured ? "pending" : "skipped";
			String subject = CollectionTemplates
				.render(template.apply(candidate), this.sender.values(charge, amount, receipt), "")
				.subject();
			this.repository
				.insert(candidate.chargeId(), kind, receipt ? null : candidate.step(), to, subject, amount, state,
						state.equals("skipped") ? "mail_not_configured" : "")
				.ifPresent(recorded::add);
		}
		return recorded;
	}

	/** Each candidate's address: its own, else its cliente's. */
	private Map<Long, String> addresses(List<Candidate> candidates) {
		Set<String> documents = new HashSet<>();
		for (Candidate candidate : candidates) {
			if (candidate.payerEmail().isBlank() && !candidate.payerDocument().isEmpty()) {
				documents.add(candidate.payerDocument());
			}
		}
		PayerEmails directory = this.payerEmails.getIfAvailable();
		Map<String, String> byDocument = documents.isEmpty() || directory == null ? Map.of()
				: directory.byDocument(documents);
		Map<Long, String> addresses = new HashMap<>();
		for (Candidate candidate : candidates) {
			String to = candidate.payerEmail().isBlank() ? byDocument.get(candidate.payerDocument())
					: candidate.payerEmail();
			if (to != null && !to.isBlank()) {
				addresses.put(candidate.chargeId(), to.strip());
			}
		}
		return addresses;
	}

	/**
	 * With {@code receipt: true}: one receipt when a charge becomes paid, after the
	 * payment's transaction committed. Outside a transaction of its own
	 * ({@code NOT_SUPPORTED}), as a run: the receipt's row commits before the SMTP server
	 * is called, and its outcome commits after, so the server is never waited for with a
	 * row locked, and a failure after the server accepted it cannot roll back the record
	 * of a receipt that went out.
	 */
	@ApplicationModuleListener(propagation = Propagation.NOT_SUPPORTED)
	void on(ChargesPaid event) {
		Policy policy = this.policies.current().body();
		if (!policy.enabled() || !policy.receipt()) {
			return;
		}
		List<Long> ids = this.transactions.execute(status -> {
			List<Candidate> paid = new ArrayList<>();
			for (ChargesPaid.PaidCharge charge : event.charges()) {
				ChargeResponse row = this.charges.get(charge.chargeId()).body();
				paid.add(new Candidate(row.id(), 0, row.payerEmail(), row.payerDocument()));
			}
			return recordMessages(paid, "receipt", candidate -> CollectionTemplates.RECEIPT);
		});
		try (CollectionSender.Circuit circuit = this.sender.circuit()) {
			for (long id : ids == null ? List.<Long>of() : ids) {
				this.sender.send(id, policy.templates(), circuit);
			}
		}
	}

}
