package br.suite.timeclock.payroll;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/timeclock/payroll-layouts")
@Tag(name = "Time clock: payroll export")
class PayrollLayoutController {

	private final PayrollLayouts layouts;

	PayrollLayoutController(PayrollLayouts layouts) {
		this.layouts = layouts;
	}

	@GetMapping
	@Requires("timeclock.payroll.export")
	@Operation(summary = "List payroll layouts", description = "Ordered by id; a bare array. Two examples are "
			+ "shipped (a CSV by CPF in HH:MM, a fixed-width file by matrícula in decimal hours).")
	List<PayrollLayout> list() {
		return this.layouts.list();
	}

	@GetMapping(PathIds.ID)
	@Requires("timeclock.payroll.export")
	@Operation(summary = "Read a payroll layout")
	PayrollLayout get(@PathVariable long id) {
		return this.layouts.get(id);
	}

	@PostMapping
	@Requires("timeclock.payroll.change")
	@Operation(summary = "Create a payroll layout",
			description = "{name, format csv|fixed_width, separator, header, decimal_separator, employee_key "
					+ "cpf|matricula|user_id, month_pattern, skip_zero, columns [{field, width, pad, title}], events "
					+ "[{total, code, unit}]}; see docs/api.md § Payroll export. 409 payroll_layout_name_taken.")
	ResponseEntity<PayrollLayout> create(@RequestBody PayrollLayoutRequest request) {
		PayrollLayout created = this.layouts.create(request);
		return ResponseEntity.created(URI.create("/api/timeclock/payroll-layouts/" + created.id() + "/")).body(created);
	}

	@PutMapping(PathIds.ID)
	@Requires("timeclock.payroll.change")
	@Operation(summary = "Replace a payroll layout", description = "The whole definition, validated as on create.")
	PayrollLayout update(@PathVariable long id, @RequestBody PayrollLayoutRequest request) {
		return this.layouts.update(id, request);
	}

	@DeleteMapping(PathIds.ID)
	@Requires("timeclock.payroll.change")
	@Operation(summary = "Delete a payroll layout", description = "Audited with its definition.")
	ResponseEntity<Void> delete(@PathVariable long id) {
		this.layouts.delete(id);
		return ResponseEntity.noContent().build();
	}

}
