package br.suite.shared.crypto;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256 digests as every module writes them: 64 lowercase hex digits. */
public final class Sha256 {

	private Sha256() {
	}

	/** A fresh digest to feed in parts. */
	public static MessageDigest digest() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JDK", ex);
		}
	}

	public static byte[] bytes(byte[] content) {
		return digest().digest(content);
	}

	public static String hex(byte[] content) {
		return HexFormat.of().formatHex(bytes(content));
	}

	/** The digest of the text's UTF-8 bytes. */
	public static String hex(String text) {
		return hex(text.getBytes(StandardCharsets.UTF_8));
	}

	/** The hex of what {@code digest} has been fed so far (and resets it). */
	public static String hex(MessageDigest digest) {
		return HexFormat.of().formatHex(digest.digest());
	}

}
