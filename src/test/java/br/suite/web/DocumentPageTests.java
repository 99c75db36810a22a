package br.suite.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import br.suite.ApiTest;

/**
 * The new process document's form over HTTP, as a browser without JavaScript: a review
 * cycle that is not a whole number is refused at its field in Portuguese, with what was
 * typed kept and nothing created; the same form, corrected, creates the document; who may
 * only read gets the forbidden page and nothing is created.
 */
class DocumentPageTests extends ApiTest {

	private PageClient signedIn(String... permissions) {
		return PageClient.signedIn(this.api, unique("qualidade"), "Pessoa da Qualidade", permissions);
	}

	private long documentsTitled(String title) {
		return this.api.get("/api/process-documents/?q=" + title.replace(" ", "+")).json().size();
	}

	@Test
	void aCycleThatIsNotANumberIsRefusedAtItsFieldAndTheCorrectedFormCreatesTheDocument() {
		PageClient quality = signedIn("processdocs.documents.view", "processdocs.documents.change");
		String title = unique("Procedimento de compras");
		Map<String, String> form = new HashMap<>(Map.of("title", title, "process_area", "Compras", "category",
				"Procedimento", "owner", "Ana", "version", "1.0", "review_cycle_days", "um ano", "description", ""));
		assertThat(quality.get("/app/documents/new").statusCode()).isEqualTo(200);
		HttpResponse<String> refused = quality.post("/app/documents/new", form);
		assertThat(refused.statusCode()).isEqualTo(200);
		assertThat(refused.body()).contains("id=\"erro-review_cycle_days\"", "Informe um número de dias.",
				"value=\"um ano\"", "value=\"" + title + "\"");
		assertThat(documentsTitled(title)).isZero();

		form.put("review_cycle_days", "180");
		assertThat(quality.post("/app/documents/new", form).statusCode()).isEqualTo(302);
		assertThat(documentsTitled(title)).isEqualTo(1);

		PageClient reader = signedIn("processdocs.documents.view");
		assertThat(reader.get("/app/documents/").statusCode()).isEqualTo(200);
		String other = unique("Procedimento de vendas");
		form.put("title", other);
		assertThat(reader.post("/app/documents/new", form).statusCode()).isEqualTo(403);
		assertThat(documentsTitled(other)).isZero();
	}

}
