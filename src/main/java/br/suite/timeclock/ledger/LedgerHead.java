package br.suite.timeclock.ledger;

import java.nio.charset.StandardCharsets;

import br.suite.shared.ClosedSet;
import br.suite.shared.crypto.Sha256;
import br.suite.timeclock.Afd;
import br.suite.timeclock.biometrics.FaceRecognition;

/**
 * The head of an establishment's ledger: the last NSR of its sequence (shared by punches
 * and the other AFD records), the hash of its last punch and the AFD hash of its last
 * type-7 record. Read under the establishment's row lock, it numbers and chains the next
 * punch.
 */
record LedgerHead(long establishmentId, long lastNsr, String lastHash, String lastAfdHash) {

	/**
	 * The draft as the ledger's next punch: the next NSR, the SHA-256 link to the last
	 * punch, the AFD type-7 line and its hash link; its id is set when stored.
	 */
	Punch next(PunchDraft draft, FaceRecognition.Result recognition) {
		long nsr = this.lastNsr + 1;
		String eventType = ClosedSet.wire(draft.eventType());
		String source = ClosedSet.wire(draft.source());
		String hash = Sha256.hex(Punch
			.canonical(nsr, this.establishmentId, eventType, draft.employee().id(), draft.occurredAt(), source,
					recognition.ok(), recognition.distance(), draft.snapshotSha256(), this.lastHash)
			.getBytes(StandardCharsets.UTF_8));
		String afdLine = Afd.punchFields(nsr, draft.occurredAt(), draft.employee().cpf(), draft.recordedAt(),
				draft.zone(), source, draft.offline());
		return new Punch(0, this.establishmentId, nsr, eventType, draft.employee().id(), draft.employee().displayName(),
				draft.occurredAt(), source, recognition.ok(), recognition.distance(),
				ClosedSet.wire(recognition.reason()), recognition.threshold(), !recognition.ok(),
				draft.snapshot() == null ? null : draft.snapshot().contentType(), draft.snapshotSha256(), null,
				this.lastHash, hash, false, draft.zone(), draft.offline(), draft.recordedAt(), draft.employee().cpf(),
				afdLine, Afd.punchHash(afdLine, this.lastAfdHash));
	}

}
