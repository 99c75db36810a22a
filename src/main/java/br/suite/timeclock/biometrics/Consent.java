package br.suite.timeclock.biometrics;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/** LGPD art. 11: why biometric data is processed. */
enum LegalBasis {

	/** Art. 11 I: the employee's specific, highlighted consent (consent_at required). */
	CONSENT,
	/** Art. 11 II a: compliance with a legal obligation (the employer's time record). */
	LEGAL_OBLIGATION,
	/**
	 * Art. 11 II g: fraud prevention and the holder's security in identification and
	 * authentication.
	 */
	FRAUD_PREVENTION

}

/** What an enrolment records about its lawfulness. */
record Consent(String legalBasis, @Nullable Instant consentAt, String noticeVersion) {
}
