package br.suite.timeclock;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A file the pages hand to the browser (espelho PDF, AFD and its signature), never
 * cached.
 */
final class Downloads {

	private Downloads() {
	}

	static ResponseEntity<byte[]> of(byte[] bytes, MediaType type, String name, boolean attachment) {
		ContentDisposition disposition = (attachment ? ContentDisposition.attachment() : ContentDisposition.inline())
			.filename(name)
			.build();
		return ResponseEntity.ok()
			.contentType(type)
			.header(HttpHeaders.CONTENT_DISPOSITION, disposition.toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(bytes);
	}

}
