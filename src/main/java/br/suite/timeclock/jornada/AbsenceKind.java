package br.suite.timeclock.jornada;

import java.util.Locale;

import org.jspecify.annotations.Nullable;

/** Kinds of absence (§8); every one but {@code falta} is justified. */
public enum AbsenceKind {

	ATESTADO, FERIAS, LICENCA, FOLGA, FALTA_JUSTIFICADA, FALTA;

	public boolean justified() {
		return this != FALTA;
	}

	public String wire() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** The kind named on the wire, or null. */
	public static @Nullable AbsenceKind fromWire(String text) {
		for (AbsenceKind kind : values()) {
			if (kind.wire().equals(text)) {
				return kind;
			}
		}
		return null;
	}

}
