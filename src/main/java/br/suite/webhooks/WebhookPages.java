package br.suite.webhooks;

import org.springframework.stereotype.Component;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.Pager;

/** The webhook deliveries that gave up, each to send again. */
@Controller
class WebhookPages {

	private final WebhookDesk webhooks;

	WebhookPages(WebhookDesk webhooks) {
		this.webhooks = webhooks;
	}

	@GetMapping({ "/app/webhooks/failed", "/app/webhooks/failed/" })
	@Requires("webhooks.subscriptions.view")
	String failed(@RequestParam(defaultValue = "1") int pagina, Model model) {
		WebhookDesk.FailedPage page = this.webhooks.failed(Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("deliveries", page.deliveries());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "webhooks-failed";
	}

	@PostMapping("/app/webhooks/deliveries/{id}/redeliver")
	@Requires("webhooks.subscriptions.change")
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

	/** Deliveries that gave up. */
	@Component
	static class Tile implements DashboardTile {

		private final WebhookDesk webhooks;

		Tile(WebhookDesk webhooks) {
			this.webhooks = webhooks;
		}

		@Override
		public String permission() {
			return "webhooks.subscriptions.view";
		}

		@Override
		public Count count() {
			return new Count(50, "contagem-webhooks", this.webhooks.countFailed(), "dashboard.failedDeliveries",
					"/app/webhooks/failed");
		}

	}

}
