package br.suite.imports;

import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.shared.http.BodyLimits;

/**
 * The bodies of the CSV import routes: the statement file as a form, its confirmation as
 * JSON with every row; the import page's upload (a multipart form) takes the limit of
 * {@code /prepare-csv-import}.
 */
@Configuration(proxyBeanMethods = false)
class ImportBodyLimits {

	@Bean
	BodyLimits importRouteLimits() {
		return new BodyLimits(
				Map.of("/prepare-csv-import", BodyLimits.UPLOAD_AS_FORM, "/prepare-statement-import",
						BodyLimits.UPLOAD_AS_FORM, "/confirm-csv-import", BodyLimits.IMPORT),
				// The import page's upload is the same statement file.
				Map.of("/app/import", "/prepare-csv-import"));
	}

}
