package br.suite.finance.fiscal;

import java.util.Arrays;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * The kind of fiscal document, with the model code its 44-character access key carries at
 * positions 21-22. NFS-e has no such key (municipal layouts, and the national
 * 50-character key), so it has no model.
 */
enum FiscalDocumentType {

	NFE(55), NFCE(65), NFSE(null), CTE(57);

	private final @Nullable Integer model;

	FiscalDocumentType(@Nullable Integer model) {
		this.model = model;
	}

	@Nullable Integer model() {
		return this.model;
	}

	static Optional<FiscalDocumentType> ofModel(int model) {
		return Arrays.stream(values()).filter(type -> type.model != null && type.model == model).findFirst();
	}

}
