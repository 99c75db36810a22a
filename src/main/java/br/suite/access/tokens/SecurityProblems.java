package br.suite.access.tokens;

import java.io.IOException;
import java.util.Map;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.stereotype.Component;

import br.suite.shared.http.Problems;

/**
 * 401 and 403 bodies from the security chain, as problem details like every other error.
 */
@Component
class SecurityProblems {

	private final Problems problems;

	SecurityProblems(Problems problems) {
		this.problems = problems;
	}

	void unauthorized(HttpServletResponse response, String detail) throws IOException {
		response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Token");
		this.problems.write(response, HttpStatus.UNAUTHORIZED, "Unauthorized", detail);
	}

	void passwordChangeRequired(HttpServletResponse response) throws IOException {
		this.problems.write(response, HttpStatus.FORBIDDEN, "Forbidden",
				"You signed in with a temporary password: change it with POST /api/auth/password/ first, then sign in again.",
				Map.of("code", "password_change_required"));
	}

	AuthenticationEntryPoint entryPoint() {
		return (request, response, ex) -> unauthorized(response,
				"Authentication credentials were not provided: send \"Authorization: Token <key>\".");
	}

	AccessDeniedHandler accessDenied() {
		return (request, response, ex) -> this.problems.write(response, HttpStatus.FORBIDDEN, "Forbidden",
				"Your role does not grant the permission this operation needs.");
	}

}
