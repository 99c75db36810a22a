package br.suite.shared;

import java.net.URI;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/** A response body with the version of the record behind it, sent as the {@code ETag}. */
public record Versioned<T>(T body, long version) {

	public ResponseEntity<T> ok() {
		return ResponseEntity.ok().eTag(Versions.etag(this.version)).body(this.body);
	}

	public ResponseEntity<T> created(String location) {
		return ResponseEntity.status(HttpStatus.CREATED)
			.location(URI.create(location))
			.eTag(Versions.etag(this.version))
			.body(this.body);
	}

}
