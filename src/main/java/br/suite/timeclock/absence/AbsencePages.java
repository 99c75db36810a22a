package br.suite.timeclock.absence;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.http.BodyLimits;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.EmployeeChoices;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.jornada.AbsenceKind;
import br.suite.timeclock.schedule.JornadaForms;
import br.suite.web.FormErrors;
import br.suite.web.FormFields;

/**
 * Absences (issue 24 item 4): an employee's (or everyone's) absences of a month,
 * recording one with its kind and its medical certificate (PDF, JPEG or PNG) in one step,
 * and opening the certificate — health data, only with
 * {@code timeclock.certificates.view}, each read audited by {@link Absences}.
 */
@Controller
class AbsencePages {

	/** The module's fields at the form's, in the form's words. */
	private static final FormFields FIELDS = FormFields.otherwise("absences.error.kind")
		.field("employee_id", "absences.error.employee")
		.field("date_from", "absences.error.date")
		.field("date_to", "absences.error.dateTo")
		.field("kind", "absences.error.kind")
		.field("note", "absences.error.note")
		.field("certificate", "absences.error.certificate")
		.problem(TimeclockProblems.AbsenceOverlaps.class, "date_from", "absences.error.overlaps");

	private final Absences absences;

	private final EmployeeChoices employees;

	private final TransactionTemplate transaction;

	AbsencePages(Absences absences, EmployeeChoices employees, TransactionTemplate transaction) {
		this.absences = absences;
		this.employees = employees;
		this.transaction = transaction;
	}

	/** An absence as the list shows it. */
	record Row(long id, String employeeName, LocalDate dateFrom, LocalDate dateTo, String kind, boolean justified,
			String note, boolean hasCertificate) {
	}

	/** What the form sends, as typed (a field not sent: blank). */
	record Form(@BindParam("employee_id") @Nullable Long employeeId, @BindParam("date_from") String dateFrom,
			@BindParam("date_to") String dateTo, String kind, String note) {

		Form {
			dateFrom = dateFrom == null ? "" : dateFrom;
			dateTo = dateTo == null ? "" : dateTo;
			kind = kind == null ? "" : kind;
			note = note == null ? "" : note;
		}

	}

	@GetMapping({ "/app/absences", "/app/absences/" })
	@Requires("timeclock.absences.view")
	String list(@RequestParam(name = "employee_id", required = false) @Nullable Long employeeId,
			@RequestParam(required = false) @Nullable String month, Model model) {
		return page(model, employeeId, month, new Form(employeeId, "", "", "atestado", ""));
	}

	@PostMapping({ "/app/absences", "/app/absences/" })
	@Requires("timeclock.absences.change")
	String record(Form form, @RequestParam(name = "certificate", required = false) @Nullable MultipartFile certificate,
			Model model, RedirectAttributes redirect) {
		InvalidRequest.Builder typed = InvalidRequest.builder();
		LocalDate from = JornadaForms.date(form.dateFrom(), "date_from", "absences.error.date", typed);
		if (form.dateFrom().isBlank()) {
			typed.add("date_from", "{absences.error.date}");
		}
		LocalDate to = form.dateTo().isBlank() ? from
				: JornadaForms.date(form.dateTo(), "date_to", "absences.error.date", typed);
		byte[] file = null;
		if (certificate != null && !certificate.isEmpty()) {
			file = bytes(certificate);
			if (file.length > Absences.MAX_CERTIFICATE_BYTES || Absences.contentType(file) == null) {
				typed.add("certificate", "{absences.error.certificate}");
			}
		}
		byte[] attached = file;
		return FormErrors.submit(model, FIELDS, () -> {
			typed.throwIfAny();
			// The absence and its certificate together: a refused file records nothing.
			return this.transaction.execute(status -> {
				AbsenceResponse created = this.absences.create(
						new AbsenceRequest(form.employeeId(), from, to, form.kind(), form.note()),
						CurrentUser.get().id());
				return attached == null ? created : this.absences.attach(created.id(), attached);
			});
		}, made -> {
			redirect.addFlashAttribute("recorded", this.employees.name(made.employeeId()));
			return "redirect:/app/absences/?employee_id=" + made.employeeId() + "&month="
					+ YearMonth.from(made.dateFrom());
		}, () -> page(model, form.employeeId(), from == null ? null : YearMonth.from(from).toString(), form));
	}

	@PostMapping("/app/absences/{id:\\d+}/delete")
	@Requires("timeclock.absences.change")
	String remove(@PathVariable long id, RedirectAttributes redirect) {
		AbsenceResponse absence = this.absences.get(id);
		this.absences.delete(id);
		redirect.addFlashAttribute("removed", true);
		return "redirect:/app/absences/?employee_id=" + absence.employeeId() + "&month="
				+ YearMonth.from(absence.dateFrom());
	}

	@GetMapping("/app/absences/{id:\\d+}/certificate")
	@Requires("timeclock.certificates.view")
	ResponseEntity<byte[]> certificate(@PathVariable long id) {
		Absences.Certificate certificate = this.absences.certificate(id);
		String extension = switch (certificate.contentType()) {
			case "application/pdf" -> ".pdf";
			case "image/png" -> ".png";
			default -> ".jpg";
		};
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(certificate.contentType()))
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.inline().filename("atestado-" + id + extension).build().toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(certificate.bytes());
	}

	private String page(Model model, @Nullable Long employeeId, @Nullable String month, Form form) {
		YearMonth chosen = YearMonth.now(DateTimes.BRAZIL);
		if (month != null && !month.isBlank()) {
			try {
				chosen = YearMonth.parse(month.strip());
			}
			catch (DateTimeParseException ex) {
				if (!model.containsAttribute("errors")) {
					FormErrors.field(model, "month", "{absences.error.month}");
				}
			}
		}
		model.addAttribute("employees", this.employees.employees());
		model.addAttribute("employeeId", employeeId);
		model.addAttribute("month", chosen.toString());
		model.addAttribute("form", form);
		model.addAttribute("kinds", java.util.Arrays.stream(AbsenceKind.values()).map(AbsenceKind::wire).toList());
		List<Row> rows = new ArrayList<>();
		for (AbsenceResponse a : this.absences
			.list(employeeId, chosen.atDay(1), chosen.atEndOfMonth(), new Paging(null, null))
			.items()) {
			rows.add(new Row(a.id(), this.employees.name(a.employeeId()), a.dateFrom(), a.dateTo(), a.kind(),
					a.justified(), a.note(), a.hasCertificate()));
		}
		model.addAttribute("absences", rows);
		return "absences";
	}

	/** The page's upload takes a file's limit, like the API's certificate upload. */
	@Configuration(proxyBeanMethods = false)
	static class Limits {

		@Bean
		BodyLimits absencePageLimits() {
			return new BodyLimits(Map.of("/app/absences", BodyLimits.UPLOAD_AS_FORM));
		}

	}

	private static byte[] bytes(MultipartFile file) {
		try {
			return file.getBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
