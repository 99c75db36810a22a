package br.suite.timeclock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.YearMonth;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.shared.ApiProblem;
import br.suite.shared.DateTimes;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * The time clock's back office beyond the punch list: adjustments (a forgotten punch
 * included, a punch disregarded, each with its reason), the espelho de ponto of an
 * employee's month with its PDF, the AFD for the labour inspector, and the
 * establishments. Times are shown in the zone of the employee's establishment.
 */
@Controller
class TimeclockPages {

	private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("dd/MM/uuuu")
		.withResolverStyle(java.time.format.ResolverStyle.STRICT);

	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm")
		.withResolverStyle(java.time.format.ResolverStyle.STRICT);

	private final TimeclockAdministration timeclock;

	private final AccessAdministration access;

	private final PunchDesk punches;

	TimeclockPages(TimeclockAdministration timeclock, AccessAdministration access, PunchDesk punches) {
		this.timeclock = timeclock;
		this.access = access;
		this.punches = punches;
	}

	// Adjustments

	@GetMapping({ "/app/adjustments", "/app/adjustments/" })
	@Requires("timeclock.punches.view")
	String adjustments(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		return adjustmentsPage(model, employeeId, pagina, new Inclusion(null, "entrada", "", "", ""));
	}

	/** What the include form sends back when it is shown again. */
	record Inclusion(@Nullable Long employeeId, String eventType, String date, String time, String reason) {
	}

	private String adjustmentsPage(Model model, @Nullable Long employeeId, int pagina, Inclusion inclusion) {
		TimeclockAdministration.AdjustmentPage page = this.timeclock.adjustments(employeeId, Pager.SIZE,
				Pager.offset(pagina));
		model.addAttribute("adjustments", page.adjustments());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("eventTypes", this.punches.eventTypes());
		model.addAttribute("inclusion", inclusion);
		return "adjustments";
	}

	@PostMapping("/app/adjustments/include")
	@Requires("timeclock.adjustments.change")
	String include(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(name = "event_type", defaultValue = "") String eventType,
			@RequestParam(defaultValue = "") String date, @RequestParam(defaultValue = "") String time,
			@RequestParam(defaultValue = "") String reason, Model model, RedirectAttributes redirect) {
		Inclusion inclusion = new Inclusion(employeeId, eventType, date, time, reason);
		LocalDateTime at = null;
		if (!date.isBlank() || !time.isBlank()) {
			try {
				at = LocalDateTime.of(LocalDate.parse(date.strip(), DATE), LocalTime.parse(time.strip(), TIME));
			}
			catch (DateTimeParseException ex) {
				FormErrors.field(model, "occurred_at", "Informe a data (dd/mm/aaaa) e a hora (hh:mm).");
				return adjustmentsPage(model, null, 1, inclusion);
			}
		}
		try {
			TimeclockAdministration.AdjustmentView made = this.timeclock.include(employeeId,
					eventType.isBlank() ? null : eventType, at, reason, PageModel.caller());
			redirect.addFlashAttribute("recorded", made.employeeName());
			return "redirect:/app/adjustments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return adjustmentsPage(model, null, 1, inclusion);
		}
	}

	/** The confirmation of disregarding a punch, with its mandatory reason. */
	@GetMapping("/app/punches/{id:\\d+}/disregard")
	@Requires("timeclock.adjustments.change")
	String confirmDisregard(@PathVariable long id, Model model) {
		model.addAttribute("punch", this.timeclock.punch(id));
		model.addAttribute("reason", "");
		return "punch-disregard";
	}

	@PostMapping("/app/punches/{id:\\d+}/disregard")
	@Requires("timeclock.adjustments.change")
	String disregard(@PathVariable long id, @RequestParam(defaultValue = "") String reason, Model model,
			RedirectAttributes redirect) {
		try {
			TimeclockAdministration.AdjustmentView made = this.timeclock.disregard(id, reason, PageModel.caller());
			redirect.addFlashAttribute("disregarded", made.punchNsr());
			return "redirect:/app/adjustments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("punch", this.timeclock.punch(id));
			model.addAttribute("reason", reason);
			return "punch-disregard";
		}
	}

	// Espelho de ponto

