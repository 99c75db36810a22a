package br.suite.imports.wizard;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import jakarta.servlet.http.HttpSession;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;

/**
 * The bank-statement import wizard: upload → preview (months, would
 * insert/update/skip/delete, unreadable lines) → confirm → result. The prepared import
 * waits in the database between the steps ({@link PreparedImports}); the session holds
 * only its id (sessions are rows read on every request: a statement's rows there made
 * every page of the session read megabytes).
 */
@Controller
class ImportPages {

	static final String PREPARED = "web.import.prepared";

	private final PreparedImports imports;

	ImportPages(PreparedImports imports) {
		this.imports = imports;
	}

	@GetMapping({ "/app/import", "/app/import/" })
	@Requires("imports.csv.prepare")
	String upload(Model model) {
		model.addAttribute("provider", "csv");
		model.addAttribute("accountId", "");
		return "import-upload";
	}

	@PostMapping({ "/app/import", "/app/import/" })
	@Requires("imports.csv.prepare")
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
		String name = file.getOriginalFilename() == null ? "" : file.getOriginalFilename();
		byte[] content = file.getBytes();
		return FormErrors.submit(model,
				() -> this.imports.prepare(content, name, provider, accountId, PageModel.caller()), prepared -> {
					discard(session);
					session.setAttribute(PREPARED, prepared.id().toString());
					return "redirect:/app/import/preview";
				}, problem -> {
					if (problem instanceof InvalidRequest invalid && invalid.errors().containsKey("file")
							&& model.getAttribute("errors") instanceof Map<?, ?> shown) {
						// Why the file was refused, as the readers name it (in
						// Portuguese),
						// not the catalogue's one instruction for the field.
						@SuppressWarnings("unchecked")
						Map<String, List<String>> errors = (Map<String, List<String>>) shown;
						errors.put("file", List.copyOf(invalid.errors().get("file")));
					}
					return "import-upload";
				});
	}

	@GetMapping("/app/import/preview")
	@Requires("imports.csv.prepare")
	String preview(HttpSession session, Model model) {
		Optional<PreparedImports.Prepared> prepared = prepared(session);
		if (prepared.isEmpty()) {
			return "redirect:/app/import/";
		}
		model.addAttribute("prepared", prepared.get());
		return "import-preview";
	}

	@PostMapping("/app/import/confirm")
	@Requires("imports.csv.confirm")
	String confirm(@RequestParam(name = "replace_month", defaultValue = "false") boolean replaceMonth,
			HttpSession session, Model model) {
		Optional<PreparedImports.Prepared> found = prepared(session);
		if (found.isEmpty()) {
			return "redirect:/app/import/";
		}
		PreparedImports.Prepared prepared = found.get();
		return FormErrors.submit(model, () -> this.imports.confirm(prepared, replaceMonth, PageModel.caller()),
				outcome -> {
					if (outcome.success()) {
						session.removeAttribute(PREPARED);
					}
					model.addAttribute("outcome", outcome);
					model.addAttribute("prepared", prepared);
					return "import-result";
				}, () -> {
					model.addAttribute("prepared", prepared);
					return "import-preview";
				});
	}

	@PostMapping("/app/import/cancel")
	@Requires("imports.csv.prepare")
	String cancel(HttpSession session) {
		discard(session);
		return "redirect:/app/import/";
	}

	/** The import this session prepared, while the database keeps it. */
	private Optional<PreparedImports.Prepared> prepared(HttpSession session) {
		return id(session).flatMap(id -> this.imports.find(id, PageModel.caller()));
	}

	/** Forgets the import this session prepared (a new file, or cancel). */
	private void discard(HttpSession session) {
		id(session).ifPresent(id -> this.imports.discard(id, PageModel.caller()));
		session.removeAttribute(PREPARED);
	}

	private static Optional<UUID> id(HttpSession session) {
		if (session.getAttribute(PREPARED) instanceof String text) {
			try {
				return Optional.of(UUID.fromString(text));
			}
			catch (IllegalArgumentException ex) {
				return Optional.empty();
			}
		}
		return Optional.empty();
	}

}
