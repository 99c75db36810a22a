package br.suite.shared;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.web.multipart.MultipartFile;

/**
 * The name of an uploaded file as the client gave it: the {@code file_name} parameter
 * when there is one, else the multipart part's file name or the raw body's
 * {@code Content-Disposition} header; without any client path (browsers may send
 * {@code C:\fakepath\…}), on one line, at most {@link #MAX} characters. A bad one is a
 * 400 naming {@code file_name} (or the header).
 */
public final class UploadNames {

	/** The longest file name kept. */
	public static final int MAX = 255;

	private UploadNames() {
	}

	/** The part's name, or the {@code file_name} parameter; "" when neither gives one. */
	public static String ofPart(@Nullable String parameter, MultipartFile part) {
		return clean(parameter != null ? parameter : part.getOriginalFilename());
	}

	/**
	 * A raw body's name: the {@code file_name} parameter, else the Content-Disposition
	 * header's ({@code filename} or {@code filename*}); "" when neither gives one.
	 */
	public static String ofBody(@Nullable String parameter, @Nullable String disposition) {
		return clean(parameter != null ? parameter : ofDisposition(disposition));
	}

	/** Whether a name is one line of at most {@link #MAX} characters. */
	public static boolean fits(String name) {
		return name.length() <= MAX && name.chars().noneMatch(Character::isISOControl);
	}

	private static String clean(@Nullable String given) {
		String name = given == null ? ""
				: given.substring(Math.max(given.lastIndexOf('/'), given.lastIndexOf('\\')) + 1).strip();
		if (!fits(name)) {
			throw InvalidRequest.of("file_name",
					"must be at most " + MAX + " characters on one line without control characters");
		}
		return name;
	}

	private static @Nullable String ofDisposition(@Nullable String disposition) {
		if (disposition == null || disposition.isBlank()) {
			return null;
		}
		try {
			return ContentDisposition.parse(disposition).getFilename();
		}
		catch (RuntimeException ex) {
			throw InvalidRequest.of("Content-Disposition", "is not a valid header: " + ex.getMessage());
		}
	}

}
