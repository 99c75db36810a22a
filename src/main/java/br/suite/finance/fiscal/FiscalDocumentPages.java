package br.suite.finance.fiscal;

import java.util.List;

import jakarta.validation.Validator;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.BeanChecks;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Pager;

/**
 * Fiscal documents (NF-e, NFC-e, NFS-e, CT-e): the list with the API's filters, a page at
 * a time; a new document with the service's checks at the fields (the access key's check
 * digit and its agreement with type, série, number and issue month; the customer's
 * CPF/CNPJ); one document's details.
 */
@Controller
class FiscalDocumentPages {

	static final String[] TYPES = { "nfe", "nfce", "nfse", "cte" };

	static final String[] STATUSES = { "draft", "processing", "authorized", "rejected", "denied", "cancelled" };

	private final FiscalDocumentService documents;

	private final Validator validator;

	FiscalDocumentPages(FiscalDocumentService documents, Validator validator) {
		this.documents = documents;
		this.validator = validator;
	}

	/** The list's filters as typed (the API's names); blank for any. */
	record ListFilter(String type, String status, @BindParam("date_from") String dateFrom,
			@BindParam("date_to") String dateTo, @BindParam("customer_document") String customerDocument, String q) {

		ListFilter {
			type = type == null ? "" : type;
			status = status == null ? "" : status;
			dateFrom = dateFrom == null ? "" : dateFrom;
			dateTo = dateTo == null ? "" : dateTo;
			customerDocument = customerDocument == null ? "" : customerDocument;
			q = q == null ? "" : q;
		}

		FiscalDocumentService.Filter filter() {
			return new FiscalDocumentService.Filter(FormInput.blank(this.type), FormInput.blank(this.status), null,
					FormInput.day("date_from", this.dateFrom), FormInput.day("date_to", this.dateTo),
					FormInput.blank(this.customerDocument), FormInput.blank(this.q));
		}

	}

	@GetMapping({ "/app/fiscal-documents", "/app/fiscal-documents/" })
	@Requires("finance.fiscal_documents.view")
	String list(ListFilter filter, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("type", filter.type());
		model.addAttribute("status", filter.status());
		model.addAttribute("dateFrom", filter.dateFrom());
		model.addAttribute("dateTo", filter.dateTo());
		model.addAttribute("customerDocument", filter.customerDocument());
		model.addAttribute("q", filter.q());
		model.addAttribute("types", TYPES);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("documents", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		return FormErrors.submit(model,
				() -> this.documents.list(filter.filter(), new Paging(Pager.SIZE, Pager.offset(pagina))), page -> {
					model.addAttribute("documents", page.items());
					model.addAttribute("pager", Pager.of(pagina, page.total()));
					return "fiscal-documents";
				}, () -> "fiscal-documents");
	}

	@GetMapping({ "/app/fiscal-documents/{id}", "/app/fiscal-documents/{id}/" })
	@Requires("finance.fiscal_documents.view")
	String document(@PathVariable long id, Model model) {
		FiscalDocumentResponse document = this.documents.get(id).body();
		model.addAttribute("document", document);
		model.addAttribute("accessKeyGroups", accessKeyGroups(document.accessKey()));
		return "fiscal-document";
	}

	/** The new document's form as typed (the API's names); a new one is an NF-e draft. */
	record DocumentForm(String type, String number, String series, String amount,
			@BindParam("customer_name") String customerName, @BindParam("customer_document") String customerDocument,
			@BindParam("access_key") String accessKey, @BindParam("issue_date") String issueDate, String status,
			@BindParam("file_url") String fileUrl) {

		DocumentForm {
			type = type == null ? "" : type;
			number = number == null ? "" : number;
			series = series == null ? "" : series;
			amount = amount == null ? "" : amount;
			customerName = customerName == null ? "" : customerName;
			customerDocument = customerDocument == null ? "" : customerDocument;
			accessKey = accessKey == null ? "" : accessKey;
			issueDate = issueDate == null ? "" : issueDate;
			status = status == null ? "draft" : status;
			fileUrl = fileUrl == null ? "" : fileUrl;
		}

		static final DocumentForm NEW = new DocumentForm("nfe", "", "", "", "", "", "", "", "draft", "");

		/** The API's request; the amount and the issue date are read at once (400). */
		FiscalDocumentRequest request() {
			return new FiscalDocumentRequest(FormInput.blank(this.type), FormInput.blank(this.number),
					FormInput.money("amount", this.amount), FormInput.blank(this.customerName), this.series,
					this.accessKey, FormInput.day("issue_date", this.issueDate), this.customerDocument, null, null,
					FormInput.blank(this.status), this.fileUrl.isBlank() ? null : this.fileUrl);
		}

	}

	@GetMapping("/app/fiscal-documents/new")
	@Requires("finance.fiscal_documents.change")
	String newDocument(Model model) {
		return form(model, DocumentForm.NEW);
	}

	@PostMapping("/app/fiscal-documents/new")
	@Requires("finance.fiscal_documents.change")
	String create(DocumentForm form, Model model, RedirectAttributes redirect) {
		return FormErrors.submit(model, () -> {
			FiscalDocumentRequest request = form.request();
			BeanChecks.check(this.validator, request);
			return this.documents.create(request).body();
		}, created -> {
			redirect.addFlashAttribute("created", true);
			return "redirect:/app/fiscal-documents/" + created.id() + "/";
		}, () -> form(model, form));
	}

	/** The access key in groups of four, as the DANFE prints it. */
	static String accessKeyGroups(String accessKey) {
		StringBuilder groups = new StringBuilder();
		for (int i = 0; i < accessKey.length(); i += 4) {
			groups.append(i == 0 ? "" : " ").append(accessKey, i, Math.min(i + 4, accessKey.length()));
		}
		return groups.toString();
	}

	private static String form(Model model, DocumentForm form) {
		model.addAttribute("types", TYPES);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("type", form.type());
		model.addAttribute("number", form.number());
		model.addAttribute("series", form.series());
		model.addAttribute("amount", form.amount());
		model.addAttribute("customerName", form.customerName());
		model.addAttribute("customerDocument", form.customerDocument());
		model.addAttribute("accessKey", form.accessKey());
		model.addAttribute("issueDate", form.issueDate());
		model.addAttribute("status", form.status());
		model.addAttribute("fileUrl", form.fileUrl());
		return "fiscal-document-form";
	}

}
