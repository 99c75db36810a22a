package br.suite.timeclock.closing;

import java.time.YearMonth;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.timesheet.Timesheets;
import br.suite.web.FormErrors;
import br.suite.web.Formats;

/**
 * Month closings in the back office: HR lists an establishment's closings, closes a
 * month, reads who signed, and (with its own permission) reopens a month after a
 * confirmation; each employee sees and signs their closed espelhos ("Meu espelho").
 * Refusals are shown in Portuguese from the problem's {@code code}.
 */
@Controller
class ClosingPages {

	private final Closings closings;

	private final Establishments establishments;

	private final Timesheets timesheets;

	private final MessageSource messages;

	ClosingPages(Closings closings, Establishments establishments, Timesheets timesheets, MessageSource messages) {
		this.closings = closings;
		this.establishments = establishments;
		this.timesheets = timesheets;
		this.messages = messages;
	}

	// HR: closings of an establishment

	@GetMapping({ "/app/closings", "/app/closings/" })
	@Requires("timeclock.closings.view")
	String list(@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			Model model) {
		List<Establishment> all = this.establishments.list();
		long chosen = establishmentId != null ? establishmentId
				: all.isEmpty() ? Establishments.DEFAULT : all.get(0).id();
		model.addAttribute("establishments", all);
		model.addAttribute("establishmentId", chosen);
		List<ClosingResponse> list = this.closings.list(chosen, null, null, new Paging(null, null)).items();
		model.addAttribute("closings", list);
		model.addAttribute("monthNames", monthNames(list.stream().map(ClosingResponse::month).toList()));
		if (!model.containsAttribute("month")) {
			model.addAttribute("month", YearMonth.now(DateTimes.BRAZIL).minusMonths(1).toString());
		}
		return "closings";
	}

	@PostMapping("/app/closings/close")
	@Requires("timeclock.closings.change")
	String close(@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(defaultValue = "") String month, RedirectAttributes redirect) {
		String typed = month.strip();
		try {
			if (!typed.matches("\\d{4}-\\d{2}")) {
				throw InvalidRequest.of("month", text("closings.monthInvalid"));
			}
			ClosingResponse closing = this.closings.close(new ClosingRequest(establishmentId, typed),
					CurrentUser.get());
			redirect.addFlashAttribute("closed", month(closing.month()));
			return "redirect:/app/closings/" + closing.id();
		}
		catch (ApiProblem problem) {
			show(redirect, problem);
			redirect.addFlashAttribute("month", typed);
			return "redirect:/app/closings/" + (establishmentId == null ? "" : "?establishment_id=" + establishmentId);
		}
	}

	@GetMapping("/app/closings/{id:\\d+}")
	@Requires("timeclock.closings.view")
	String closing(@PathVariable long id, Model model) {
		ClosingResponse closing = this.closings.get(id, true);
		model.addAttribute("closing", closing);
		model.addAttribute("monthName", month(closing.month()));
		model.addAttribute("establishment", this.establishments.find(closing.establishmentId()).orElse(null));
		return "closing";
	}

	@GetMapping("/app/closings/{id:\\d+}/reopen")
	@Requires("timeclock.closings.reopen")
	String reopenQuestion(@PathVariable long id, Model model) {
		ClosingResponse closing = this.closings.get(id, false);
		model.addAttribute("closing", closing);
		model.addAttribute("monthName", month(closing.month()));
		return "closing-reopen";
	}

	@PostMapping("/app/closings/{id:\\d+}/reopen")
	@Requires("timeclock.closings.reopen")
	String reopen(@PathVariable long id, RedirectAttributes redirect) {
		ClosingResponse closing = this.closings.get(id, false);
		try {
			this.closings.reopen(id, CurrentUser.get());
			redirect.addFlashAttribute("reopened", month(closing.month()));
		}
		catch (ApiProblem problem) {
			show(redirect, problem);
		}
		return "redirect:/app/closings/" + id;
	}

	// The employee: Meu espelho

