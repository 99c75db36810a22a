package br.suite.shared.documents;

import org.jspecify.annotations.NullMarked;

/**
 * Thrown by {@link TaxId#parse(String)}. The message is meant for the person who typed
 * the id; the {@link #reason()} lets an API map it to a stable error code without parsing
 * the message.
 */
@NullMarked
public class InvalidTaxId extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** What was wrong with the input, in the order the checks run. */
	public enum Reason {

		EMPTY, LENGTH, CHARACTERS, REPEATED_DIGITS, CHECK_DIGITS

	}

	private final Reason reason;

	public InvalidTaxId(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return reason;
	}

}
