package br.suite.webhooks;

import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.Pager;

/** The webhook deliveries that gave up, each to send again. */
@Controller
class WebhookPages {

	private final Deliveries deliveries;

	WebhookPages(Deliveries deliveries) {
		this.deliveries = deliveries;
	}

	@GetMapping({ "/app/webhooks/failed", "/app/webhooks/failed/" })
	@Requires("webhooks.subscriptions.view")
	String failed(@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("deliveries", this.deliveries.failed(Pager.paging(pagina)));
		model.addAttribute("pager", Pager.of(pagina, this.deliveries.countFailed()));
		return "webhooks-failed";
	}

	@PostMapping("/app/webhooks/deliveries/{id}/redeliver")
	@Requires("webhooks.subscriptions.change")
	String redeliver(@PathVariable long id, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.deliveries.redeliver(id), redelivered -> {
			redirect.addFlashAttribute("redelivered", id);
			return "redirect:/app/webhooks/failed";
		}, () -> failed(1, model));
	}

	/** Deliveries that gave up. */
	@Bean
	static DashboardTile failedDeliveriesTile(Deliveries deliveries) {
		return DashboardTile.of("webhooks.subscriptions.view", () -> new DashboardTile.Count(50, "contagem-webhooks",
				deliveries.countFailed(), "dashboard.failedDeliveries", "/app/webhooks/failed"));
	}

}
