package br.suite.shared.http;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.NoPermission;

/**
 * The error page Spring Boot would render as {@code {"timestamp",…,"error"}} for what no
 * handler answered (an unexpected exception, a {@code sendError} in a filter): problem
 * details like every other error. Replaces Boot's {@code BasicErrorController}.
 */
@RestController
class ProblemErrorController implements ErrorController {

	@RequestMapping("${server.error.path:/error}")
	@NoPermission("the error page answers for every request that reached it")
	ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
		Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
		HttpStatus status = code instanceof Integer value && HttpStatus.resolve(value) != null
				? HttpStatus.valueOf(value) : HttpStatus.INTERNAL_SERVER_ERROR;
		if (code == null) {
			// Requested directly rather than as an error dispatch.
			status = HttpStatus.NOT_FOUND;
		}
		String detail = switch (status) {
			case NOT_FOUND -> "No resource at this address.";
			case INTERNAL_SERVER_ERROR -> "The request could not be completed because of an internal error.";
			default -> status.getReasonPhrase() + ".";
		};
		return ResponseEntity.status(status)
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.body(ProblemDetail.forStatusAndDetail(status, detail));
	}

}
