package br.suite.processdocs;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** A field's value before and after a change; {@code from} is null in a creation. */
record ProcessDocumentFieldChange(@Schema(nullable = true) @Nullable Object from,
		@Schema(nullable = true) @Nullable Object to) {

}
