package br.suite.timeclock.jornada;

import java.time.Instant;

/**
 * A considered mark (§2.3): a punch not disregarded by an adjustment, or an included
 * mark; {@code id} is the punch's or the adjustment's id (ties in the same minute:
 * punches by id, then included marks by id).
 */
public record Mark(Instant at, boolean included, long id) {

	public static Mark punch(Instant at, long id) {
		return new Mark(at, false, id);
	}

	public static Mark included(Instant at, long id) {
		return new Mark(at, true, id);
	}

}
