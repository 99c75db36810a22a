package br.suite.timeclock.ledger;

import java.util.Arrays;
import java.util.List;

import br.suite.shared.ClosedSet;

/** What a punch records: entering, leaving, and the start and end of a break. */
public enum EventType {

	ENTRADA, SAIDA, INICIO_INTERVALO, FIM_INTERVALO;

	/** Every event type as the wire names it ({@code entrada}, {@code saida}, …). */
	public static List<String> wireValues() {
		return Arrays.stream(values()).map(ClosedSet::wire).toList();
	}

}
