package br.suite.timeclock;

import java.util.List;

import org.springframework.stereotype.Component;

import br.suite.access.EmployeeEstablishments;

/** Tells access's user pages which establishments a user may be assigned to. */
@Component
class EstablishmentChoices implements EmployeeEstablishments {

	private final Establishments establishments;

	EstablishmentChoices(Establishments establishments) {
		this.establishments = establishments;
	}

	@Override
	public List<Choice> all() {
		return this.establishments.list().stream().map(e -> new Choice(e.id(), e.name())).toList();
	}

}
