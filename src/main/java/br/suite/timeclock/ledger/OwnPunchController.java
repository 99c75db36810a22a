package br.suite.timeclock.ledger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import br.suite.timeclock.TimeclockProblems;

/**
 * An employee's own punches and comprovantes (Portaria 671 art. 80: at least the last 48
 * hours, without asking).
 */
@RestController
@RequestMapping("/api/timeclock/me/punches")
@Tag(name = "Time clock: my punches")
class OwnPunchController {

	private final PunchLedger ledger;

	private final Comprovantes comprovantes;

	OwnPunchController(PunchLedger ledger, Comprovantes comprovantes) {
		this.ledger = ledger;
		this.comprovantes = comprovantes;
	}

	@GetMapping
	@Requires("timeclock.own.view")
	@Operation(summary = "My punches",
			description = "The caller's punches of the last `days` days (1 to 62, default 7; "
					+ "the Portaria asks for at least 48 hours), newest first; a bare array.")
	List<PunchResponse> list(@RequestParam(required = false) @Nullable Integer days) {
		int window = days == null ? 7 : days;
		if (window < 1 || window > 62) {
			throw InvalidRequest.of("days", "must be between 1 and 62");
		}
		CurrentUser caller = CurrentUser.get();
		return this.ledger.recentOf(caller.id(), Instant.now().minus(Duration.ofDays(window)))
			.stream()
			.map(p -> PunchResponse.forCaller(p, caller))
			.toList();
	}

	@GetMapping(PathIds.ID + "/comprovante")
	@Requires("timeclock.own.view")
	@Operation(summary = "The comprovante of one of my punches",
			description = "PDF by default, JSON with Accept: application/json; another employee's punch is 404.")
	ResponseEntity<?> comprovante(@PathVariable long id,
			@RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
		long caller = CurrentUser.get().id();
		Punch punch = this.ledger.get(id)
			.filter(p -> p.employeeId() == caller)
			.orElseThrow(() -> new TimeclockProblems.PunchNotFound(id));
		return PunchController.respond(this.comprovantes, this.comprovantes.of(punch), accept);
	}

}
