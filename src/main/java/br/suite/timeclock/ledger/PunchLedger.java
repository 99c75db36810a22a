package br.suite.timeclock.ledger;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.NavigableSet;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Isolation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import br.suite.access.AccessDirectory;
import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.Afd;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.PunchRegistered;
import br.suite.timeclock.biometrics.FaceRecognition;
import br.suite.timeclock.biometrics.Images;

/**
 * Registers punches and reads the ledger. A registration is validated, answered from an
 * earlier request with its idempotency key, face-verified before the ledger is locked,
 * then appended in one short transaction that holds the establishment's ledger head, so
 * NSRs never repeat or skip, even under concurrent punches.
 */
@Service
public class PunchLedger {

	private final PunchRepository punches;

	private final TransactionTemplate transactions;

	private final AccessDirectory users;

	private final FaceRecognition faces;

	private final ApplicationEventPublisher events;

	private final Establishments establishments;

	PunchLedger(PunchRepository punches, TransactionTemplate transactions, AccessDirectory users, FaceRecognition faces,
			Establishments establishments, ApplicationEventPublisher events) {
		this.punches = punches;
		this.transactions = transactions;
		this.users = users;
		this.faces = faces;
		this.establishments = establishments;
		this.events = events;
	}

	/**
	 * The punch and whether it was recorded by an earlier request with the same
	 * idempotency key.
	 */
	public record Registration(Punch punch, boolean replayed) {
	}

	/**
	 * Records a punch. An idempotency key is the caller's own: the same caller sending it
	 * again with the same punch gets the first one back; with another punch, a 409.
	 * Another caller's keys are never looked at.
	 */
	public Registration register(PunchRequest request, @Nullable String idempotencyKey, CurrentUser caller) {
		PunchDraft draft = validated(request, idempotencyKey, caller);
		Optional<Registration> earlier = replayed(draft);
		if (earlier.isPresent()) {
			return earlier.get();
		}
		FaceRecognition.Result recognition = this.faces.recognize(draft.employee().id(), draft.snapshotBytes());
		return this.transactions.execute(status -> {
			LedgerHead head = this.punches.lockHead(draft.establishment().id());
			return replayed(draft).orElseGet(() -> append(head, draft, recognition));
		});
	}

	/** The punch an earlier request recorded with the draft's key, if any. */
	private Optional<Registration> replayed(PunchDraft draft) {
		if (draft.key() == null) {
			return Optional.empty();
		}
		return this.punches.findByKey(draft.key()).map(earlier -> new Registration(draft.replayOf(earlier), true));
	}

	private Registration append(LedgerHead head, PunchDraft draft, FaceRecognition.Result recognition) {
		Punch punch = this.punches.append(head.next(draft, recognition), draft.snapshot(), draft.key());
		this.events.publishEvent(registered(punch));
		return new Registration(punch, false);
	}

	/**
	 * The request checked field by field (every problem named at once, as a 400), with
	 * the server's time of receipt.
	 */
	private PunchDraft validated(PunchRequest request, @Nullable String idempotencyKey, CurrentUser caller) {
		Instant recordedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		InvalidRequest.Builder errors = InvalidRequest.builder();
		Instant occurredAt = occurredAt(request, recordedAt, errors);
		EventType eventType = ClosedSet.parse(EventType.class, "event_type", request.eventType(), errors);
		PunchSource source = ClosedSet.parse(PunchSource.class, "source", request.source(), errors);
		AccessDirectory.UserSummary employee = employee("employee_id", request.employeeId(), errors);
		Images.Image snapshot = snapshot(request, errors);
		Establishment establishment = establishment(request, employee, errors);
		errors.throwIfAny();
		return new PunchDraft(establishment, eventType, employee, source, occurredAt, recordedAt,
				Boolean.TRUE.equals(request.offline()), snapshot,
				snapshot == null ? null : Sha256.hex(snapshot.bytes()), IdempotencyKey.of(idempotencyKey, caller));
	}

	private static Images.@Nullable Image snapshot(PunchRequest request, InvalidRequest.Builder errors) {
		try {
			String text = request.snapshotBase64();
			return text == null ? null : Images.decodeBase64("snapshot_base64", text);
		}
		catch (InvalidRequest invalid) {
			invalid.errors().forEach((field, messages) -> messages.forEach(m -> errors.add(field, m)));
			return null;
		}
	}

	public record Filter(@Nullable Long employeeId, @Nullable LocalDate dateFrom, @Nullable LocalDate dateTo,
			@Nullable Boolean recognitionOk, @Nullable Boolean needsReview) {

		/** Every punch, or only those whose review flag is as given. */
		static Filter needingReview(@Nullable Boolean needsReview) {
			return new Filter(null, null, null, null, needsReview);
		}

	}

	@Transactional(readOnly = true)
	public ListQuery.Page<Punch> list(Filter filter, Paging paging) {
		return this.punches.list(filter, paging);
	}

	/** The employee's punches that occurred since the instant, newest first. */
	@Transactional(readOnly = true)
	List<Punch> recentOf(long employeeId, Instant since) {
		return this.punches.recentOf(employeeId, since);
	}

	@Transactional(readOnly = true)
	public Optional<Punch> get(long id) {
		return this.punches.find(id);
	}

