package br.suite.shared;

/** JSON names are snake_case; Java names are camelCase. */
public final class Names {

	private Names() {
	}

	public static String snake(String camel) {
		StringBuilder out = new StringBuilder(camel.length() + 4);
		for (int i = 0; i < camel.length(); i++) {
			char c = camel.charAt(i);
			if (Character.isUpperCase(c)) {
				if (i > 0) {
					out.append('_');
				}
				out.append(Character.toLowerCase(c));
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

}
