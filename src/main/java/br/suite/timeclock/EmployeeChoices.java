package br.suite.timeclock;

import java.util.List;

import org.springframework.stereotype.Component;

import br.suite.access.AccessAdministration;
import br.suite.access.AccessDirectory;

/** The employees a jornada page offers, and their names. */
@Component
public class EmployeeChoices {

	private final AccessAdministration access;

	private final AccessDirectory users;

	EmployeeChoices(AccessAdministration access, AccessDirectory users) {
		this.access = access;
		this.users = users;
	}

	public record Choice(long id, String name) {
	}

	public List<Choice> employees() {
		return this.access.employees().stream().map(e -> new Choice(e.id(), e.name())).toList();
	}

	public boolean isEmployee(long id) {
		return this.users.find(id).map(AccessDirectory.UserSummary::isEmployee).orElse(false);
	}

	public String name(long id) {
		return this.users.find(id).map(AccessDirectory.UserSummary::displayName).orElse("#" + id);
	}

}
