package br.suite.finance.collection;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.server.ResponseStatusException;

import br.suite.shared.NoPermission;

/**
 * The unsubscribe link of every collection e-mail, {@code /descadastrar/{token}}: no
 * sign-in (its own security chain, {@link UnsubscribeSecurity}); the token (one per
 * address, 244 random bits) is the credential. {@code GET} shows the address masked and
 * one button (a link scanner that follows the link unsubscribes nobody); {@code POST},
 * the button or a mail client's one-click unsubscribe (RFC 8058, the message's
 * {@code List-Unsubscribe-Post}), opts the address out and shows the confirmation. 404
 * for a malformed or unknown token.
 */
@Controller
class UnsubscribePage {

	private final Recipients recipients;

	UnsubscribePage(Recipients recipients) {
		this.recipients = recipients;
	}

	@GetMapping({ "/descadastrar/{token}", "/descadastrar/{token}/" })
	@NoPermission("the unsubscribe link of a collection e-mail: the address's unguessable token is the credential")
	String page(@PathVariable String token, Model model, HttpServletResponse response) {
		String email = email(token);
		headers(response);
		model.addAttribute("token", token);
		model.addAttribute("email", MessageMasks.email(email));
		model.addAttribute("done", this.recipients.optedOut(email));
		return "unsubscribe";
	}

	@PostMapping({ "/descadastrar/{token}", "/descadastrar/{token}/" })
	@NoPermission("one-click unsubscribe (RFC 8058) of a collection e-mail: the address's unguessable token is the "
			+ "credential; it only stops messages to that address")
	String unsubscribe(@PathVariable String token, Model model, HttpServletResponse response) {
		String email = email(token);
		this.recipients.optOut(token);
		headers(response);
		model.addAttribute("token", token);
		model.addAttribute("email", MessageMasks.email(email));
		model.addAttribute("done", true);
		return "unsubscribe";
	}

	private String email(String token) {
		if (!token.matches("[0-9a-f]{64}")) {
			throw new ResponseStatusException(HttpStatus.NOT_FOUND);
		}
		return this.recipients.byToken(token).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND));
	}

	private static void headers(HttpServletResponse response) {
		response.setHeader("Cache-Control", "no-store");
		response.setHeader("X-Robots-Tag", "noindex, nofollow");
	}

}
