package br.suite.imports.csv;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.shared.crypto.Sha256;

/**
 * The SHA-256 of what a confirmation asks for (not of its bytes): the same metadata,
 * choices and rows give the same fingerprint whatever the JSON's spacing, key order or
 * ignored fields.
 */
final class ConfirmationFingerprint {

	final MessageDigest digest;

	ConfirmationFingerprint() {
		this.digest = Sha256.digest();
	}

	void add(@Nullable String... values) {
		this.digest.update(record(values));
	}

	String hex() {
		return Sha256.hex(this.digest);
	}

	static byte[] record(@Nullable String... values) {
		StringBuilder record = new StringBuilder();
		for (String value : values) {
			// Length-prefixed, so no two different lists of values read alike; null
			// differs from "".
			record.append(value == null ? "-1:" : value.length() + ":" + value);
		}
		return record.append(values.length).append(';').toString().getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * The fingerprint records of a group's rows, kept as bytes until the records that
	 * come before them (the metadata, which the body may send after its groups) are
	 * known: about 100 bytes a row, in blocks of at most 64 KiB.
	 */
	static final class Records {

		private static final int BLOCK = 1 << 16;

		private final List<byte[]> full = new ArrayList<>();

		private byte[] current = new byte[256];

		private int used;

		void add(@Nullable String... values) {
			byte[] record = ConfirmationFingerprint.record(values);
			int offset = 0;
			while (offset < record.length) {
				if (this.used == this.current.length) {
					if (this.current.length < BLOCK) {
						this.current = Arrays.copyOf(this.current, this.current.length * 2);
					}
					else {
						this.full.add(this.current);
						this.current = new byte[BLOCK];
						this.used = 0;
					}
				}
				int n = Math.min(record.length - offset, this.current.length - this.used);
				System.arraycopy(record, offset, this.current, this.used, n);
				this.used += n;
				offset += n;
			}
		}

		void update(MessageDigest digest) {
			this.full.forEach(digest::update);
			digest.update(this.current, 0, this.used);
		}

	}

}
