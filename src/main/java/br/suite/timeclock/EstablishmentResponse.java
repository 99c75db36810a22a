package br.suite.timeclock;

import org.jspecify.annotations.Nullable;

record EstablishmentResponse(long id, String name, @Nullable String employerDocument, String ceiCaepfCno,
		String address, String timeZone, boolean active, long lastNsr) {

	static EstablishmentResponse from(Establishment e) {
		return new EstablishmentResponse(e.id(), e.name(), e.employerDocument(), e.ceiCaepfCno(), e.address(),
				e.timeZone().getId(), e.active(), e.lastNsr());
	}

}
