package br.suite.finance.collection;

/** How an address is shown outside the message itself: {@code jo***@example.com}. */
final class MessageMasks {

	private MessageMasks() {
	}

	static String email(String email) {
		int at = email.lastIndexOf('@');
		if (at <= 0) {
			return "***";
		}
		String local = email.substring(0, at);
		String shown = local.length() <= 2 ? local.substring(0, 1) : local.substring(0, 2);
		return shown + "***" + email.substring(at);
	}

}
