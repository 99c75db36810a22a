package br.suite.processdocs;

import java.util.List;

import org.springframework.stereotype.Component;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Process documents: the list with review dates, a new document, and the lifecycle moves,
 * each confirmed on its own page before it is made.
 */
@Controller
class DocumentPages {

	static final int REVIEW_WINDOW_DAYS = 30;

	private final ProcessDocumentDesk documents;

	DocumentPages(ProcessDocumentDesk documents) {
		this.documents = documents;
	}

	@GetMapping({ "/app/documents", "/app/documents/" })
	@Requires("processdocs.documents.view")
	String list(@RequestParam(defaultValue = "") String status, @RequestParam(defaultValue = "") String q,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("status", status);
		model.addAttribute("q", q);
		ProcessDocumentDesk.DocumentPage page = this.documents.list(status.isBlank() ? null : status,
				q.isBlank() ? null : q, Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("documents", page.documents());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		return "documents";
	}

	@GetMapping("/app/documents/new")
	@Requires("processdocs.documents.change")
	String newDocument(Model model) {
		return form(model, "", "", "", "", "1.0", "365", "");
	}

	@PostMapping("/app/documents/new")
	@Requires("processdocs.documents.change")
	String create(@RequestParam(defaultValue = "") String title,
			@RequestParam(name = "process_area", defaultValue = "") String processArea,
			@RequestParam(defaultValue = "") String category, @RequestParam(defaultValue = "") String owner,
			@RequestParam(defaultValue = "") String version,
			@RequestParam(name = "review_cycle_days", defaultValue = "") String reviewCycleDays,
			@RequestParam(defaultValue = "") String description, Model model, RedirectAttributes redirect) {
		Integer cycle = null;
		if (!reviewCycleDays.isBlank()) {
			try {
				cycle = Integer.valueOf(reviewCycleDays.strip());
			}
			catch (NumberFormatException ex) {
				FormErrors.field(model, "review_cycle_days", "Informe um número de dias.");
				return form(model, title, processArea, category, owner, version, reviewCycleDays, description);
			}
		}
		try {
			ProcessDocumentDesk.DocumentView document = this.documents.create(title, processArea, category, owner,
					version, cycle, description, PageModel.caller());
			redirect.addFlashAttribute("message", document.code());
			return "redirect:/app/documents/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return form(model, title, processArea, category, owner, version, reviewCycleDays, description);
		}
	}

	private static String form(Model model, String title, String processArea, String category, String owner,
			String version, String reviewCycleDays, String description) {
		model.addAttribute("title", title);
		model.addAttribute("processArea", processArea);
		model.addAttribute("category", category);
		model.addAttribute("owner", owner);
		model.addAttribute("version", version);
		model.addAttribute("reviewCycleDays", reviewCycleDays);
		model.addAttribute("description", description);
		return "document-form";
	}

	/**
	 * The confirmation step of a lifecycle move: what will happen, and one button to do
	 * it.
	 */
	@GetMapping("/app/documents/{id}/status")
	@Requires("processdocs.documents.view")
	String confirmMove(@PathVariable long id, @RequestParam String to, Model model) {
		model.addAttribute("document", this.documents.get(id));
		model.addAttribute("to", to);
		return "document-move";
	}

	@PostMapping("/app/documents/{id}/status")
	@Requires("processdocs.documents.change")
	String move(@PathVariable long id, @RequestParam String to, Model model, RedirectAttributes redirect) {
		try {
			ProcessDocumentDesk.DocumentView moved = this.documents.moveTo(id, to, PageModel.caller());
			redirect.addFlashAttribute("moved", moved);
			return "redirect:/app/documents/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			model.addAttribute("document", this.documents.get(id));
			model.addAttribute("to", to);
			return "document-move";
		}
	}

	/** Documents due for review within the window. */
	@Component
	static class Tile implements DashboardTile {

		private final ProcessDocumentDesk documents;

		Tile(ProcessDocumentDesk documents) {
			this.documents = documents;
		}

		@Override
		public String permission() {
			return "processdocs.documents.view";
		}

		@Override
		public Count count() {
			return new Count(20, "contagem-documentos", this.documents.countDueForReview(REVIEW_WINDOW_DAYS),
					"dashboard.documentsDue", List.of(REVIEW_WINDOW_DAYS), "/app/documents/");
		}

	}

}
