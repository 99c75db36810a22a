package br.suite.processdocs;

import java.io.Serializable;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.BeanChecks;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.PageModel;
import br.suite.web.Pager;

/**
 * Process documents: the list with review dates, a new document, and the lifecycle moves,
 * each confirmed on its own page before it is made.
 */
@Controller
class DocumentPages {

	static final int REVIEW_WINDOW_DAYS = 30;

	private final ProcessDocumentService documents;

	private final ProcessDocumentSearch search;

	private final Validator validator;

	DocumentPages(ProcessDocumentService documents, ProcessDocumentSearch search, Validator validator) {
		this.documents = documents;
		this.search = search;
		this.validator = validator;
	}

	/**
	 * A document as the pages show it; {@code nextStatuses} are the moves its lifecycle
	 * allows now (kept in a flash attribute after a move, so serialisable).
	 */
	record DocumentView(long id, String code, String title, String processArea, String category, String owner,
			String status, String version, @Nullable LocalDate nextReviewAt, @Nullable String approvedBy,
			@Nullable LocalDate approvedAt, boolean overdue, List<String> nextStatuses) implements Serializable {

		static DocumentView of(ProcessDocument document) {
			ProcessDocumentResponse d = ProcessDocumentResponse.from(document);
			DocumentStatus status = ClosedSet.parse(DocumentStatus.class, "status", d.status());
			return of(d, status);
		}

		static DocumentView of(ProcessDocumentResponse d, DocumentStatus status) {
			boolean overdue = status != DocumentStatus.OBSOLETE && d.nextReviewAt() != null
					&& d.nextReviewAt().isBefore(ProcessDocument.today());
			return new DocumentView(d.id(), d.code(), d.title(), d.processArea(), d.category(), d.owner(), d.status(),
					d.version(), d.nextReviewAt(), d.approvedBy(), d.approvedAt(), overdue,
					new ArrayList<>(status.next().stream().sorted().map(ClosedSet::wire).toList()));
		}

		static DocumentView of(ProcessDocumentResponse d) {
			return of(d, ClosedSet.parse(DocumentStatus.class, "status", d.status()));
		}

	}

	@GetMapping({ "/app/documents", "/app/documents/" })
	@Requires("processdocs.documents.view")
	String list(@RequestParam(defaultValue = "") String status, @RequestParam(defaultValue = "") String q,
			@RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("status", status);
		model.addAttribute("q", q);
		ListQuery.Page<ProcessDocumentResponse> page = this.search.list(new ProcessDocumentSearch.Filter(
				FormInput.blank(status), null, null, null, null, FormInput.blank(q), null, null), Pager.paging(pagina));
		model.addAttribute("documents", page.items().stream().map(DocumentView::of).toList());
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
				FormErrors.field(model, "review_cycle_days", "{form.days}");
				return form(model, title, processArea, category, owner, version, reviewCycleDays, description);
			}
		}
		ProcessDocumentRequest request = new ProcessDocumentRequest(title, processArea, category, owner, null,
				FormInput.blank(version), cycle, null, null, description);
		return FormErrors.submit(model, () -> {
			BeanChecks.check(this.validator, request);
			return this.documents.create(request, PageModel.caller());
		}, document -> {
			redirect.addFlashAttribute("message", document.code);
			return "redirect:/app/documents/";
		}, () -> form(model, title, processArea, category, owner, version, reviewCycleDays, description));
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
	String confirmMove(@PathVariable long id, @RequestParam(defaultValue = "") String to, Model model) {
		if (to.isBlank()) {
			// No move named (a bookmarked or hand-typed address): back to the list, not
			// an error.
			return "redirect:/app/documents/";
		}
		model.addAttribute("document", DocumentView.of(this.documents.get(id)));
		model.addAttribute("to", to);
		return "document-move";
	}

	@PostMapping("/app/documents/{id}/status")
	@Requires("processdocs.documents.change")
	String move(@PathVariable long id, @RequestParam String to, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> this.documents.update(id, document -> {
			ProcessDocumentRequest current = ProcessDocumentRequest.of(document);
			return new ProcessDocumentRequest(current.title(), current.processArea(), current.category(),
					current.owner(), to, current.version(), current.reviewCycleDays(), current.lastReviewAt(),
					current.tags(), current.description());
		}, ExpectedVersion.ANY, PageModel.caller()), moved -> {
			redirect.addFlashAttribute("moved", DocumentView.of(moved));
			return "redirect:/app/documents/";
		}, () -> {
			model.addAttribute("document", DocumentView.of(this.documents.get(id)));
			model.addAttribute("to", to);
			return "document-move";
		});
	}

	/** Documents due for review within the window. */
	@Bean
	static DashboardTile documentsDueTile(ProcessDocumentSearch documents) {
		return DashboardTile.of("processdocs.documents.view",
				() -> new DashboardTile.Count(20, "contagem-documentos",
						documents
							.list(new ProcessDocumentSearch.Filter(null, null, null, null, null, null,
									REVIEW_WINDOW_DAYS, null), new Paging(1, 0))
							.total(),
						"dashboard.documentsDue", List.of(REVIEW_WINDOW_DAYS), "/app/documents/"));
	}

}
