package br.suite.timeclock.holiday;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/timeclock/holidays")
@Tag(name = "Time clock: holidays")
class HolidayController {

	private final Holidays holidays;

	HolidayController(Holidays holidays) {
		this.holidays = holidays;
	}

	@GetMapping
	@Requires("timeclock.holidays.view")
	@Operation(summary = "Holidays of a year",
			description = "The national holidays of year (built in, scope national, id null, with their law: Lei "
					+ "662/1949, Lei 6.802/1980, Good Friday = Easter − 2 days, 20 November from 2024 by Lei "
					+ "14.759/2023; Carnaval and Corpus Christi are not national holidays) and the company's state and "
					+ "municipal holidays: with establishment_id, those for every establishment and for that one (what "
					+ "applies to its employees); without it, all of them. Ordered by date; a bare array.")
	List<HolidayResponse> list(@RequestParam(required = false) @Nullable String year,
			@RequestParam(name = "establishment_id", required = false) @Nullable String establishmentId) {
		return this.holidays.list(year, establishmentId);
	}

	@PostMapping
	@Requires("timeclock.holidays.change")
	@Operation(summary = "Add a company holiday",
			description = "scope state or municipal; establishment_id null applies to every establishment. One "
					+ "holiday per date and establishment (409 holiday_exists).")
	ResponseEntity<HolidayResponse> create(@RequestBody HolidayRequest request) {
		HolidayResponse created = this.holidays.create(request, CurrentUser.get().id());
		return ResponseEntity.created(URI.create("/api/timeclock/holidays/" + created.id() + "/")).body(created);
	}

	@DeleteMapping(PathIds.ID)
	@Requires("timeclock.holidays.change")
	@Operation(summary = "Remove a company holiday")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.holidays.delete(id);
		return ResponseEntity.noContent().build();
	}

}
