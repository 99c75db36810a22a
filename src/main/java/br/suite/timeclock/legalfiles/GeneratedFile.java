package br.suite.timeclock.legalfiles;

import java.time.Instant;

import org.springframework.http.ResponseEntity;

import br.suite.timeclock.AfdSigner;
import br.suite.timeclock.Downloads;

/**
 * An AFD or AEJ as written (ISO-8859-1 text), its name and generation time, and how it
 * and its detached signature are handed out.
 */
record GeneratedFile(String name, byte[] bytes, Instant generatedAt) {

	/** To the API, with the generation time in {@code header}. */
	ResponseEntity<byte[]> download(String header) {
		return Downloads.generated(this.bytes, Downloads.TEXT_LATIN1, this.name, header, this.generatedAt);
	}

	/** Its signature (.p7s) to the API, with the generation time in {@code header}. */
	ResponseEntity<byte[]> signature(AfdSigner signer, String header) {
		return Downloads.generated(signer.sign(this.bytes), Downloads.SIGNATURE, this.name + ".p7s", header,
				this.generatedAt);
	}

	/** To the browser, never cached. */
	ResponseEntity<byte[]> attachment() {
		return Downloads.of(this.bytes, Downloads.TEXT_LATIN1, this.name, true);
	}

	/** Its signature to the browser, never cached. */
	ResponseEntity<byte[]> signatureAttachment(AfdSigner signer) {
		return Downloads.of(signer.sign(this.bytes), Downloads.SIGNATURE, this.name + ".p7s", true);
	}

}