	@GetMapping({ "/app/timesheet", "/app/timesheet/" })
	@Requires("timeclock.punches.view")
	String timesheet(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month, Model model) {
		String chosen = month == null || month.isBlank() ? YearMonth.now(DateTimes.BRAZIL).toString() : month.strip();
		model.addAttribute("employees", this.access.employees());
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("month", chosen);
		if (employeeId != null) {
			try {
				model.addAttribute("sheet", this.timeclock.timesheet(employeeId, chosen));
			}
			catch (ApiProblem problem) {
				FormErrors.show(model, problem);
			}
		}
		return "timesheet";
	}

	@GetMapping("/app/timesheet/pdf")
	@Requires("timeclock.punches.view")
	ResponseEntity<byte[]> timesheetPdf(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month) {
		byte[] pdf = this.timeclock.timesheetPdf(employeeId, month);
		return download(pdf, MediaType.APPLICATION_PDF, "espelho-ponto-" + employeeId + "-" + month + ".pdf", false);
	}

	// AFD

	@GetMapping({ "/app/afd", "/app/afd/" })
	@Requires("timeclock.afd.export")
	String afd(@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(name = "allow_incomplete", defaultValue = "false") boolean allowIncomplete, Model model) {
		model.addAttribute("establishments", this.timeclock.establishments());
		model.addAttribute("establishmentId", establishmentId);
		model.addAttribute("dateFrom", dateFrom);
		model.addAttribute("dateTo", dateTo);
		model.addAttribute("allowIncomplete", allowIncomplete);
		if (establishmentId == null) {
			return "afd";
		}
		LocalDate from;
		LocalDate to;
		try {
			from = date(dateFrom, "date_from");
			to = date(dateTo, "date_to");
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return "afd";
		}
		try {
			TimeclockAdministration.AfdFile file = this.timeclock.afd(establishmentId, from, to, allowIncomplete, null);
			model.addAttribute("file", file);
			model.addAttribute("signature", this.timeclock.afdSignatureConfigured());
			model.addAttribute("query", "establishment_id=" + establishmentId + "&date_from=" + text(from) + "&date_to="
					+ text(to) + "&allow_incomplete=" + allowIncomplete + "&generated_at=" + file.generatedAt());
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			Object employees = problem.toProblemDetail().getProperties() == null ? null
					: problem.toProblemDetail().getProperties().get("employees");
			model.addAttribute("withoutCpf", employees instanceof List<?> list ? list : List.of());
		}
		return "afd";
	}

	@GetMapping("/app/afd/file")
	@Requires("timeclock.afd.export")
	ResponseEntity<byte[]> afdFile(@RequestParam(name = "establishment_id") long establishmentId,
			@RequestParam(name = "date_from", required = false) @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to", required = false) @Nullable LocalDate dateTo,
			@RequestParam(name = "allow_incomplete", defaultValue = "false") boolean allowIncomplete,
			@RequestParam(name = "generated_at") Instant generatedAt) {
		TimeclockAdministration.AfdFile file = this.timeclock.afd(establishmentId, dateFrom, dateTo, allowIncomplete,
				generatedAt);
		return download(file.bytes(), MediaType.parseMediaType("text/plain; charset=ISO-8859-1"), file.name(), true);
	}

	@GetMapping("/app/afd/signature")
	@Requires("timeclock.afd.export")
	ResponseEntity<byte[]> afdSignature(@RequestParam(name = "establishment_id") long establishmentId,
			@RequestParam(name = "date_from", required = false) @Nullable LocalDate dateFrom,
			@RequestParam(name = "date_to", required = false) @Nullable LocalDate dateTo,
			@RequestParam(name = "allow_incomplete", defaultValue = "false") boolean allowIncomplete,
			@RequestParam(name = "generated_at") Instant generatedAt) {
		TimeclockAdministration.AfdFile file = this.timeclock.afd(establishmentId, dateFrom, dateTo, allowIncomplete,
				generatedAt);
		return download(this.timeclock.afdSignature(file), MediaType.parseMediaType("application/pkcs7-signature"),
				file.name() + ".p7s", true);
	}

	private static @Nullable LocalDate date(String text, String field) {
		if (text.isBlank()) {
			return null;
		}
		try {
			return LocalDate.parse(text.strip(), DATE);
		}
		catch (DateTimeParseException ex) {
			throw br.suite.shared.InvalidRequest.of(field, "Informe a data como dd/mm/aaaa.");
		}
	}

	private static String text(@Nullable LocalDate date) {
		return date == null ? "" : date.toString();
	}

	// Establishments

