package br.suite.processdocs;

import java.util.Map;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.shared.http.BodyLimits;

/** The body of a document's file upload (a multipart form). */
@Configuration(proxyBeanMethods = false)
class DocumentBodyLimits {

	@Bean
	BodyLimits documentRouteLimits() {
		return new BodyLimits(Map.of("/file", BodyLimits.UPLOAD_AS_FORM));
	}

}
