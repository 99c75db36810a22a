package br.suite.timeclock;

import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.BeanChecks;
import br.suite.shared.DateTimes;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;

/** The establishments (the employer data of each AFD), listed, created and changed. */
@Controller
class EstablishmentPages {

	private final Establishments establishments;

	private final Validator validator;

	EstablishmentPages(Establishments establishments, Validator validator) {
		this.establishments = establishments;
		this.validator = validator;
	}

	/** What the establishment form sends; a field left out is empty, the box unticked. */
	record Form(String name, @BindParam("employer_document") String employerDocument,
			@BindParam("cei_caepf_cno") String ceiCaepfCno, String address, @BindParam("time_zone") String timeZone,
			Boolean active) {

		Form {
			name = orEmpty(name);
			employerDocument = orEmpty(employerDocument);
			ceiCaepfCno = orEmpty(ceiCaepfCno);
			address = orEmpty(address);
			timeZone = orEmpty(timeZone);
			active = Boolean.TRUE.equals(active);
		}

		static Form of(Establishment e) {
			return new Form(e.name(), e.employerDocument() == null ? "" : e.employerDocument(), e.ceiCaepfCno(),
					e.address(), e.timeZone().getId(), e.active());
		}

		private static String orEmpty(@Nullable String value) {
			return value == null ? "" : value;
		}

	}

	/** The form as the service takes it, checked as the API checks its body. */
	private EstablishmentRequest request(Form form) {
		EstablishmentRequest request = new EstablishmentRequest(form.name(), form.employerDocument(),
				form.ceiCaepfCno(), form.address(), form.timeZone(), form.active());
		BeanChecks.check(this.validator, request);
		return request;
	}

	@GetMapping({ "/app/establishments", "/app/establishments/" })
	@Requires("timeclock.establishments.view")
	String establishments(Model model) {
		model.addAttribute("establishments", this.establishments.list());
		return "establishments";
	}

	@GetMapping("/app/establishments/new")
	@Requires("timeclock.establishments.change")
	String newEstablishment(Model model) {
		return establishmentForm(model, null, new Form("", "", "", "", DateTimes.BRAZIL_ZONE_ID, true));
	}

	@PostMapping("/app/establishments/new")
	@Requires("timeclock.establishments.change")
	String createEstablishment(Form form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.establishments.create(request(form), PageModel.caller().id()),
				created -> {
					redirect.addFlashAttribute("saved", created.name());
					return "redirect:/app/establishments/";
				}, () -> establishmentForm(model, null, form));
	}

	@GetMapping("/app/establishments/{id:\\d+}")
	@Requires("timeclock.establishments.change")
	String establishment(@PathVariable long id, Model model) {
		Establishment e = this.establishments.get(id);
		return establishmentForm(model, e, Form.of(e));
	}

	@PostMapping("/app/establishments/{id:\\d+}")
	@Requires("timeclock.establishments.change")
	String updateEstablishment(@PathVariable long id, Form form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model,
				() -> this.establishments.update(id, current -> request(form), PageModel.caller().id()), saved -> {
					redirect.addFlashAttribute("saved", saved.name());
					return "redirect:/app/establishments/";
				}, () -> establishmentForm(model, this.establishments.get(id), form));
	}

	private static String establishmentForm(Model model, @Nullable Establishment existing, Form form) {
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

}
