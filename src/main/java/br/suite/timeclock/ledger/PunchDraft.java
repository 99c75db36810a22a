package br.suite.timeclock.ledger;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Objects;

import org.jspecify.annotations.Nullable;

import br.suite.access.AccessDirectory;
import br.suite.shared.ClosedSet;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.biometrics.Images;

/**
 * A punch request as validated, before face verification and before the ledger numbers
 * and chains it.
 */
record PunchDraft(Establishment establishment, EventType eventType, AccessDirectory.UserSummary employee,
		PunchSource source, Instant occurredAt, Instant recordedAt, boolean offline, Images.@Nullable Image snapshot,
		@Nullable String snapshotSha256, @Nullable IdempotencyKey key) {

	ZoneId zone() {
		return this.establishment.timeZone();
	}

	byte @Nullable [] snapshotBytes() {
		return this.snapshot == null ? null : this.snapshot.bytes();
	}

	/**
	 * The punch its key first recorded, when this draft repeats it (event, employee,
	 * source and snapshot); 409 when the key was used for another punch.
	 */
	Punch replayOf(Punch earlier) {
		if (!earlier.eventType().equals(ClosedSet.wire(this.eventType)) || earlier.employeeId() != this.employee.id()
				|| !earlier.source().equals(ClosedSet.wire(this.source))
				|| !Objects.equals(earlier.snapshotSha256(), this.snapshotSha256)) {
			throw new TimeclockProblems.IdempotencyKeyReused(Objects.requireNonNull(this.key).value());
		}
		return earlier;
	}

}
