package br.suite.access.pages;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.access.AccessProblems;
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

	/**
	 * The user form as typed (the API's names): an unticked box is false, a blank CPF
	 * none.
	 */
	record UserForm(@BindParam("full_name") @Nullable String fullName, @Nullable String email,
			@BindParam("role_id") @Nullable Long roleId, @BindParam("is_employee") @Nullable Boolean isEmployee,
			@Nullable String cpf, @BindParam("establishment_id") @Nullable Long establishmentId,
			@Nullable Boolean active) {

		AccessAdministration.UserChanges changes() {
			return new AccessAdministration.UserChanges(this.fullName == null ? "" : this.fullName,
					this.email == null ? "" : this.email, this.roleId, Boolean.TRUE.equals(this.isEmployee),
					this.cpf == null || this.cpf.isBlank() ? null : this.cpf, this.establishmentId,
					Boolean.TRUE.equals(this.active));
		}

	}

	/** The role form as typed; no box ticked is no permission. */
	record RoleForm(@Nullable String name, @Nullable String description, @Nullable List<String> permissions) {

		RoleForm {
			name = name == null ? "" : name;
			description = description == null ? "" : description;
			permissions = permissions == null ? List.of() : List.copyOf(permissions);
		}

	}

	@PostMapping("/app/users/{id:\\d+}")
	@Requires("access.users.change")
	String updateUser(@PathVariable long id, UserForm form, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserChanges changes = form.changes();
		// Anti-escalation: a new role with permissions the caller lacks is refused at the
		// role.
		return FormErrors.submit(model, AccessProblems.NotGrantable.class, "role_id",
				() -> this.access.updateUser(id, changes, PageModel.caller()), saved -> {
					redirect.addFlashAttribute("saved", saved.username());
					return "redirect:/app/users/" + id;
				}, () -> userForm(model, this.access.user(id), changes));
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
		return FormErrors.submit(model, () -> {
			this.access.deactivateUser(id, PageModel.caller());
			return id;
		}, done -> done(redirect, "deactivated", id), () -> userConfirmation(model, user, "deactivate"));
	}

	private static String done(RedirectAttributes redirect, String what, long id) {
		redirect.addFlashAttribute("done", what);
		return "redirect:/app/users/" + id;
	}

	@PostMapping("/app/users/{id:\\d+}/reactivate")
	@Requires("access.users.change")
	String reactivate(@PathVariable long id, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserDetail user = this.access.user(id);
		return FormErrors.submit(model, () -> {
			this.access.reactivateUser(id, PageModel.caller());
			return id;
		}, done -> done(redirect, "reactivated", id),
				() -> userForm(model, user, new AccessAdministration.UserChanges(user.fullName(), user.email(),
						user.roleId(), user.isEmployee(), user.cpf(), user.establishmentId(), user.active())));
	}

	@PostMapping("/app/users/{id:\\d+}/reset-password")
	@Requires("access.users.change")
	String resetPassword(@PathVariable long id, Model model) {
		AccessAdministration.UserDetail user = this.access.user(id);
		return FormErrors.submit(model, () -> this.access.resetPassword(id, PageModel.caller()), temporary -> {
			model.addAttribute("user", user);
			model.addAttribute("temporaryPassword", temporary);
			return "user-password";
		}, () -> userConfirmation(model, user, "reset-password"));
	}

	@PostMapping("/app/users/{id:\\d+}/revoke")
	@Requires("access.users.change")
	String revoke(@PathVariable long id, Model model, RedirectAttributes redirect) {
		AccessAdministration.UserDetail user = this.access.user(id);
		return FormErrors.submit(model, () -> {
			this.access.revokeTokens(id, PageModel.caller());
			return id;
		}, done -> done(redirect, "revoked", id), () -> userConfirmation(model, user, "revoke"));
	}

	@GetMapping("/app/roles/{id:\\d+}")
	@Requires("access.roles.change")
	String role(@PathVariable long id, Model model) {
		AccessAdministration.RoleView role = this.access.role(id);
		return roleForm(model, role, role.name(), role.description(), role.permissions());
	}

	@PostMapping("/app/roles/{id:\\d+}")
	@Requires("access.roles.change")
	String updateRole(@PathVariable long id, RoleForm form, Model model, RedirectAttributes redirect) {
		// A permission the caller lacks, or holders above the caller: refused at the
		// boxes.
		return FormErrors.submit(model, ApiProblem.Forbidden.class, "permissions", () -> this.access.updateRole(id,
				form.name(), form.description(), form.permissions(), PageModel.caller()), role -> {
					redirect.addFlashAttribute("updated", role.name());
					return "redirect:/app/roles/";
				}, () -> roleForm(model, this.access.role(id), form.name(), form.description(), form.permissions()));
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
		return FormErrors.submit(model, () -> {
			this.access.deleteRole(id);
			return role.name();
		}, deleted -> {
			redirect.addFlashAttribute("deleted", deleted);
			return "redirect:/app/roles/";
		}, () -> {
			model.addAttribute("role", role);
			return "role-delete";
		});
	}

}
