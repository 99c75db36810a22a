package br.suite.timeclock.ledger;

import java.time.OffsetDateTime;

import org.jspecify.annotations.Nullable;

/**
 * The comprovante's items; {@code hash} is the punch's AFD type-7 SHA-256 (the ledger
 * hash for older punches).
 */
record Comprovante(String title, long punchId, long establishmentId, long nsr, String employerName,
		@Nullable String employerDocument, String ceiCaepfCno, String establishmentAddress, String employeeName,
		@Nullable String employeeCpf, OffsetDateTime occurredAt, String eventType, String inpiRegistration,
		String programName, String programVersion, String hash, boolean offline) {
}
