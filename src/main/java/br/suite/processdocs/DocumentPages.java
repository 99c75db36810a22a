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
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.BeanChecks;
import br.suite.shared.InvalidRequest;
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

	/**
	 * The new document's form as typed (the API's names); a new one starts at version
	 * 1.0, reviewed every 365 days.
	 */
	record DocumentForm(String title, @BindParam("process_area") String processArea, String category, String owner,
			String version, @BindParam("review_cycle_days") String reviewCycleDays, String description) {

		DocumentForm {
			title = title == null ? "" : title;
			processArea = processArea == null ? "" : processArea;
			category = category == null ? "" : category;
			owner = owner == null ? "" : owner;
			version = version == null ? "" : version;
			reviewCycleDays = reviewCycleDays == null ? "" : reviewCycleDays;
			description = description == null ? "" : description;
		}

		static final DocumentForm NEW = new DocumentForm("", "", "", "", "1.0", "365", "");

		/**
		 * The API's request; a cycle that is not a whole number is refused at its field.
		 */
		ProcessDocumentRequest request() {
			Integer cycle = null;
			if (!this.reviewCycleDays.isBlank()) {
				try {
					cycle = Integer.valueOf(this.reviewCycleDays.strip());
				}
				catch (NumberFormatException ex) {
					throw InvalidRequest.of("review_cycle_days", "{form.days}");
				}
			}
			return new ProcessDocumentRequest(this.title, this.processArea, this.category, this.owner, null,
					FormInput.blank(this.version), cycle, null, null, this.description);
		}

	}

	@GetMapping("/app/documents/new")
	@Requires("processdocs.documents.change")
	String newDocument(Model model) {
		return form(model, DocumentForm.NEW);
	}

	@PostMapping("/app/documents/new")
	@Requires("processdocs.documents.change")
	String create(DocumentForm form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> {
			ProcessDocumentRequest request = form.request();
			BeanChecks.check(this.validator, request);
			return this.documents.create(request, PageModel.caller());
		}, document -> {
			redirect.addFlashAttribute("message", document.code);
			return "redirect:/app/documents/";
		}, () -> form(model, form));
	}

	private static String form(Model model, DocumentForm form) {
		model.addAttribute("title", form.title());
		model.addAttribute("processArea", form.processArea());
		model.addAttribute("category", form.category());
		model.addAttribute("owner", form.owner());
		model.addAttribute("version", form.version());
		model.addAttribute("reviewCycleDays", form.reviewCycleDays());
		model.addAttribute("description", form.description());
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
