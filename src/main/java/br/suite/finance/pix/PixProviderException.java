package br.suite.finance.pix;

/**
 * A call to a Pix provider that did not succeed, after the retries that apply. The
 * message is safe to show and log: it never holds a token or a secret.
 */
public class PixProviderException extends Exception {

	public enum Kind {

		/**
		 * 401 with a fresh token, or 403: the credentials are revoked, expired or lack a
		 * scope.
		 */
		REVOKED,

		/** Another 4xx: the provider refused the request itself (not retried). */
		REJECTED,

		/** 429, 5xx, timeouts, refused connections, TLS failures, after every retry. */
		UNAVAILABLE,

		/** The provider's URL may not be called (private address), or no credentials. */
		NOT_CONFIGURED

	}

	private final Kind kind;

	private final int status;

	PixProviderException(Kind kind, int status, String message) {
		super(message);
		this.kind = kind;
		this.status = status;
	}

	public Kind kind() {
		return this.kind;
	}

	/** The last HTTP status, or 0 when no answer came. */
	int status() {
		return this.status;
	}

}
