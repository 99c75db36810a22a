package br.suite.access.pages;

import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.access.EmployeeEstablishments;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;

/**
 * Changing users and roles: a user's data, status, password and sessions; a role's
 * permissions, and deleting it. Whatever ends a user's API tokens (deactivating,
 * resetting the password, "Encerrar sessões", a new role) ends their page sessions
 * everywhere too: access does it ({@link br.suite.access.tokens.UserSessions}). Each
 * destructive action is confirmed on its own page first; the access module's refusals
 * show at the field they concern (a role one may not grant at the role, permissions one
 * does not hold at the permissions).
 */
@Controller
class AccessChangePages {

	/** The confirmed actions on a user, by their path segment. */
	static final List<String> USER_ACTIONS = List.of("deactivate", "reset-password", "revoke");

	private final AccessAdministration access;

	private final EmployeeEstablishments establishments;

	AccessChangePages(AccessAdministration access, EmployeeEstablishments establishments) {
		this.access = access;
		this.establishments = establishments;
	}

	@GetMapping("/app/users/{id:\\d+}")
	@Requires("access.users.change")
	String user(@PathVariable long id, Model model) {
		AccessAdministration.UserDetail user = this.access.user(id);
		return userForm(model, user, new AccessAdministration.UserChanges(user.fullName(), user.email(), user.roleId(),
				user.isEmployee(), user.cpf(), user.establishmentId(), user.active()));
	}

	@PostMapping("/app/users/{id:\\d+}")
	@Requires("access.users.change")
	String updateUser(@PathVariable long id, @RequestParam(name = "full_name", defaultValue = "") String fullName,
			@RequestParam(defaultValue = "") String email,
			@RequestParam(name = "role_id", required = false) @Nullable Long roleId,
			@RequestParam(name = "is_employee", defaultValue = "false") boolean isEmployee,
			@RequestParam(defaultValue = "") String cpf,
			@RequestParam(name = "establishment_id", required = false) @Nullable Long establishmentId,
			@RequestParam(defaultValue = "false") boolean active, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserChanges changes = new AccessAdministration.UserChanges(fullName, email, roleId,
				isEmployee, cpf.isBlank() ? null : cpf, establishmentId, active);
		try {
			AccessAdministration.UserDetail saved = this.access.updateUser(id, changes, PageModel.caller());
			redirect.addFlashAttribute("saved", saved.username());
			return "redirect:/app/users/" + id;
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			if (problem.status().value() == 403 && properties(problem).containsKey("permissions")) {
				// Anti-escalation: the new role holds permissions the caller does not;
				// say it at the role.
				model.addAttribute("errors", Map.of("role_id", List.of(FormErrors.describe(problem))));
				model.addAttribute("problem", null);
			}
			return userForm(model, this.access.user(id), changes);
		}
	}

	private String userForm(Model model, AccessAdministration.UserDetail user, AccessAdministration.UserChanges form) {
		model.addAttribute("user", user);
		model.addAttribute("form", form);
		model.addAttribute("roles", this.access.roles());
		model.addAttribute("establishments", this.establishments.all());
		return "user-edit";
	}

	/**
	 * The confirmation step of deactivating, resetting the password or ending the
	 * sessions of a user.
	 */
	@GetMapping("/app/users/{id:\\d+}/{action:deactivate|reset-password|revoke}")
	@Requires("access.users.change")
	String confirmUserAction(@PathVariable long id, @PathVariable String action, Model model) {
		return userConfirmation(model, this.access.user(id), action);
	}

	private static String userConfirmation(Model model, AccessAdministration.UserDetail user, String action) {
		model.addAttribute("user", user);
		model.addAttribute("action", action);
		return "user-confirm";
	}

	@PostMapping("/app/users/{id:\\d+}/deactivate")
	@Requires("access.users.change")
	String deactivate(@PathVariable long id, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserDetail user = this.access.user(id);
		try {
			this.access.deactivateUser(id, PageModel.caller());
			redirect.addFlashAttribute("done", "deactivated");
			return "redirect:/app/users/" + id;
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return userConfirmation(model, user, "deactivate");
		}
	}

