package br.suite.customers;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import jakarta.validation.Valid;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.Requires;
import br.suite.web.FormInput;
import br.suite.web.FormErrors;
import br.suite.web.Pager;

/**
 * Suppliers (fornecedores): search and list a page at a time, create and edit (deactivate
 * with the box), the form bound to the API's own request; the default category is chosen
 * from the chart the bills module offers ({@link FornecedorCategories#choices()}).
 */
@Controller
class FornecedorPages {

	private final FornecedorService fornecedores;

	private final List<FornecedorCategories> categories;

	FornecedorPages(FornecedorService fornecedores, List<FornecedorCategories> categories) {
		this.fornecedores = fornecedores;
		this.categories = categories;
	}

	@GetMapping({ "/app/suppliers", "/app/suppliers/" })
	@Requires("customers.fornecedores.view")
	String list(@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("q", q);
		var page = this.fornecedores.list(new FornecedorService.Filter(null, FormInput.blank(q)), Pager.paging(pagina));
		model.addAttribute("fornecedores", page.items());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		model.addAttribute("categoryNames", choices());
		return "suppliers";
	}

	@GetMapping("/app/suppliers/new")
	@Requires("customers.fornecedores.change")
	String newSupplier(Model model) {
		return form(model, null, new FornecedorRequest("", "", "", "", true, null), 0);
	}

	@PostMapping("/app/suppliers/new")
	@Requires("customers.fornecedores.change")
	String create(@Valid FornecedorRequest form, BindingResult binding, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, binding, () -> this.fornecedores.create(form), fornecedor -> {
			redirect.addFlashAttribute("saved", fornecedor.nome);
			return "redirect:/app/suppliers/";
		}, () -> form(model, null, form, 0));
	}

	@GetMapping("/app/suppliers/{id}/edit")
	@Requires("customers.fornecedores.change")
	String edit(@PathVariable long id, Model model) {
		Fornecedor fornecedor = this.fornecedores.get(id);
		return form(model, FornecedorResponse.from(fornecedor), FornecedorRequest.of(fornecedor),
				Objects.requireNonNull(fornecedor.version));
	}

	/**
	 * Every field replaced, as {@code PUT /api/fornecedores/{id}/}, at the version read.
	 */
	@PostMapping("/app/suppliers/{id}/edit")
	@Requires("customers.fornecedores.change")
	String update(@PathVariable long id, @Valid FornecedorRequest form, BindingResult binding,
			@RequestParam(defaultValue = "false") boolean ativo, @RequestParam(defaultValue = "0") long version,
			Model model, RedirectAttributes redirect) {
		// An unchecked box sends nothing, which the request reads as its default (true).
		FornecedorRequest request = new FornecedorRequest(form.nome(), form.email(), form.telefone(), form.documento(),
				ativo, form.defaultCategoryId());
		return FormErrors.submit(model, binding,
				() -> this.fornecedores.update(id, current -> request, ExpectedVersion.of(version)), fornecedor -> {
					redirect.addFlashAttribute("saved", fornecedor.nome);
					return "redirect:/app/suppliers/";
				}, () -> form(model, FornecedorResponse.from(this.fornecedores.get(id)), request, version));
	}

	private Map<Long, String> choices() {
		Map<Long, String> choices = new LinkedHashMap<>();
		this.categories.forEach(chart -> choices.putAll(chart.choices()));
		return choices;
	}

	private String form(Model model, @Nullable FornecedorResponse fornecedor, FornecedorRequest form, long version) {
		model.addAttribute("fornecedor", fornecedor);
		model.addAttribute("form", form);
		model.addAttribute("version", version);
		model.addAttribute("categories", choices());
		return "supplier-form";
	}

}
