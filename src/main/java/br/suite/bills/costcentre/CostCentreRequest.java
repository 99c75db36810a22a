package br.suite.bills.costcentre;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/** The writable fields of a cost centre; checked by {@link CostCentreService}. */
record CostCentreRequest(@Schema(description = "Required, unique, ≤ 20", example = "ADM") @Nullable String code,
		@Schema(description = "Required, ≤ 200", example = "Administrativo") @Nullable String name,
		@Schema(description = "Defaults to true") @Nullable Boolean active) {

	static CostCentreRequest of(CostCentreResponse centre) {
		return new CostCentreRequest(centre.code(), centre.name(), centre.active());
	}

}
