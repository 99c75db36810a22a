package br.suite.timeclock.biometrics;

import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.TimeclockProblems;

/**
 * Face images as clients send them: plain base64 or a {@code data:image/…;base64,} URL of
 * a JPEG or PNG, up to 8 MiB decoded. The type is read from the bytes, not trusted from
 * the client.
 */
public final class Images {

	static final int MAX_BYTES = 8 * 1024 * 1024;

	private static final Pattern DATA_URL = Pattern.compile("^data:([\\w/+.-]*)(;[\\w=-]+)*;base64,",
			Pattern.CASE_INSENSITIVE);

	private Images() {
	}

	/** A decoded image and the media type its bytes show. */
	public record Image(byte[] bytes, String contentType) {
	}

	public static Image decodeBase64(String field, String text) {
		String payload = text.strip();
		Matcher dataUrl = DATA_URL.matcher(payload);
		if (dataUrl.find()) {
			payload = payload.substring(dataUrl.end());
		}
		payload = payload.replaceAll("\\s", "");
		if (payload.isEmpty()) {
			throw InvalidRequest.of(field, "must not be empty");
		}
		if ((long) payload.length() * 3 / 4 > MAX_BYTES + 3) {
			throw tooLarge();
		}
		byte[] bytes;
		try {
			bytes = Base64.getDecoder().decode(payload);
		}
		catch (IllegalArgumentException ex) {
			try {
				bytes = Base64.getUrlDecoder().decode(payload);
			}
			catch (IllegalArgumentException notUrlSafe) {
				throw InvalidRequest.of(field, "is not valid base64");
			}
		}
		return check(field, bytes);
	}

	static Image check(String field, byte[] bytes) {
		if (bytes.length > MAX_BYTES) {
			throw tooLarge();
		}
		String type = typeOf(bytes);
		if (type == null) {
			throw InvalidRequest.of(field, "must be a JPEG or PNG image");
		}
		return new Image(bytes, type);
	}

	static String typeOf(byte[] bytes) {
		if (bytes.length > 3 && (bytes[0] & 0xff) == 0xff && (bytes[1] & 0xff) == 0xd8 && (bytes[2] & 0xff) == 0xff) {
			return "image/jpeg";
		}
		if (bytes.length > 8 && (bytes[0] & 0xff) == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G') {
			return "image/png";
		}
		return null;
	}

	private static ApiProblem tooLarge() {
		return new TimeclockProblems.ImageTooLarge();
	}

}
