package br.suite.shared.http;

import java.io.IOException;
import java.io.Writer;

import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * Tomcat's error page, for what Tomcat refuses before Spring sees the request
 * (undecodable or {@code %00} paths, oversized headers, malformed request lines): problem
 * details instead of HTML. Public because Tomcat's host instantiates it by class name.
 */
public class ProblemErrorReportValve extends ErrorReportValve {

	@Override
	protected void report(Request request, Response response, Throwable throwable) {
		int status = response.getStatus();
		if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
			return;
		}
		HttpStatus known = HttpStatus.resolve(status);
		String title = known != null ? known.getReasonPhrase() : "Error";
		String detail = switch (status) {
			case 400 -> "The request could not be read: its request line, path encoding or headers are malformed.";
			case 404 -> "No resource at this address.";
			case 431 -> "The request's headers are too large.";
			case 413 -> "The request body is too large.";
			default -> status >= 500 ? "The request could not be completed." : title + ".";
		};
		try {
			response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
			response.setCharacterEncoding("UTF-8");
			Writer writer = response.getReporter();
			if (writer != null) {
				writer.write("{\"title\":\"" + title + "\",\"status\":" + status + ",\"detail\":\"" + detail + "\"}");
				response.finishResponse();
			}
		}
		catch (IOException | IllegalStateException ex) {
			// The client is gone, or the response can no longer be written: nothing more
			// to send.
		}
	}

}
