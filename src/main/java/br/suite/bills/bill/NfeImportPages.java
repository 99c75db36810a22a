package br.suite.bills.bill;

import java.io.IOException;
import java.io.UncheckedIOException;
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
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

import br.suite.bills.bill.BillProblems.NfeAlreadyImported;
import br.suite.shared.ApiProblem;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;

/**
 * "Importar XML da NF-e", in the Contas a pagar pages: the supplier's XML uploaded, the
 * API's import ({@link NfeImports}) run on it, and the new bill's page on success; a
 * refusal is shown in Portuguese from the catalogue, on the file field, with a link to
 * the bill an NF-e imported before became.
 */
@Controller
class NfeImportPages {

	private final NfeImports imports;

	NfeImportPages(NfeImports imports) {
		this.imports = imports;
	}

	@GetMapping({ "/app/payables/nfe", "/app/payables/nfe/" })
	@Requires("finance.bills.change")
	String form() {
		return "bill-nfe";
	}

	@PostMapping({ "/app/payables/nfe", "/app/payables/nfe/" })
	@Requires("finance.bills.change")
	String upload(@RequestParam(name = "file", required = false) @Nullable MultipartFile file, Model model,
			RedirectAttributes redirect) {
		if (file == null || file.isEmpty()) {
			FormErrors.field(model, "xml", "Escolha o arquivo XML da NF-e recebida do fornecedor.");
			return "bill-nfe";
		}
		try {
			var created = this.imports.importXml(bytes(file));
			redirect.addFlashAttribute("created", created.body().description());
			return "redirect:/app/bills/" + created.body().id() + "/";
		}
		catch (NfeAlreadyImported taken) {
			FormErrors.show(model, taken);
			model.addAttribute("existingId", taken.billId());
			return "bill-nfe";
		}
		catch (ApiProblem problem) {
			FormErrors.show(model, problem);
			onTheFileField(model);
			return "bill-nfe";
		}
	}

	/**
	 * The form has one field, the file: every message (signature, recipient, access key)
	 * is shown on it and the summary links to it.
	 */
	private static void onTheFileField(Model model) {
		if (model.getAttribute("errors") instanceof Map<?, ?> shown && !shown.isEmpty()) {
			List<String> messages = new ArrayList<>();
			for (Object value : shown.values()) {
				if (value instanceof List<?> list) {
					list.forEach(message -> messages.add(String.valueOf(message)));
				}
			}
			Map<String, List<String>> errors = new LinkedHashMap<>();
			errors.put("xml", messages);
			model.addAttribute("errors", errors);
		}
	}

	private static byte[] bytes(MultipartFile file) {
		try {
			return file.getBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
