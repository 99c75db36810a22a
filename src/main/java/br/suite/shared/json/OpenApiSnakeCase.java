package br.suite.shared.json;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.swagger.v3.oas.models.media.Schema;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.stereotype.Component;

import br.suite.shared.Names;

/**
 * springdoc describes our records with its own (Jackson 2) mapper, which does not know
 * that Jackson 3 writes snake_case; this renames the schema properties so the description
 * matches the wire.
 */
@Component
class OpenApiSnakeCase implements OpenApiCustomizer {

	@Override
	public void customise(io.swagger.v3.oas.models.OpenAPI openApi) {
		if (openApi.getComponents() == null || openApi.getComponents().getSchemas() == null) {
			return;
		}
		openApi.getComponents().getSchemas().values().forEach(OpenApiSnakeCase::rename);
	}

	@SuppressWarnings({ "rawtypes", "unchecked" })
	private static void rename(Schema schema) {
		Map<String, Schema> properties = schema.getProperties();
		if (properties != null) {
			Map<String, Schema> renamed = new LinkedHashMap<>();
			properties.forEach((name, property) -> {
				renamed.put(Names.snake(name), property);
				rename(property);
			});
			schema.setProperties(renamed);
		}
		List<String> required = schema.getRequired();
		if (required != null) {
			schema.setRequired(required.stream().map(Names::snake).toList());
		}
		if (schema.getItems() != null) {
			rename(schema.getItems());
		}
	}

}
