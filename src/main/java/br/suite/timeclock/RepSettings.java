package br.suite.timeclock;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The REP-P program itself, as the AFD header and the comprovante print it: its INPI
 * registration number ({@code SUITE_REP_INPI}), name and version, the developer's
 * CNPJ/CPF, and the AFD layout version (003 as in Anexo V; 004 per the gov.br PDF of
 * 31/07/2026, see docs/api.md), and the PKCS#12 key store whose first private key signs
 * the AFD and the comprovante PDF ({@code SUITE_REP_SIGNATURE_KEYSTORE},
 * {@code SUITE_REP_SIGNATURE_KEYSTORE_PASSWORD}); the developer's name and e-mail are the
 * AEJ's record 08 ({@code SUITE_REP_DEVELOPER_NAME}, {@code SUITE_REP_DEVELOPER_EMAIL}).
 */
@ConfigurationProperties("suite.timeclock.rep")
public record RepSettings(@DefaultValue("") String inpiRegistration, @DefaultValue("Suite") String programName,
		@DefaultValue("1.0") String programVersion, @DefaultValue("") String developerDocument,
		@DefaultValue("003") String afdLayoutVersion, java.nio.file.@Nullable Path signatureKeystore,
		@DefaultValue("") String signatureKeystorePassword, @DefaultValue("") String developerName,
		@DefaultValue("") String developerEmail) {

	/**
	 * The AEJ layout version paired with the AFD's (docs/api.md § AEJ): AFD 004 (the
	 * gov.br PDFs of 31/07/2026) writes AEJ 002, AFD 003 writes AEJ 001.
	 */
	public String aejLayoutVersion() {
		return "004".equals(this.afdLayoutVersion) ? "002" : "001";
	}

}
