package br.suite.bills.category;

import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.shared.Versioned;
import br.suite.web.FormErrors;

/**
 * The management chart of accounts: the tree by code, a new category, an edit, and
 * deactivation (a category is never deleted); checked by the API's own service.
 */
@Controller
class CategoryPages {

	private final CategoryService categories;

	CategoryPages(CategoryService categories) {
		this.categories = categories;
	}

	/** The form as typed; each input's id is the API's field name. */
	record CategoryForm(String code, String name, String kind, String parent, String dreLine, String active) {

		CategoryForm {
			code = code == null ? "" : code.strip();
			name = name == null ? "" : name.strip();
			kind = kind == null ? "" : kind;
			parent = parent == null ? "" : parent.strip();
			dreLine = dreLine == null ? "" : dreLine;
			active = active == null ? "" : active;
		}

		static CategoryForm of(CategoryResponse category) {
			return new CategoryForm(category.code(), category.name(), category.kind(),
					category.parentId() == null ? "" : category.parentId().toString(), category.dreLine(),
					category.active() ? "true" : "");
		}

		/** On the new form the box is not shown: a new category is active. */
		CategoryRequest request(boolean edit) {
			Long parentId = null;
			if (!this.parent.isEmpty()) {
				if (!this.parent.matches("\\d{1,18}")) {
					throw InvalidRequest.of("parent_id", "must be a category");
				}
				parentId = Long.parseLong(this.parent);
			}
			return new CategoryRequest(this.code, this.name, this.kind, parentId, this.dreLine,
					!edit || this.active.equals("true"));
		}

	}

	@GetMapping({ "/app/categories", "/app/categories/" })
	@Requires("finance.categories.view")
	String list(Model model) {
		model.addAttribute("categories",
				this.categories.list(new CategoryService.Filter(null, null, null, null), new Paging(null, null))
					.items());
		return "categories";
	}

	@GetMapping("/app/categories/new")
	@Requires("finance.categories.change")
	String newCategory(Model model) {
		return form(model, null, new CategoryForm("", "", "expense", "", "operating_expenses", "true"), 0);
	}

	@PostMapping("/app/categories/new")
	@Requires("finance.categories.change")
	String create(CategoryForm form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.categories.create(form.request(false)), created -> {
			redirect.addFlashAttribute("saved", created.body().code() + " " + created.body().name());
			return "redirect:/app/categories/";
		}, () -> form(model, null, form, 0));
	}

	@GetMapping("/app/categories/{id}/edit")
	@Requires("finance.categories.change")
	String edit(@PathVariable long id, Model model) {
		Versioned<CategoryResponse> category = this.categories.get(id);
		return form(model, category.body(), CategoryForm.of(category.body()), category.version());
	}

	/** Every field as the form shows it, at the version the form was read. */
	@PostMapping("/app/categories/{id}/edit")
	@Requires("finance.categories.change")
	String update(@PathVariable long id, CategoryForm form, @RequestParam(defaultValue = "0") long version, Model model,
			RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> {
			// What the form could not read is refused before the version is compared.
			CategoryRequest edited = form.request(true);
			return this.categories.update(id, current -> edited, ExpectedVersion.of(version));
		}, updated -> {
			redirect.addFlashAttribute("saved", updated.body().code() + " " + updated.body().name());
			return "redirect:/app/categories/";
		}, () -> form(model, this.categories.get(id).body(), form, version));
	}

	/** Deactivates (bills keep it; new bills cannot take it). */
	@PostMapping("/app/categories/{id}/deactivate")
	@Requires("finance.categories.change")
	String deactivate(@PathVariable long id, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model,
				() -> this.categories.update(id, CategoryRequest::inactive, ExpectedVersion.ANY), updated -> {
					redirect.addFlashAttribute("deactivated", updated.body().code() + " " + updated.body().name());
					return "redirect:/app/categories/";
				}, () -> list(model));
	}

	private String form(Model model, @Nullable CategoryResponse category, CategoryForm form, long version) {
		model.addAttribute("category", category);
		model.addAttribute("form", form);
		model.addAttribute("version", version);
		model.addAttribute("kinds", List.of("expense", "revenue"));
		model.addAttribute("dreLines", java.util.Arrays.stream(DreLine.values()).map(ClosedSet::wire).toList());
		model.addAttribute("parents",
				this.categories.list(new CategoryService.Filter(null, null, null, null), new Paging(null, null))
					.items()
					.stream()
					.filter(c -> category == null || c.id() != category.id())
					.toList());
		return "category-form";
	}

}
