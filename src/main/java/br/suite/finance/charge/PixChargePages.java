package br.suite.finance.charge;

import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.finance.FinanceProblems;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;

/**
 * A pix charge's page, its Pix part: create (or send again) the charge at the provider,
 * and the QR code image the page shows. The outcome is the page's own Portuguese message
 * (by the field a refusal names).
 */
@Controller
class PixChargePages {

	private final PixCharges pixCharges;

	PixChargePages(PixCharges pixCharges) {
		this.pixCharges = pixCharges;
	}

	@PostMapping("/app/charges/{id}/pix")
	@Requires("finance.charges.change")
	String create(@PathVariable long id, RedirectAttributes redirect) {
		String outcome = "created";
		try {
			this.pixCharges.create(id, null);
		}
		catch (FinanceProblems.ProviderFailed failed) {
			outcome = "failed";
		}
		catch (br.suite.shared.InvalidRequest invalid) {
			outcome = "refused.connection_id";
		}
		catch (FinanceProblems.PixChargeRefused refused) {
			Object field = refused.toProblemDetail().getProperties() == null ? null
					: refused.toProblemDetail().getProperties().get("field");
			outcome = field instanceof String name ? "refused." + name : "refused.other";
		}
		catch (ApiProblem problem) {
			outcome = "refused.other";
		}
		redirect.addFlashAttribute("pixOutcome", outcome);
		return "redirect:/app/charges/" + id + "/";
	}

	@GetMapping("/app/charges/{id}/qrcode.png")
	@Requires("finance.charges.view")
	ResponseEntity<byte[]> qrCode(@PathVariable long id) {
		return ResponseEntity.ok()
			.contentType(MediaType.IMAGE_PNG)
			.cacheControl(CacheControl.noStore())
			.body(QrCodes.png(this.pixCharges.brCode(id)));
	}

}
