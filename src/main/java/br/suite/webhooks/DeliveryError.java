package br.suite.webhooks;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * Why a delivery failed or was withheld, each reason with a code: the {@link Dispatcher}
 * writes a delivery's {@code last_error} with {@link #english} (the API's text, as the
 * spec defines it), and the failed deliveries' page reads the code and its arguments back
 * from that text ({@link #read}) to word it from the catalogue
 * ({@code webhooks.error.<code>}). Written and read from the same template, so every
 * reason the dispatcher writes is read back (the last, {@link #EXCEPTION}, reads any
 * other text).
 */
enum DeliveryError {

	WITHHELD_EVENT_TYPE("withheld: {0} is no longer an event type"),

	WITHHELD_NO_OWNER("withheld: the subscription has no owner; whoever next changes its url or event types "
			+ "(holding {0}) becomes it"),

	WITHHELD_OWNER_INACTIVE("withheld: the subscription's owner (user {0}) is not active"),

	WITHHELD_OWNER_PERMISSION("withheld: the subscription's owner (user {0}) does not hold {1}"),

	NO_ANSWER("no answer within {0} ms"),

	ANSWER_INCOMPLETE("the answer's body was not complete within {0} ms"),

	ANSWER_CUT_SHORT("the answer's body was cut short: {0}"),

	CANCELLED("cancelled"),

	URL_INVALID("url is not a valid URL"),

	URL_NOT_ABSOLUTE("url must be an absolute https URL with a host and no user info"),

	URL_NOT_HTTPS("url must use https"),

	URL_UNRESOLVED("url names a host that does not resolve: {0}"),

	URL_PRIVATE("url resolves to a private, loopback or link-local address ({0}), which {1} may not call"),

	/** An exception's class and message: a connection refused, a reset, a TLS failure… */
	EXCEPTION("{0}");

	private final String template;

	private final Pattern pattern;

	DeliveryError(String template) {
		this.template = template;
		StringBuilder regex = new StringBuilder();
		Matcher argument = Pattern.compile("\\{\\d}").matcher(this.template);
		int at = 0;
		while (argument.find()) {
			regex.append(Pattern.quote(this.template.substring(at, argument.start()))).append("(.*?)");
			at = argument.end();
		}
		regex.append(Pattern.quote(this.template.substring(at)));
		this.pattern = Pattern.compile(regex.toString(), Pattern.DOTALL);
	}

	/** The catalogue's key: {@code webhooks.error.<code>}. */
	String key() {
		return "webhooks.error." + name().toLowerCase(java.util.Locale.ROOT);
	}

	/** The text stored in {@code last_error}. */
	String english(Object... arguments) {
		String text = this.template;
		for (int i = 0; i < arguments.length; i++) {
			text = text.replace("{" + i + "}", String.valueOf(arguments[i]));
		}
		return text;
	}

	/** An exception's {@code last_error}: its class and message. */
	static String of(Throwable failure) {
		return EXCEPTION.english(
				failure.getClass().getSimpleName() + (failure.getMessage() == null ? "" : ": " + failure.getMessage()));
	}

	/** A {@code last_error} read back: its reason and what it quotes. */
	record Read(DeliveryError error, List<String> arguments) {

		/**
		 * The arguments as the page shows them: an exception's only by its class (its
		 * message is the JDK's English).
		 */
		Object[] shown() {
			if (this.error == EXCEPTION || this.error == ANSWER_CUT_SHORT) {
				String text = this.arguments.get(0);
				int colon = text.indexOf(':');
				return new Object[] { colon < 0 ? text : text.substring(0, colon) };
			}
			return this.arguments.toArray();
		}

	}

	static @Nullable Read read(@Nullable String text) {
		if (text == null) {
			return null;
		}
		for (DeliveryError error : values()) {
			Matcher m = error.pattern.matcher(text);
			if (m.matches()) {
				List<String> arguments = new ArrayList<>();
				for (int i = 1; i <= m.groupCount(); i++) {
					arguments.add(m.group(i));
				}
				return new Read(error, arguments);
			}
		}
		return null;
	}

}
