package br.suite.timeclock.ledger;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;

import org.jspecify.annotations.Nullable;

import br.suite.shared.DateTimes;
import br.suite.shared.crypto.Sha256;

/**
 * A registered punch as the ledger stores it. Its hash covers the canonical text of the
 * fields that make it a legal record plus the previous punch's hash, so altering,
 * removing or reordering any punch breaks the chain from there on.
 */
public record Punch(long id, long establishmentId, long nsr, String eventType, long employeeId, String employeeName,
		Instant occurredAt, String source, boolean recognitionOk, @Nullable Double recognitionDistance,
		String recognitionReason, double recognitionThreshold, boolean needsReview, @Nullable String snapshotType,
		@Nullable String snapshotSha256, @Nullable Instant snapshotPurgedAt, String previousHash, String hash,
		boolean disregarded, ZoneId timeZone, boolean offline, Instant recordedAt, @Nullable String employeeCpf,
		@Nullable String afdLine, @Nullable String afdHash) {

	/**
	 * {@code nsr|establishment|event_type|employee_id|occurred_at|source|recognition_ok|distance|snapshot_sha256|previous_hash};
	 * an absent snapshot is the empty text.
	 */
	static String canonical(long nsr, long establishmentId, String eventType, long employeeId, Instant occurredAt,
			String source, boolean recognitionOk, @Nullable Double distance, @Nullable String snapshotSha256,
			String previousHash) {
		return nsr + "|" + establishmentId + "|" + eventType + "|" + employeeId + "|" + DateTimes.utcMillis(occurredAt)
				+ "|" + source + "|" + recognitionOk + "|" + (distance == null ? "" : distance.toString()) + "|"
				+ (snapshotSha256 == null ? "" : snapshotSha256) + "|" + previousHash;
	}

	/** The punch as stored under the id. */
	Punch withId(long id) {
		return new Punch(id, this.establishmentId, this.nsr, this.eventType, this.employeeId, this.employeeName,
				this.occurredAt, this.source, this.recognitionOk, this.recognitionDistance, this.recognitionReason,
				this.recognitionThreshold, this.needsReview, this.snapshotType, this.snapshotSha256,
				this.snapshotPurgedAt, this.previousHash, this.hash, this.disregarded, this.timeZone, this.offline,
				this.recordedAt, this.employeeCpf, this.afdLine, this.afdHash);
	}

	/** The instant in the zone of the punch's establishment when it was recorded. */
	public OffsetDateTime occurredAtLocal() {
		return this.occurredAt.atZone(this.timeZone).toOffsetDateTime();
	}

	String expectedHash() {
		return Sha256.hex(canonical(this.nsr, this.establishmentId, this.eventType, this.employeeId, this.occurredAt,
				this.source, this.recognitionOk, this.recognitionDistance, this.snapshotSha256, this.previousHash)
			.getBytes(StandardCharsets.UTF_8));
	}

}
