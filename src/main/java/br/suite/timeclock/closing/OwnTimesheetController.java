package br.suite.timeclock.closing;

import java.time.YearMonth;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.Requires;
import br.suite.timeclock.timesheet.Timesheets;

/** An employee's own closed espelhos and their signatures (Portaria 671, art. 84). */
@RestController
@RequestMapping("/api/timeclock/me/timesheets")
@Tag(name = "Time clock: my timesheets")
class OwnTimesheetController {

	private final Closings closings;

	private final Timesheets timesheets;

	OwnTimesheetController(Closings closings, Timesheets timesheets) {
		this.closings = closings;
		this.timesheets = timesheets;
	}

	@GetMapping
	@Requires("timeclock.own.view")
	@Operation(summary = "My closed espelhos",
			description = "Without month: the caller's closed months, newest first (closing, pdf_sha256, signature). "
					+ "With month=YYYY-MM: that month's frozen espelho (timesheet), or with Accept: application/pdf the "
					+ "frozen PDF, the same bytes every time (its SHA-256 is pdf_sha256, what a signature names). A "
					+ "month not closed for the caller is 404. Only the caller's own data.")
	ResponseEntity<?> mine(@RequestParam(required = false) @Nullable String month,
			@RequestHeader(name = HttpHeaders.ACCEPT, required = false) @Nullable String accept) {
		long caller = CurrentUser.get().id();
		if (month == null) {
			return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(this.closings.ownMonths(caller));
		}
		OwnTimesheetResponse own = this.closings.own(caller, Closings.month("month", month));
		if (accept != null && accept.contains(MediaType.APPLICATION_PDF_VALUE)) {
			return ResponseEntity.ok()
				.contentType(MediaType.APPLICATION_PDF)
				.header(HttpHeaders.CACHE_CONTROL, "no-store")
				.body(this.timesheets.pdf(own.timesheet()));
		}
		return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(own);
	}

	@PostMapping("/{month}/sign")
	@Requires("timeclock.own.view")
	@Operation(summary = "Sign my closed espelho",
			description = "{\"pdf_sha256\", \"disagreement\"}: pdf_sha256 is the SHA-256 of the PDF the caller was "
					+ "served (409 pdf_mismatch otherwise); disagreement (optional, up to 2000 characters) is part of "
					+ "the signature. Records who and when; once per closing (409 already_signed); an open month is "
					+ "409 month_not_closed. Audited (timeclock.timesheet.signed).")
	ResponseEntity<SignatureResponse> sign(@PathVariable String month, @RequestBody SignatureRequest request) {
		YearMonth yearMonth = Closings.month("month", month);
		return ResponseEntity.status(HttpStatus.CREATED)
			.body(this.closings.sign(CurrentUser.get(), yearMonth, request));
	}

}
