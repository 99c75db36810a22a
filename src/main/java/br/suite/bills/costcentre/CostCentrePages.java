package br.suite.bills.costcentre;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.Requires;
import br.suite.shared.Versioned;
import br.suite.web.FormErrors;
import br.suite.web.Pager;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Cost centres: the list a page at a time, a new one, an edit (deactivated rather than
 * deleted), checked by the API's own service.
 */
@Controller
class CostCentrePages {

	private final CostCentreService centres;

	private final JsonMapper json;

	CostCentrePages(CostCentreService centres, JsonMapper json) {
		this.centres = centres;
		this.json = json;
	}

	@GetMapping({ "/app/cost-centres", "/app/cost-centres/" })
	@Requires("finance.cost_centres.view")
	String list(@RequestParam(defaultValue = "1") int pagina, Model model) {
		var page = this.centres.list(null, null, Pager.paging(pagina));
		model.addAttribute("centres", page.items());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "cost-centres";
	}

	@GetMapping("/app/cost-centres/new")
	@Requires("finance.cost_centres.change")
	String newCentre(Model model) {
		return form(model, null, new CostCentreRequest("", "", true), 0);
	}

	@PostMapping("/app/cost-centres/new")
	@Requires("finance.cost_centres.change")
	String create(@RequestParam(defaultValue = "") String code, @RequestParam(defaultValue = "") String name,
			Model model, RedirectAttributes redirect) {
		CostCentreRequest form = new CostCentreRequest(code, name, true);
		return FormErrors.submit(model, () -> this.centres.create(form), created -> {
			redirect.addFlashAttribute("saved", created.body().code() + " " + created.body().name());
			return "redirect:/app/cost-centres/";
		}, () -> form(model, null, form, 0));
	}

	@GetMapping("/app/cost-centres/{id}/edit")
	@Requires("finance.cost_centres.change")
	String edit(@PathVariable long id, Model model) {
		Versioned<CostCentreResponse> centre = this.centres.get(id);
		return form(model, centre.body(), CostCentreRequest.of(centre.body()), centre.version());
	}

	@PostMapping("/app/cost-centres/{id}/edit")
	@Requires("finance.cost_centres.change")
	String update(@PathVariable long id, @RequestParam(defaultValue = "") String code,
			@RequestParam(defaultValue = "") String name, @RequestParam(defaultValue = "false") boolean active,
			@RequestParam(defaultValue = "0") long version, Model model, RedirectAttributes redirect) {
		CostCentreRequest form = new CostCentreRequest(code, name, active);
		ObjectNode patch = this.json.createObjectNode().put("code", code).put("name", name).put("active", active);
		return FormErrors.submit(model, () -> this.centres.update(id, patch, ExpectedVersion.of(version)), updated -> {
			redirect.addFlashAttribute("saved", updated.body().code() + " " + updated.body().name());
			return "redirect:/app/cost-centres/";
		}, () -> form(model, this.centres.get(id).body(), form, version));
	}

	private static String form(Model model, @Nullable CostCentreResponse centre, CostCentreRequest form, long version) {
		model.addAttribute("centre", centre);
		model.addAttribute("form", form);
		model.addAttribute("version", version);
		return "cost-centre-form";
	}

}
