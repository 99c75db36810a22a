package br.suite.access.signin;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.access.users.PasswordSignIn;
import br.suite.shared.ApiProblem;
import br.suite.shared.NoPermission;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;

/**
 * The sign-in page (the form posts to Spring Security) and changing one's own password.
 */
@Controller
class SignInPages {

	private final PasswordSignIn signIn;

	SignInPages(PasswordSignIn signIn) {
		this.signIn = signIn;
	}

	@GetMapping("/login")
	@NoPermission("the sign-in form, before anyone is signed in")
	String login() {
		return "login";
	}

	@GetMapping("/app/password")
	@NoPermission("one's own password")
	String passwordForm() {
		return "password";
	}

	@PostMapping("/app/password")
	@NoPermission("one's own password")
	String changePassword(@RequestParam(name = "current_password", defaultValue = "") String currentPassword,
			@RequestParam(name = "new_password", defaultValue = "") String newPassword,
			@RequestParam(name = "new_password_again", defaultValue = "") String again, Model model,
			HttpServletRequest request) {
		if (!newPassword.equals(again)) {
			FormErrors.field(model, "new_password_again", "A confirmação não é igual à nova senha.");
			return "password";
		}
		if (newPassword.length() < 10 || newPassword.length() > 200) {
			FormErrors.field(model, "new_password", "A nova senha deve ter de 10 a 200 caracteres.");
			return "password";
		}
		try {
			this.signIn.changePassword(PageModel.caller(), currentPassword, newPassword, request.getRemoteAddr());
		}
		catch (ApiProblem problem) {
			if (problem.status().value() == 429 || problem.status().value() == 503) {
				// Guessing the current password is throttled as sign-ins are: say it as
				// the sign-in page does.
				model.addAttribute("throttled", true);
				return "password";
			}
			FormErrors.show(model, problem);
			return "password";
		}
		// This session goes on (the others ended); a new id, as after a sign-in.
		request.changeSessionId();
		model.addAttribute("changed", true);
		return "password";
	}

}
