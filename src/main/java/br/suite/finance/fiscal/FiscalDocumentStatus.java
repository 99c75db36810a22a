package br.suite.finance.fiscal;

import java.util.EnumSet;
import java.util.Set;

/**
 * The life of a fiscal document at the tax authority (SEFAZ or the city). A document is
 * only a draft of ours until it is sent; once authorised, denied or cancelled it is a
 * legal record: it is never deleted and its fiscal content no longer changes.
 */
enum FiscalDocumentStatus {

	/** Being prepared; nothing was sent. */
	DRAFT,

	/** Sent, waiting for the authority's answer. */
	PROCESSING,

	/** Authorised: the document exists legally. */
	AUTHORIZED,

	/** Refused for a fixable error (rejeição); it may be corrected and sent again. */
	REJECTED,

	/**
	 * Denied (denegada) for the issuer's or customer's tax situation; the number is used
	 * up.
	 */
	DENIED,

	/** An authorised document, cancelled at the authority. */
	CANCELLED;

	/**
	 * The statuses a document may move to from this one (staying put is always allowed).
	 */
	Set<FiscalDocumentStatus> next() {
		return switch (this) {
			case DRAFT -> EnumSet.of(PROCESSING, AUTHORIZED, REJECTED, DENIED);
			case PROCESSING -> EnumSet.of(AUTHORIZED, REJECTED, DENIED);
			case REJECTED -> EnumSet.of(DRAFT, PROCESSING, AUTHORIZED, DENIED);
			case AUTHORIZED -> EnumSet.of(CANCELLED);
			case DENIED, CANCELLED -> EnumSet.noneOf(FiscalDocumentStatus.class);
		};
	}

	boolean mayBecome(FiscalDocumentStatus target) {
		return target == this || next().contains(target);
	}

	/** Never sent, or sent and refused: still ours to change or delete. */
	boolean isEditable() {
		return this == DRAFT || this == REJECTED;
	}

}
