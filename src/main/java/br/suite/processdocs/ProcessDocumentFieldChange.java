package br.suite.processdocs;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** A field's value before and after a change; {@code from} is null in a creation. */
record ProcessDocumentFieldChange(@Schema(
		description = "the value before, of the field's own JSON type; null when it had none") @Nullable Object from,
		@Schema(description = "the value after, of the field's own JSON type; null when it has none") @Nullable Object to) {

}
