package br.suite.shared.documents;

import org.jspecify.annotations.NullMarked;

/**
 * Thrown by {@link PixEndToEndId#parse(String)} when the id is not 32 ASCII letters or
 * digits.
 */
@NullMarked
public class InvalidEndToEndId extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public InvalidEndToEndId(String message) {
		super(message);
	}

}
