package br.suite.webhooks;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** Standard Webhooks secrets and signatures. */
final class Signatures {

	static final String PREFIX = "whsec_";

	private static final SecureRandom RANDOM = new SecureRandom();

	private Signatures() {
	}

	/** {@code whsec_} and the base64 of 32 random bytes. */
	static String newSecret() {
		byte[] key = new byte[32];
		RANDOM.nextBytes(key);
		return PREFIX + Base64.getEncoder().encodeToString(key);
	}

	/**
	 * {@code v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">} keyed with the
	 * secret's decoded bytes.
	 */
	static String sign(String secret, String messageId, long timestamp, String body) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(PREFIX.length())), "HmacSHA256"));
			byte[] signature = mac.doFinal((messageId + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
			return "v1," + Base64.getEncoder().encodeToString(signature);
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every JDK", ex);
		}
	}

}