	/** The stored snapshot and its media type, while retention keeps it. */
	@Transactional(readOnly = true)
	Optional<Images.Image> snapshot(long id) {
		return this.punches.snapshot(id);
	}

	/**
	 * Walks the ledger in NSR order, recomputing every hash and link. The NSR sequence is
	 * shared with the establishment's other AFD records (types 2 and 5): an NSR between
	 * two punches must be one of those. One snapshot for the punches, the records and the
	 * ledger's head, or a punch committed in between would look like a broken chain.
	 */
	@Transactional(readOnly = true, isolation = Isolation.REPEATABLE_READ)
	ChainReport verifyChain(long establishmentId) {
		List<ChainReport.Problem> problems = new ArrayList<>();
		NavigableSet<Long> records = this.punches.recordNsrs(establishmentId);
		long[] state = { 0, 0 };
		String[] previous = { Afd.GENESIS };
		this.punches.forEachInNsrOrder(establishmentId, punch -> {
			state[0]++;
			long between = punch.nsr() <= state[1] + 1 ? 0 : punch.nsr() - state[1] - 1;
			if (records.contains(punch.nsr())
					|| records.subSet(state[1], false, punch.nsr(), false).size() != between) {
				problems.add(new ChainReport.Problem(punch.nsr(), punch.id(),
						"NSR " + punch.nsr() + " follows " + state[1] + ": records are missing"));
			}
			if (!punch.previousHash().equals(previous[0])) {
				problems.add(new ChainReport.Problem(punch.nsr(), punch.id(),
						"previous_hash does not match the hash of the punch before it"));
			}
			if (!punch.expectedHash().equals(punch.hash())) {
				problems.add(new ChainReport.Problem(punch.nsr(), punch.id(),
						"the stored hash does not match the punch's fields: the record was altered"));
			}
			state[1] = punch.nsr();
			previous[0] = punch.hash();
		});
		long lastNsr = records.isEmpty() ? state[1] : Math.max(state[1], records.last());
		if (records.subSet(state[1], false, lastNsr, true).size() != lastNsr - state[1]) {
			problems.add(new ChainReport.Problem(lastNsr, null,
					"the NSRs after " + state[1] + " have gaps: records are missing"));
		}
		LedgerHead head = this.punches.head(establishmentId);
		if (head.lastNsr() != lastNsr || !head.lastHash().equals(previous[0])) {
			problems.add(new ChainReport.Problem(head.lastNsr(), null, "the ledger's head (NSR " + head.lastNsr()
					+ ") is not the last record found (NSR " + lastNsr + ")"));
		}
		return new ChainReport(problems.isEmpty(), establishmentId, state[0], lastNsr, previous[0], problems);
	}

	public AccessDirectory.UserSummary employee(String field, @Nullable Long id, InvalidRequest.Builder errors) {
		if (id == null) {
			return null;
		}
		Optional<AccessDirectory.UserSummary> user = this.users.find(id);
		if (user.isEmpty()) {
			errors.add(field, "user " + id + " does not exist");
		}
		else if (!user.get().active()) {
			errors.add(field, "user " + id + " is not active");
		}
		else if (!user.get().isEmployee()) {
			errors.add(field, "user " + id + " is not an employee (is_employee is false)");
		}
		return user.orElse(null);
	}

	static final Duration OFFLINE_WINDOW = Duration.ofDays(7);

	/**
	 * The server's clock for an on-line punch; for an off-line one the collector's time,
	 * which must not be in the future nor more than 7 days before the server received it.
	 */
	private static Instant occurredAt(PunchRequest request, Instant recordedAt, InvalidRequest.Builder errors) {
		if (!Boolean.TRUE.equals(request.offline())) {
			if (request.occurredAt() != null) {
				errors.add("occurred_at",
						"is only accepted with offline: true (on-line punches take the server's clock)");
			}
			return recordedAt;
		}
		if (request.occurredAt() == null) {
			errors.add("occurred_at", "is required for an offline punch: the collector's time of the punch");
			return recordedAt;
		}
		Instant at = request.occurredAt().toInstant().truncatedTo(ChronoUnit.MILLIS);
		if (at.isAfter(recordedAt)) {
			errors.add("occurred_at", "must not be in the future");
		}
		else if (at.isBefore(recordedAt.minus(OFFLINE_WINDOW))) {
			errors.add("occurred_at", "must be at most 7 days back");
		}
		return at;
	}

	/**
	 * The request's establishment, else the employee's, else establishment 1; it must
	 * exist and be active.
	 */
	private Establishment establishment(PunchRequest request, AccessDirectory.@Nullable UserSummary employee,
			InvalidRequest.Builder errors) {
		Long id = request.establishmentId();
		if (id == null) {
			id = employee != null && employee.establishmentId() != null ? employee.establishmentId()
					: Establishments.DEFAULT;
		}
		Optional<Establishment> found = this.establishments.find(id);
		if (found.isEmpty()) {
			errors.add("establishment_id", "establishment " + id + " does not exist");
		}
		else if (!found.get().active()) {
			errors.add("establishment_id", "establishment " + id + " is not active");
		}
		return found.orElse(null);
	}

	private static PunchRegistered registered(Punch punch) {
		return new PunchRegistered(punch.id(), punch.nsr(), punch.employeeId(), punch.eventType(), punch.occurredAt(),
				punch.source(), punch.recognitionOk(), punch.needsReview());
	}

}
