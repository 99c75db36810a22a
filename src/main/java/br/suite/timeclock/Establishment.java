package br.suite.timeclock;

import java.time.ZoneId;

import org.jspecify.annotations.Nullable;

/**
 * An establishment as stored; {@code employer_document} is null only on the migrated
 * establishment 1 until set.
 */
public record Establishment(long id, String name, @Nullable String employerDocument, String ceiCaepfCno, String address,
		ZoneId timeZone, boolean active, long lastNsr) {

	/**
	 * {@code 1} for a CNPJ, {@code 2} for a CPF (AFD field "tipo do identificador do
	 * empregador").
	 */
	public int employerDocumentType() {
		return this.employerDocument != null && this.employerDocument.length() == 11 ? 2 : 1;
	}

}
