package br.suite.finance.charge;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.server.ResponseStatusException;

import br.suite.shared.NoPermission;

/**
 * The public payment page of a pix charge, {@code /pagar/{token}}, and its QR code: no
 * sign-in (its own security chain, {@link PaymentPageSecurity}), only what a boleto shows
 * ({@link PublicPayments}); 404 for a malformed or unknown token. Not cached, not
 * indexed, no referrer.
 */
@Controller
class PaymentPage {

	private final PublicPayments payments;

	PaymentPage(PublicPayments payments) {
		this.payments = payments;
	}

	@GetMapping({ "/pagar/{token}", "/pagar/{token}/" })
	@NoPermission("the public payment page: the charge's unguessable token is the credential")
	String page(@PathVariable String token, Model model, HttpServletResponse response) {
		PublicPayments.Payment payment = this.payments.find(token)
			.orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
		response.setHeader("Cache-Control", "no-store");
		response.setHeader("X-Robots-Tag", "noindex, nofollow");
		model.addAttribute("payment", payment);
		return "payment";
	}

	@GetMapping("/pagar/{token}/qrcode.png")
	@NoPermission("the public payment page's QR code: the charge's unguessable token is the credential")
	ResponseEntity<byte[]> qrCode(@PathVariable String token) {
		PublicPayments.Payment payment = this.payments.find(token)
			.filter(p -> !p.copiaECola().isEmpty())
			.orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
		return ResponseEntity.ok()
			.contentType(MediaType.IMAGE_PNG)
			.cacheControl(CacheControl.noStore())
			.header("X-Robots-Tag", "noindex, nofollow")
			.body(QrCodes.png(payment.copiaECola()));
	}

}
