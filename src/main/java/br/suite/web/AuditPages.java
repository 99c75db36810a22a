package br.suite.web;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.audit.AuditDesk;
import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.webhooks.WebhookDesk;

/**
 * The audit log with the API's filters (who, action, resource, days), newest first, a
 * page at a time; and the webhook deliveries that gave up, each to send again.
 */
@Controller
class AuditPages {

	private final AuditDesk audit;

	private final WebhookDesk webhooks;

	AuditPages(AuditDesk audit, WebhookDesk webhooks) {
		this.audit = audit;
		this.webhooks = webhooks;
	}

	@GetMapping({ "/app/audit", "/app/audit/" })
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
			AuditDesk.EntryPage page = this.audit.list(actor(actorId), blank(action), blank(resourceType),
					blank(resourceId), CustomerPages.day("date_from", dateFrom), CustomerPages.day("date_to", dateTo),
					Pager.SIZE, Pager.offset(pagina));
			model.addAttribute("entries", page.entries());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "audit";
	}

	@GetMapping({ "/app/webhooks/failed", "/app/webhooks/failed/" })
	String failed(@RequestParam(defaultValue = "1") int pagina, Model model) {
		WebhookDesk.FailedPage page = this.webhooks.failed(Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("deliveries", page.deliveries());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "webhooks-failed";
	}

	@PostMapping("/app/webhooks/deliveries/{id}/redeliver")
	String redeliver(@PathVariable long id, Model model, RedirectAttributes redirect) {
		try {
			this.webhooks.redeliver(id);
			redirect.addFlashAttribute("redelivered", id);
			return "redirect:/app/webhooks/failed";
		}
		catch (ApiProblem problem) {
			model.addAttribute("problem", problem.getMessage());
			return failed(1, model);
		}
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

	private static @Nullable String blank(String value) {
		return value.isBlank() ? null : value.strip();
	}

}
