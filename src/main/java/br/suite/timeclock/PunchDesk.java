package br.suite.timeclock;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.ClosedSet;
import br.suite.shared.CurrentUser;
import br.suite.shared.Paging;

/**
 * Punches for callers inside the application (the kiosk and back-office pages):
 * registration takes the same path as {@code POST /api/timeclock/punch/register/} (same
 * checks, face verification, ledger and errors), and the ledger is read as
 * {@code GET /api/timeclock/punches/} reads it.
 */
@Service
public class PunchDesk {

	private final PunchLedger ledger;

	PunchDesk(PunchLedger ledger) {
		this.ledger = ledger;
	}

	/**
	 * A registered punch as a receipt or a list shows it; {@code occurredAtLocal} is the
	 * time in the zone of the punch's establishment, as the comprovante and the AFD write
	 * it.
	 */
	public record PunchView(long id, long nsr, String eventType, long employeeId, String employeeName,
			Instant occurredAt, OffsetDateTime occurredAtLocal, String source, boolean recognitionOk,
			String recognitionReason, boolean needsReview, boolean disregarded, String hash) {

		static PunchView of(Punch p) {
			return new PunchView(p.id(), p.nsr(), p.eventType(), p.employeeId(), p.employeeName(), p.occurredAt(),
					p.occurredAtLocal(), p.source(), p.recognitionOk(), p.recognitionReason(), p.needsReview(),
					p.disregarded(), p.hash());
		}

	}

	public record PunchPage(List<PunchView> punches, long total) {
	}

	/**
	 * The event types a punch may record, as wire values ({@code entrada}, {@code saida},
	 * …).
	 */
	public List<String> eventTypes() {
		return Arrays.stream(EventType.values()).map(ClosedSet::wire).toList();
	}

	/**
	 * Registers a punch; a face that does not match is recorded for review, never
	 * refused. Invalid input is an {@link br.suite.shared.InvalidRequest} naming
	 * {@code event_type}, {@code employee_id}, {@code snapshot_base64} or {@code source}.
	 */
	public PunchView register(String eventType, long employeeId, String snapshotBase64, String source,
			@Nullable String idempotencyKey) {
		PunchRequest request = new PunchRequest(eventType, employeeId, snapshotBase64, source, null, null, null);
		return PunchView.of(this.ledger.register(request, idempotencyKey, CurrentUser.get()).punch());
	}

	public PunchPage list(@Nullable Boolean needsReview, int limit, int offset) {
		PunchLedger.Listing listing = this.ledger.list(new PunchLedger.Filter(null, null, null, null, needsReview),
				new Paging(limit, offset));
		return new PunchPage(listing.punches().stream().map(PunchView::of).toList(), listing.total());
	}

	public long countNeedingReview() {
		return this.ledger.list(new PunchLedger.Filter(null, null, null, null, true), new Paging(1, 0)).total();
	}

}
