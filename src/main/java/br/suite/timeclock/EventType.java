package br.suite.timeclock;

/** What a punch records: entering, leaving, and the start and end of a break. */
enum EventType {

	ENTRADA, SAIDA, INICIO_INTERVALO, FIM_INTERVALO

}
