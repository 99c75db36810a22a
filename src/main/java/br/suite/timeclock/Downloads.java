package br.suite.timeclock;

import java.time.Instant;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A file timeclock hands out: to the browser from a page (espelho PDF, AFD and its
 * signature) or to the API (the AFD, the AEJ, their signatures, the payroll file).
 */
public final class Downloads {

	private Downloads() {
	}

	public static final MediaType TEXT_LATIN1 = MediaType.parseMediaType("text/plain; charset=ISO-8859-1");

	public static final MediaType SIGNATURE = MediaType.parseMediaType("application/pkcs7-signature");

	/** A file never cached, as an attachment or shown inline. */
	public static ResponseEntity<byte[]> of(byte[] bytes, MediaType type, String name, boolean attachment) {
		ContentDisposition disposition = (attachment ? ContentDisposition.attachment() : ContentDisposition.inline())
			.filename(name)
			.build();
		return ResponseEntity.ok()
			.contentType(type)
			.header(HttpHeaders.CONTENT_DISPOSITION, disposition.toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(bytes);
	}

	/**
	 * A file the API generated (AFD, AEJ, their signatures) as an attachment, with its
	 * generation time in {@code header} so a client can ask for the same bytes again.
	 */
	public static ResponseEntity<byte[]> generated(byte[] bytes, MediaType type, String name, String header,
			Instant generatedAt) {
		return ResponseEntity.ok()
			.contentType(type)
			.header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(name).build().toString())
			.header(header, generatedAt.toString())
			.body(bytes);
	}

}
