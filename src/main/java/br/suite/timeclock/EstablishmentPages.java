package br.suite.timeclock;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.DateTimes;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;

/** The establishments (the employer data of each AFD), listed, created and changed. */
@Controller
class EstablishmentPages {

	private final TimeclockAdministration timeclock;

	EstablishmentPages(TimeclockAdministration timeclock) {
		this.timeclock = timeclock;
	}

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

}
