package br.suite.access.pages;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.access.AccessAdministration;
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
	String createRole(@RequestParam(defaultValue = "") String name, @RequestParam(defaultValue = "") String description,
			@RequestParam(name = "permissions", required = false) @Nullable List<String> permissions, Model model,
			RedirectAttributes redirect) {
		List<String> chosen = permissions == null ? List.of() : permissions;
		try {
			AccessAdministration.RoleView role = this.access.createRole(name, description, chosen, PageModel.caller());
			redirect.addFlashAttribute("created", role.name());
			return "redirect:/app/roles/";
		}
		catch (ApiProblem problem) {
			showRoleRefusal(model, problem);
			return roleForm(model, name, description, chosen);
		}
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

	@PostMapping("/app/users/new")
	@Requires("access.users.change")
	String createUser(@RequestParam(defaultValue = "") String username, @RequestParam(defaultValue = "") String email,
			@RequestParam(name = "full_name", defaultValue = "") String fullName,
			@RequestParam(name = "is_employee", defaultValue = "false") boolean isEmployee,
			@RequestParam(name = "role_id", required = false) @Nullable Long roleId, Model model) {
		try {
			AccessAdministration.CreatedUser user = this.access.createUser(username, email, fullName, isEmployee,
					roleId, PageModel.caller());
			model.addAttribute("created", user);
			return "user-created";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			if (problem.status().value() == 403) {
				// Anti-escalation: the chosen role holds permissions the caller does not;
				// say it at the role.
				model.addAttribute("errors", Map.of("role_id", List.of(FormErrors.describe(problem))));
				model.addAttribute("problem", null);
			}
			return userForm(model, username, email, fullName, isEmployee, roleId);
		}
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

	/**
	 * A role form's refusal next to its fields; the anti-escalation refusal (403:
	 * permissions the caller does not hold) at the permissions.
	 */
	static void showRoleRefusal(Model model, ApiProblem problem) {
		FormErrors.show(model, problem);
		if (problem.status().value() == 403) {
			model.addAttribute("errors", Map.of("permissions", List.of(FormErrors.describe(problem))));
			model.addAttribute("problem", null);
		}
	}

}
