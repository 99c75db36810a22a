package br.suite.access;

import java.text.Normalizer;

/**
 * The one normalisation of usernames, used wherever a username is compared: the sign-in
 * look-up, the per-username sign-in lock, the kiosk's look-up, the operator commands, and
 * the uniqueness of a new or renamed user (stored as {@code access_user.username_key},
 * unique). Unicode NFKC (so a ligature {@code ﬁ} or a full-width {@code ｆ} is the letter
 * it looks like), then a case fold by Unicode's simple one-to-one mappings, the same in
 * every locale ({@code Character.toUpperCase} then {@code toLowerCase} per code point),
 * so {@code İ} (U+0130) and {@code ı} (U+0131) fold to {@code i}:
 * {@code String.toLowerCase} would turn {@code İ} into {@code i} plus a combining dot, a
 * name of its own. Changing this needs a migration that recomputes the stored keys.
 */
public final class Usernames {

	/** The longest key stored (and compared): the column's width. */
	public static final int MAX_KEY_LENGTH = 150;

	private Usernames() {
	}

	public static String key(String username) {
		String key = Normalizer.normalize(username.strip(), Normalizer.Form.NFKC);
		// Folding can yield characters that NFKC composes again, which may fold anew:
		// repeat until it settles (once or twice for any real name).
		for (int round = 0; round < 4; round++) {
			String folded = Normalizer.normalize(fold(key), Normalizer.Form.NFKC);
			if (folded.equals(key)) {
				break;
			}
			key = folded;
		}
		return key;
	}

	private static String fold(String text) {
		StringBuilder folded = new StringBuilder(text.length());
		text.codePoints().forEach(c -> folded.appendCodePoint(Character.toLowerCase(Character.toUpperCase(c))));
		return folded.toString();
	}

}