	@GetMapping({ "/app/my-timesheets", "/app/my-timesheets/" })
	@Requires("timeclock.own.view")
	String mine(Model model) {
		List<OwnTimesheetResponse> months = this.closings.ownMonths(CurrentUser.get().id());
		model.addAttribute("months", months);
		model.addAttribute("monthNames", monthNames(months.stream().map(OwnTimesheetResponse::month).toList()));
		return "my-timesheets";
	}

	@GetMapping("/app/my-timesheets/{month}")
	@Requires("timeclock.own.view")
	String myMonth(@PathVariable String month, Model model, RedirectAttributes redirect) {
		try {
			YearMonth yearMonth = Closings.month("month", month);
			model.addAttribute("own", this.closings.own(CurrentUser.get().id(), yearMonth));
		}
		catch (ApiProblem problem) {
			redirect.addFlashAttribute("problem", text("mytimesheet.notClosed"));
			return "redirect:/app/my-timesheets/";
		}
		model.addAttribute("monthName", month(month));
		if (!model.containsAttribute("disagreement")) {
			model.addAttribute("disagreement", "");
		}
		return "my-timesheet";
	}

	@GetMapping("/app/my-timesheets/{month}/pdf")
	@Requires("timeclock.own.view")
	ResponseEntity<byte[]> myPdf(@PathVariable String month) {
		OwnTimesheetResponse own = this.closings.own(CurrentUser.get().id(), Closings.month("month", month));
		byte[] pdf = this.timesheets.pdf(own.timesheet());
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_PDF)
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.inline().filename("espelho-ponto-" + month + ".pdf").build().toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(pdf);
	}

	@PostMapping("/app/my-timesheets/{month}/sign")
	@Requires("timeclock.own.view")
	String sign(@PathVariable String month, @RequestParam(name = "pdf_sha256", defaultValue = "") String pdfSha256,
			@RequestParam(defaultValue = "") String disagreement, RedirectAttributes redirect) {
		try {
			this.closings.sign(CurrentUser.get(), Closings.month("month", month),
					new SignatureRequest(pdfSha256, disagreement));
			redirect.addFlashAttribute("signed", month(month));
		}
		catch (ApiProblem problem) {
			show(redirect, problem);
			redirect.addFlashAttribute("disagreement", disagreement);
		}
		return "redirect:/app/my-timesheets/" + month;
	}

	private static Map<String, String> monthNames(List<String> months) {
		Map<String, String> names = new java.util.HashMap<>();
		months.forEach(m -> names.put(m, month(m)));
		return names;
	}

	/** "novembro de 2026". */
	static String month(String month) {
		YearMonth yearMonth = YearMonth.parse(month);
		return yearMonth.getMonth().getDisplayName(java.time.format.TextStyle.FULL, Formats.BRAZIL) + " de "
				+ yearMonth.getYear();
	}

	/**
	 * The refusal in Portuguese: a field's message when the page gave it, else the
	 * message of the problem's code (a generic one for an unknown code).
	 */
	private void show(RedirectAttributes redirect, ApiProblem problem) {
		if (problem instanceof InvalidRequest invalid) {
			Map<String, List<String>> errors = new java.util.LinkedHashMap<>();
			invalid.errors().forEach((field, list) -> errors.put(field, List.of(fieldText(field))));
			redirect.addFlashAttribute("errors", errors);
			return;
		}
		ProblemDetail detail = problem.toProblemDetail();
		Object code = detail.getProperties() == null ? null : detail.getProperties().get("code");
		String key = "closings.problem." + (code instanceof String c ? c : "other");
		redirect.addFlashAttribute("problem",
				this.messages.getMessage(key, null, text("closings.problem.other"), Formats.BRAZIL));
	}

	private String fieldText(String field) {
		return this.messages.getMessage("closings.field." + field, null, text("closings.problem.other"),
				Formats.BRAZIL);
	}

	private String text(String key) {
		return this.messages.getMessage(key, null, Formats.BRAZIL);
	}

}
