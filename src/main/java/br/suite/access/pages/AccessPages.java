package br.suite.access.pages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
import br.suite.access.AccessProblems;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Users and roles: lists, a new role from the grouped permission catalogue, a new user
 * and its password.
 */
@Controller
class AccessPages {

	private final AccessAdministration access;

	AccessPages(AccessAdministration access) {
		this.access = access;
	}

	@GetMapping({ "/app/roles", "/app/roles/" })
	@Requires("access.roles.view")
	String roles(Model model) {
		model.addAttribute("roles", this.access.roles());
		return "roles";
	}

	@GetMapping("/app/roles/new")
	@Requires("access.roles.change")
	String newRole(Model model) {
		return roleForm(model, "", "", List.of());
	}

	@PostMapping("/app/roles/new")
	@Requires("access.roles.change")
	String createRole(AccessChangePages.RoleForm form, Model model, RedirectAttributes redirect) {
		// A permission the caller does not hold is refused at its box.
		return FormErrors.submit(model, ApiProblem.Forbidden.class, "permissions",
				() -> this.access.createRole(form.name(), form.description(), form.permissions(), PageModel.caller()),
				role -> {
					redirect.addFlashAttribute("created", role.name());
					return "redirect:/app/roles/";
				}, () -> roleForm(model, form.name(), form.description(), form.permissions()));
	}

	private String roleForm(Model model, String name, String description, List<String> chosen) {
		model.addAttribute("name", name);
		model.addAttribute("description", description);
		model.addAttribute("chosen", chosen);
		model.addAttribute("groups", groups(this.access.catalogue()));
		return "role-form";
	}

	/** One permission of the catalogue, with its module for the group heading. */
	record Permission(String name, String description) {
	}

	/**
	 * The catalogue grouped by module (the part before the first dot), in catalogue
	 * order.
	 */
	static Map<String, List<Permission>> groups(Map<String, String> catalogue) {
		Map<String, List<Permission>> groups = new LinkedHashMap<>();
		catalogue.forEach((name, description) -> groups
			.computeIfAbsent(name.substring(0, name.indexOf('.')), m -> new ArrayList<>())
			.add(new Permission(name, description)));
		return groups;
	}

	@GetMapping({ "/app/users", "/app/users/" })
	@Requires("access.users.view")
	String users(@RequestParam(required = false) @Nullable String q, @RequestParam(defaultValue = "1") int pagina,
			Model model) {
		AccessAdministration.UserPage page = this.access.users(q, Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("users", page.users());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		model.addAttribute("q", q == null ? "" : q);
		return "users";
	}

	@GetMapping("/app/users/new")
	@Requires("access.users.change")
	String newUser(Model model) {
		return userForm(model, "", "", "", false, null);
	}

	/** The new user form as typed. */
	record NewUserForm(@Nullable String username, @Nullable String email,
			@BindParam("full_name") @Nullable String fullName, @BindParam("is_employee") @Nullable Boolean isEmployee,
			@BindParam("role_id") @Nullable Long roleId) {

		NewUserForm {
			username = username == null ? "" : username;
			email = email == null ? "" : email;
			fullName = fullName == null ? "" : fullName;
		}

		boolean employee() {
			return Boolean.TRUE.equals(this.isEmployee);
		}

	}

	@PostMapping("/app/users/new")
	@Requires("access.users.change")
	String createUser(NewUserForm form, Model model) {
		// Anti-escalation: a role with permissions the caller lacks is refused at the
		// role.
		return FormErrors.submit(model, AccessProblems.NotGrantable.class, "role_id",
				() -> this.access.createUser(form.username(), form.email(), form.fullName(), form.employee(),
						form.roleId(), PageModel.caller()),
				user -> {
					model.addAttribute("created", user);
					return "user-created";
				},
				() -> userForm(model, form.username(), form.email(), form.fullName(), form.employee(), form.roleId()));
	}

	private String userForm(Model model, String username, String email, String fullName, boolean isEmployee,
			@Nullable Long roleId) {
		model.addAttribute("username", username);
		model.addAttribute("email", email);
		model.addAttribute("fullName", fullName);
		model.addAttribute("isEmployee", isEmployee);
		model.addAttribute("roleId", roleId);
		model.addAttribute("roles", this.access.roles());
		return "user-form";
	}

}