	@GetMapping({ "/app/establishments", "/app/establishments/" })
	@Requires("timeclock.establishments.view")
	String establishments(Model model) {
		model.addAttribute("establishments", this.timeclock.establishments());
		return "establishments";
	}

	@GetMapping("/app/establishments/new")
	@Requires("timeclock.establishments.change")
	String newEstablishment(Model model) {
		return establishmentForm(model, null,
				new TimeclockAdministration.EstablishmentForm("", "", "", "", DateTimes.BRAZIL_ZONE_ID, true));
	}

	@PostMapping("/app/establishments/new")
	@Requires("timeclock.establishments.change")
	String createEstablishment(@RequestParam(defaultValue = "") String name,
			@RequestParam(name = "employer_document", defaultValue = "") String employerDocument,
			@RequestParam(name = "cei_caepf_cno", defaultValue = "") String ceiCaepfCno,
			@RequestParam(defaultValue = "") String address,
			@RequestParam(name = "time_zone", defaultValue = "") String timeZone,
			@RequestParam(defaultValue = "false") boolean active, Model model, RedirectAttributes redirect) {
		TimeclockAdministration.EstablishmentForm form = new TimeclockAdministration.EstablishmentForm(name,
				employerDocument, ceiCaepfCno, address, timeZone, active);
		try {
			TimeclockAdministration.EstablishmentView created = this.timeclock.createEstablishment(form,
					PageModel.caller());
			redirect.addFlashAttribute("saved", created.name());
			return "redirect:/app/establishments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return establishmentForm(model, null, form);
		}
	}

	@GetMapping("/app/establishments/{id:\\d+}")
	@Requires("timeclock.establishments.change")
	String establishment(@PathVariable long id, Model model) {
		TimeclockAdministration.EstablishmentView e = this.timeclock.establishment(id);
		return establishmentForm(model, e,
				new TimeclockAdministration.EstablishmentForm(e.name(),
						e.employerDocument() == null ? "" : e.employerDocument(), e.ceiCaepfCno(), e.address(),
						e.timeZone(), e.active()));
	}

	@PostMapping("/app/establishments/{id:\\d+}")
	@Requires("timeclock.establishments.change")
	String updateEstablishment(@PathVariable long id, @RequestParam(defaultValue = "") String name,
			@RequestParam(name = "employer_document", defaultValue = "") String employerDocument,
			@RequestParam(name = "cei_caepf_cno", defaultValue = "") String ceiCaepfCno,
			@RequestParam(defaultValue = "") String address,
			@RequestParam(name = "time_zone", defaultValue = "") String timeZone,
			@RequestParam(defaultValue = "false") boolean active, Model model, RedirectAttributes redirect) {
		TimeclockAdministration.EstablishmentForm form = new TimeclockAdministration.EstablishmentForm(name,
				employerDocument, ceiCaepfCno, address, timeZone, active);
		try {
			TimeclockAdministration.EstablishmentView saved = this.timeclock.updateEstablishment(id, form,
					PageModel.caller());
			redirect.addFlashAttribute("saved", saved.name());
			return "redirect:/app/establishments/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return establishmentForm(model, this.timeclock.establishment(id), form);
		}
	}

	private static String establishmentForm(Model model, TimeclockAdministration.@Nullable EstablishmentView existing,
			TimeclockAdministration.EstablishmentForm form) {
		model.addAttribute("establishment", existing);
		model.addAttribute("form", form);
		model.addAttribute("zones", BRAZIL_ZONES);
		return "establishment-form";
	}

	/** Brazil's IANA zones, offered as suggestions (any IANA id is accepted). */
	static final List<String> BRAZIL_ZONES = List.of("America/Sao_Paulo", "America/Bahia", "America/Fortaleza",
			"America/Recife", "America/Belem", "America/Maceio", "America/Araguaina", "America/Manaus",
			"America/Cuiaba", "America/Campo_Grande", "America/Porto_Velho", "America/Boa_Vista", "America/Rio_Branco",
			"America/Eirunepe", "America/Santarem", "America/Noronha");

	private static ResponseEntity<byte[]> download(byte[] bytes, MediaType type, String name, boolean attachment) {
		ContentDisposition disposition = (attachment ? ContentDisposition.attachment() : ContentDisposition.inline())
			.filename(name)
			.build();
		return ResponseEntity.ok()
			.contentType(type)
			.header(HttpHeaders.CONTENT_DISPOSITION, disposition.toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(bytes);
	}

}
