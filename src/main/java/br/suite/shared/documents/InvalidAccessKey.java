package br.suite.shared.documents;

import org.jspecify.annotations.NullMarked;

/**
 * Thrown by {@link NfeAccessKey#parse(String)}. The message is meant for the person who
 * typed or imported the key; the {@link #reason()} lets an API map it to a stable error
 * code.
 */
@NullMarked
public class InvalidAccessKey extends RuntimeException {

	private static final long serialVersionUID = 1L;

	/** What was wrong with the input, in the order the checks run. */
	public enum Reason {

		EMPTY, LENGTH, CHARACTERS, UF_CODE, MONTH, CHECK_DIGIT

	}

	private final Reason reason;

	public InvalidAccessKey(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return reason;
	}

}
