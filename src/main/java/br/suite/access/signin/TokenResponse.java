package br.suite.access.signin;

/** The API token issued by a sign-in, shown only in this response. */
record TokenResponse(String token) {
}
