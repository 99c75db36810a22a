package br.suite.web;

import java.io.IOException;

import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

import br.suite.imports.CsvImportDesk;
import br.suite.shared.ApiProblem;

/**
 * The bank-statement import wizard: upload → preview (months, would
 * insert/update/skip/delete, unreadable lines) → confirm → result. The prepared import
 * waits in the HTTP session (in memory) between the steps.
 */
@Controller
class ImportPages {

	static final String PREPARED = "web.import.prepared";

	private final CsvImportDesk imports;

	ImportPages(CsvImportDesk imports) {
		this.imports = imports;
	}

	@GetMapping({ "/app/import", "/app/import/" })
	String upload(Model model) {
		model.addAttribute("provider", "csv");
		model.addAttribute("accountId", "");
		return "import-upload";
	}

	@PostMapping({ "/app/import", "/app/import/" })
	String prepare(@RequestParam(name = "file", required = false) @Nullable MultipartFile file,
			@RequestParam(defaultValue = "csv") String provider,
			@RequestParam(name = "account_id", defaultValue = "") String accountId, HttpSession session, Model model)
			throws IOException {
		model.addAttribute("provider", provider);
		model.addAttribute("accountId", accountId);
		if (file == null || file.isEmpty()) {
			FormErrors.field(model, "file", "Escolha o arquivo CSV do extrato.");
			return "import-upload";
		}
		try {
			String name = file.getOriginalFilename() == null ? "" : file.getOriginalFilename();
			CsvImportDesk.Prepared prepared = this.imports.prepare(file.getBytes(), name, provider, accountId);
			session.setAttribute(PREPARED, prepared);
			return "redirect:/app/import/preview";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return "import-upload";
		}
	}

	@GetMapping("/app/import/preview")
	String preview(HttpSession session, Model model) {
		if (!(session.getAttribute(PREPARED) instanceof CsvImportDesk.Prepared prepared)) {
			return "redirect:/app/import/";
		}
		model.addAttribute("prepared", prepared);
		return "import-preview";
	}

	@PostMapping("/app/import/confirm")
	String confirm(@RequestParam(name = "replace_month", defaultValue = "false") boolean replaceMonth,
			HttpSession session, Model model) {
		if (!(session.getAttribute(PREPARED) instanceof CsvImportDesk.Prepared prepared)) {
			return "redirect:/app/import/";
		}
		try {
			CsvImportDesk.Outcome outcome = this.imports.confirm(prepared, replaceMonth, PageModel.caller());
			if (outcome.success()) {
				session.removeAttribute(PREPARED);
			}
			model.addAttribute("outcome", outcome);
			model.addAttribute("prepared", prepared);
			return "import-result";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("prepared", prepared);
			return "import-preview";
		}
	}

	@PostMapping("/app/import/cancel")
	String cancel(HttpSession session) {
		session.removeAttribute(PREPARED);
		return "redirect:/app/import/";
	}

}