	@PostMapping("/app/users/{id:\\d+}/reactivate")
	@Requires("access.users.change")
	String reactivate(@PathVariable long id, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserDetail user = this.access.user(id);
		try {
			this.access.reactivateUser(id, PageModel.caller());
			redirect.addFlashAttribute("done", "reactivated");
			return "redirect:/app/users/" + id;
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return userForm(model, user, new AccessAdministration.UserChanges(user.fullName(), user.email(),
					user.roleId(), user.isEmployee(), user.cpf(), user.establishmentId(), user.active()));
		}
	}

	@PostMapping("/app/users/{id:\\d+}/reset-password")
	@Requires("access.users.change")
	String resetPassword(@PathVariable long id, Model model) {
		AccessAdministration.UserDetail user = this.access.user(id);
		try {
			String temporary = this.access.resetPassword(id, PageModel.caller());
			model.addAttribute("user", user);
			model.addAttribute("temporaryPassword", temporary);
			return "user-password";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return userConfirmation(model, user, "reset-password");
		}
	}

	@PostMapping("/app/users/{id:\\d+}/revoke")
	@Requires("access.users.change")
	String revoke(@PathVariable long id, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserDetail user = this.access.user(id);
		try {
			this.access.revokeTokens(id, PageModel.caller());
			redirect.addFlashAttribute("done", "revoked");
			return "redirect:/app/users/" + id;
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return userConfirmation(model, user, "revoke");
		}
	}

	@GetMapping("/app/roles/{id:\\d+}")
	@Requires("access.roles.change")
	String role(@PathVariable long id, Model model) {
		AccessAdministration.RoleView role = this.access.role(id);
		return roleForm(model, role, role.name(), role.description(), role.permissions());
	}

	@PostMapping("/app/roles/{id:\\d+}")
	@Requires("access.roles.change")
	String updateRole(@PathVariable long id, @RequestParam(defaultValue = "") String name,
			@RequestParam(defaultValue = "") String description,
			@RequestParam(name = "permissions", required = false) @Nullable List<String> permissions, Model model,
			RedirectAttributes redirect) {
		List<String> chosen = permissions == null ? List.of() : permissions;
		try {
			AccessAdministration.RoleView role = this.access.updateRole(id, name, description, chosen,
					PageModel.caller());
			redirect.addFlashAttribute("updated", role.name());
			return "redirect:/app/roles/";
		}
		catch (ApiProblem problem) {
			AccessPages.showRoleRefusal(model, problem);
			return roleForm(model, this.access.role(id), name, description, chosen);
		}
	}

	private String roleForm(Model model, AccessAdministration.RoleView role, String name, String description,
			List<String> chosen) {
		model.addAttribute("role", role);
		model.addAttribute("name", name);
		model.addAttribute("description", description);
		model.addAttribute("chosen", chosen);
		model.addAttribute("groups", AccessPages.groups(this.access.catalogue()));
		return "role-form";
	}

	@GetMapping("/app/roles/{id:\\d+}/delete")
	@Requires("access.roles.change")
	String confirmDelete(@PathVariable long id, Model model) {
		model.addAttribute("role", this.access.role(id));
		return "role-delete";
	}

	@PostMapping("/app/roles/{id:\\d+}/delete")
	@Requires("access.roles.change")
	String delete(@PathVariable long id, Model model, RedirectAttributes redirect) {
		AccessAdministration.RoleView role = this.access.role(id);
		try {
			this.access.deleteRole(id);
			redirect.addFlashAttribute("deleted", role.name());
			return "redirect:/app/roles/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("role", role);
			return "role-delete";
		}
	}

	private static Map<String, Object> properties(ApiProblem problem) {
		Map<String, Object> properties = problem.toProblemDetail().getProperties();
		return properties == null ? Map.of() : properties;
	}

}
