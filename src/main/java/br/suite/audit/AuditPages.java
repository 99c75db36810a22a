package br.suite.audit;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Pager;

/**
 * The audit log with the API's filters (who, action, resource, days), newest first, a
 * page at a time.
 */
@Controller
class AuditPages {

	private final AuditDesk audit;

	AuditPages(AuditDesk audit) {
		this.audit = audit;
	}

	@GetMapping({ "/app/audit", "/app/audit/" })
	@Requires("audit.events.view")
	String list(@RequestParam(name = "actor_id", defaultValue = "") String actorId,
			@RequestParam(defaultValue = "") String action,
			@RequestParam(name = "resource_type", defaultValue = "") String resourceType,
			@RequestParam(name = "resource_id", defaultValue = "") String resourceId,
			@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("actorId", actorId);
		model.addAttribute("action", action);
		model.addAttribute("resourceType", resourceType);
		model.addAttribute("resourceId", resourceId);
		model.addAttribute("dateFrom", dateFrom);
		model.addAttribute("dateTo", dateTo);
		model.addAttribute("entries", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		try {
			AuditDesk.EntryPage page = this.audit.list(actor(actorId), FormInput.blank(action),
					FormInput.blank(resourceType), FormInput.blank(resourceId), FormInput.day("date_from", dateFrom),
					FormInput.day("date_to", dateTo), Pager.SIZE, Pager.offset(pagina));
			model.addAttribute("entries", page.entries());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "audit";
	}

	private static @Nullable Long actor(String value) {
		if (value.isBlank()) {
			return null;
		}
		try {
			return Long.valueOf(value.strip());
		}
		catch (NumberFormatException ex) {
			throw InvalidRequest.of("actor_id", "Informe o número do usuário.");
		}
	}

}
