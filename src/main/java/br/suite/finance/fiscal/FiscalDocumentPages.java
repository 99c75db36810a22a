package br.suite.finance.fiscal;

import java.util.List;

import jakarta.validation.Validator;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.shared.ApiProblem;
import br.suite.shared.BeanChecks;
import br.suite.shared.lists.ListQuery;
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

	@GetMapping({ "/app/fiscal-documents", "/app/fiscal-documents/" })
	@Requires("finance.fiscal_documents.view")
	String list(@RequestParam(defaultValue = "") String type, @RequestParam(defaultValue = "") String status,
			@RequestParam(name = "date_from", defaultValue = "") String dateFrom,
			@RequestParam(name = "date_to", defaultValue = "") String dateTo,
			@RequestParam(name = "customer_document", defaultValue = "") String customerDocument,
			@RequestParam(defaultValue = "") String q, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("type", type);
		model.addAttribute("status", status);
		model.addAttribute("dateFrom", dateFrom);
		model.addAttribute("dateTo", dateTo);
		model.addAttribute("customerDocument", customerDocument);
		model.addAttribute("q", q);
		model.addAttribute("types", TYPES);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("documents", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		try {
			ListQuery.Page<FiscalDocumentResponse> page = this.documents.list(
					new FiscalDocumentService.Filter(FormInput.blank(type), FormInput.blank(status), null,
							FormInput.day("date_from", dateFrom), FormInput.day("date_to", dateTo),
							FormInput.blank(customerDocument), FormInput.blank(q)),
					new Paging(Pager.SIZE, Pager.offset(pagina)));
			model.addAttribute("documents", page.items());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
		}
		return "fiscal-documents";
	}

	@GetMapping({ "/app/fiscal-documents/{id}", "/app/fiscal-documents/{id}/" })
	@Requires("finance.fiscal_documents.view")
	String document(@PathVariable long id, Model model) {
		FiscalDocumentResponse document = this.documents.get(id).body();
		model.addAttribute("document", document);
		model.addAttribute("accessKeyGroups", accessKeyGroups(document.accessKey()));
		return "fiscal-document";
	}

	@GetMapping("/app/fiscal-documents/new")
	@Requires("finance.fiscal_documents.change")
	String newDocument(Model model) {
		return form(model, "nfe", "", "", "", "", "", "", "", "draft", "");
	}

	@PostMapping("/app/fiscal-documents/new")
	@Requires("finance.fiscal_documents.change")
	String create(@RequestParam(defaultValue = "") String type, @RequestParam(defaultValue = "") String number,
			@RequestParam(defaultValue = "") String series, @RequestParam(defaultValue = "") String amount,
			@RequestParam(name = "customer_name", defaultValue = "") String customerName,
			@RequestParam(name = "customer_document", defaultValue = "") String customerDocument,
			@RequestParam(name = "access_key", defaultValue = "") String accessKey,
			@RequestParam(name = "issue_date", defaultValue = "") String issueDate,
			@RequestParam(defaultValue = "draft") String status,
			@RequestParam(name = "file_url", defaultValue = "") String fileUrl, Model model,
			RedirectAttributes redirect) {
		try {
			FiscalDocumentRequest request = new FiscalDocumentRequest(FormInput.blank(type), FormInput.blank(number),
					FormInput.money("amount", amount), FormInput.blank(customerName), series, accessKey,
					FormInput.day("issue_date", issueDate), customerDocument, null, null, FormInput.blank(status),
					fileUrl.isBlank() ? null : fileUrl);
			BeanChecks.check(this.validator, request);
			FiscalDocumentResponse created = this.documents.create(request).body();
			redirect.addFlashAttribute("created", true);
			return "redirect:/app/fiscal-documents/" + created.id() + "/";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			return form(model, type, number, series, amount, customerName, customerDocument, accessKey, issueDate,
					status, fileUrl);
		}
	}

	/** The access key in groups of four, as the DANFE prints it. */
	static String accessKeyGroups(String accessKey) {
		StringBuilder groups = new StringBuilder();
		for (int i = 0; i < accessKey.length(); i += 4) {
			groups.append(i == 0 ? "" : " ").append(accessKey, i, Math.min(i + 4, accessKey.length()));
		}
		return groups.toString();
	}

	private static String form(Model model, String type, String number, String series, String amount,
			String customerName, String customerDocument, String accessKey, String issueDate, String status,
			String fileUrl) {
		model.addAttribute("types", TYPES);
		model.addAttribute("statuses", STATUSES);
		model.addAttribute("type", type);
		model.addAttribute("number", number);
		model.addAttribute("series", series);
		model.addAttribute("amount", amount);
		model.addAttribute("customerName", customerName);
		model.addAttribute("customerDocument", customerDocument);
		model.addAttribute("accessKey", accessKey);
		model.addAttribute("issueDate", issueDate);
		model.addAttribute("status", status);
		model.addAttribute("fileUrl", fileUrl);
		return "fiscal-document-form";
	}

}
