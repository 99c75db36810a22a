package br.suite.timeclock.holiday;

import java.time.LocalDate;
import java.time.Year;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;
import br.suite.timeclock.TimeclockProblems;
import br.suite.timeclock.schedule.JornadaForms;
import br.suite.web.FormErrors;
import br.suite.web.FormFields;

/**
 * The holidays of a year (issue 24 item 3): the national ones built in, with their law,
 * and the company's state and municipal ones, added for every establishment or one, and
 * removed.
 */
@Controller
class HolidayPages {

	/** The module's fields at the form's, in the form's words. */
	private static final FormFields FIELDS = FormFields.otherwise("holidays.error.name")
		.field("date", "holidays.error.date")
		.field("name", "holidays.error.name")
		.field("scope", "holidays.error.scope")
		.field("establishment_id", "holidays.error.establishment")
		.problem(TimeclockProblems.HolidayExists.class, "date", "holidays.error.exists");

	private final Holidays holidays;

	private final Establishments establishments;

	HolidayPages(Holidays holidays, Establishments establishments) {
		this.holidays = holidays;
		this.establishments = establishments;
	}

	/** A holiday as the list shows it. */
	record Row(@Nullable Long id, LocalDate date, String weekday, String name, String scope,
			@Nullable String establishmentName, @Nullable String law) {
	}

	/** What the form sends, as typed (a field not sent: blank). */
	record Form(String date, String name, String scope, @BindParam("establishment_id") @Nullable Long establishmentId) {

		Form {
			date = date == null ? "" : date;
			name = name == null ? "" : name;
			scope = scope == null ? "" : scope;
		}

	}

	@GetMapping({ "/app/holidays", "/app/holidays/" })
	@Requires("timeclock.holidays.view")
	String list(@RequestParam(required = false) @Nullable String year,
			@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId, Model model) {
		return page(model, year, establishmentId, new Form("", "", "municipal", null));
	}

	@PostMapping({ "/app/holidays", "/app/holidays/" })
	@Requires("timeclock.holidays.change")
	String add(Form form, Model model, RedirectAttributes redirect) {
		InvalidRequest.Builder typed = InvalidRequest.builder();
		LocalDate day = JornadaForms.date(form.date(), "date", "holidays.error.date", typed);
		return FormErrors.submit(model, FIELDS, () -> {
			typed.throwIfAny();
			return this.holidays.create(new HolidayRequest(day, form.name(), form.scope(), form.establishmentId()),
					CurrentUser.get().id());
		}, added -> {
			redirect.addFlashAttribute("added", added.name());
			return "redirect:/app/holidays/?year=" + added.date().getYear();
		}, () -> page(model, day == null ? null : Integer.toString(day.getYear()), null, form));
	}

	@PostMapping("/app/holidays/{id:\\d+}/delete")
	@Requires("timeclock.holidays.change")
	String remove(@PathVariable long id, @RequestParam(required = false) @Nullable String year,
			RedirectAttributes redirect) {
		String name = "";
		try {
			name = this.holidays.list(year, null)
				.stream()
				.filter(h -> h.id() != null && h.id() == id)
				.map(HolidayResponse::name)
				.findFirst()
				.orElse("");
		}
		catch (InvalidRequest noYear) {
			// Only the confirmation loses the name.
		}
		this.holidays.delete(id);
		redirect.addFlashAttribute("removed", name);
		return "redirect:/app/holidays/" + (name.isEmpty() ? "" : "?year=" + year);
	}

	private String page(Model model, @Nullable String year, @Nullable Long establishmentId, Form form) {
		String chosen = year == null || year.isBlank() ? Integer.toString(Year.now(DateTimes.BRAZIL).getValue())
				: year.strip();
		List<Establishment> all = this.establishments.list();
		model.addAttribute("establishments", all);
		model.addAttribute("establishmentId", establishmentId);
		model.addAttribute("year", chosen);
		model.addAttribute("form", form);
		List<Row> rows = new ArrayList<>();
		try {
			for (HolidayResponse h : this.holidays.list(chosen,
					establishmentId == null ? null : establishmentId.toString())) {
				String establishment = h.establishmentId() == null ? null
						: all.stream()
							.filter(e -> e.id() == h.establishmentId())
							.map(Establishment::name)
							.findFirst()
							.orElse("");
				rows.add(new Row(h.id(), h.date(), h.date().getDayOfWeek().name().toLowerCase(Locale.ROOT), h.name(),
						h.scope(), establishment, h.law()));
			}
		}
		catch (InvalidRequest refusal) {
			if (!model.containsAttribute("errors")) {
				FormErrors.problem(model, "holidays.error.year");
			}
		}
		model.addAttribute("holidays", rows);
		return "holidays";
	}

}
