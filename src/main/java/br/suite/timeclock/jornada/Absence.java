package br.suite.timeclock.jornada;

import java.time.LocalDate;

/** An absence covering the whole dates {@code from}…{@code to} (§8). */
public record Absence(LocalDate from, LocalDate to, AbsenceKind kind) {

	public boolean covers(LocalDate date) {
		return !date.isBefore(this.from) && !date.isAfter(this.to);
	}

}
