package br.suite.timeclock.payroll;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.Requires;
import br.suite.timeclock.Downloads;

@RestController
@RequestMapping("/api/timeclock/payroll-export")
@Tag(name = "Time clock: payroll export")
class PayrollExportController {

	private final PayrollExport export;

	PayrollExportController(PayrollExport export) {
		this.export = export;
	}

	@GetMapping
	@Requires("timeclock.payroll.export")
	@Operation(summary = "Export a closed month for the payroll",
			description = "The frozen month totals of every employee of the establishment's closing, one line per "
					+ "employee and mapped total, written by the layout (ISO-8859-1, CRLF). 409 month_not_closed for "
					+ "a month without a closing in force; 409 employee_key_missing (employee_ids) when employees lack "
					+ "the layout's key; 409 payroll_value_too_wide for a value wider than its fixed-width column. "
					+ "Audited (timeclock.payroll.exported, with the file's SHA-256).")
	ResponseEntity<byte[]> export(
			@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(required = false) @Nullable String month,
			@RequestParam(name = "layout_id", required = false) @Nullable Long layoutId) {
		PayrollExport.File file = this.export.export(establishmentId, month, layoutId);
		return Downloads.of(file.bytes(), Downloads.TEXT_LATIN1, file.name(), true);
	}

}
