package br.suite.shared.http;

import java.sql.SQLTransientConnectionException;

import jakarta.servlet.http.HttpServletRequest;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.validation.FieldError;
import org.springframework.validation.method.ParameterValidationResult;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import org.springframework.web.servlet.resource.NoResourceFoundException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;

import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Names;
import br.suite.shared.json.JsonErrors;

/**
 * Turns every error a client can cause into problem details that name the offending
 * field. It replaces Boot's own handler (which backs off when a
 * {@link ResponseEntityExceptionHandler} bean exists) and deliberately has no catch-all:
 * security exceptions must reach the security chain.
 */
@RestControllerAdvice
public class WireErrorHandler extends ResponseEntityExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(WireErrorHandler.class);

	@ExceptionHandler(ApiProblem.class)
	ResponseEntity<ProblemDetail> onApiProblem(ApiProblem problem) {
		ResponseEntity.BodyBuilder response = ResponseEntity.status(problem.status());
		if (problem.status() == HttpStatus.UNAUTHORIZED) {
			response.header(HttpHeaders.WWW_AUTHENTICATE, "Token");
		}
		if (problem instanceof ExpensiveCalls.TooManyRequests tooMany) {
			response.header(HttpHeaders.RETRY_AFTER, Long.toString(tooMany.retryAfterSeconds()));
		}
		return response.body(problem.toProblemDetail());
	}

	@ExceptionHandler(DuplicateKeyException.class)
	ResponseEntity<ProblemDetail> onDuplicateKey(DuplicateKeyException ex) {
		// Last line of defence: services check uniqueness first and name the field; a
		// race ends here.
		return onApiProblem(new ApiProblem.Conflict("The record conflicts with an existing one."));
	}

	@ExceptionHandler({ TransientDataAccessException.class, DataAccessResourceFailureException.class,
			CannotCreateTransactionException.class, TransactionSystemException.class,
			SQLTransientConnectionException.class })
	ResponseEntity<ProblemDetail> onDatabaseUnavailable(Exception ex, HttpServletRequest request) {
		log.warn("{} {} answered 503: the database is unavailable ({})", request.getMethod(), request.getRequestURI(),
				ex.getMessage());
		return DatabaseUnavailable.response();
	}

	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ResponseEntity<ProblemDetail> onArgumentTypeMismatch(MethodArgumentTypeMismatchException ex) {
		if (ex.getParameter().hasParameterAnnotation(PathVariable.class)) {
			// Ids in paths that are not positive 64-bit integers address nothing.
			return onApiProblem(new ApiProblem(HttpStatus.NOT_FOUND, "No record at this address."));
		}
		return onApiProblem(InvalidRequest.of(ex.getName(), "must be " + JsonErrors.typeName(ex.getRequiredType())));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleTypeMismatch(TypeMismatchException ex, HttpHeaders headers,
			HttpStatusCode status, WebRequest request) {
		String name = ex.getPropertyName() != null ? ex.getPropertyName() : "value";
		return asObject(onApiProblem(InvalidRequest.of(name, "must be " + JsonErrors.typeName(ex.getRequiredType()))));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleMissingServletRequestParameter(
			MissingServletRequestParameterException ex, HttpHeaders headers, HttpStatusCode status,
			WebRequest request) {
		return asObject(onApiProblem(InvalidRequest.of(ex.getParameterName(), "is required")));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof ApiProblem problem) {
				return asObject(onApiProblem(problem));
			}
			if (cause instanceof RequestSizeLimitFilter.PayloadTooLarge tooLarge) {
				return asObject(onApiProblem(new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, tooLarge.getMessage())));
			}
		}
		if (ex.getCause() instanceof MismatchedInputException mismatch && !mismatch.getPath().isEmpty()) {
			return asObject(onApiProblem(InvalidRequest.of(JsonErrors.path(mismatch), JsonErrors.describe(mismatch))));
		}
		if (ex.getCause() instanceof InputCoercionException outOfRange && !outOfRange.getPath().isEmpty()) {
			return asObject(onApiProblem(InvalidRequest.of(JsonErrors.path(outOfRange), "is out of range")));
		}
		if (ex.getCause() instanceof JacksonException jackson && !(jackson instanceof StreamReadException)
				&& !jackson.getPath().isEmpty()) {
			return asObject(onApiProblem(InvalidRequest.of(JsonErrors.path(jackson), "has an invalid value")));
		}
		String detail = (ex.getCause() instanceof MismatchedInputException) ? "The request body must be a JSON object."
				: "The request body is not valid JSON.";
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
		problem.setTitle("Malformed request body");
		return ResponseEntity.badRequest().body(problem);
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		for (FieldError error : ex.getBindingResult().getFieldErrors()) {
			// A bound query parameter that is not of its type reads as it does when
			// declared on its own (onArgumentTypeMismatch).
			String message = error.isBindingFailure() && error.contains(TypeMismatchException.class)
					? "must be " + JsonErrors.typeName(error.unwrap(TypeMismatchException.class).getRequiredType())
					: String.valueOf(error.getDefaultMessage());
			errors.add(Names.snake(error.getField()), message);
		}
		ex.getBindingResult()
			.getGlobalErrors()
			.forEach(error -> errors.add(error.getObjectName(), String.valueOf(error.getDefaultMessage())));
		return asObject(onApiProblem(errors.build()));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleHandlerMethodValidationException(
			HandlerMethodValidationException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		for (ParameterValidationResult result : ex.getParameterValidationResults()) {
			String name = result.getMethodParameter().getParameterName();
			result.getResolvableErrors()
				.forEach(error -> errors.add(name == null ? "value" : Names.snake(name),
						String.valueOf(error.getDefaultMessage())));
		}
		return asObject(onApiProblem(errors.build()));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleMaxUploadSizeExceededException(MaxUploadSizeExceededException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return asObject(onApiProblem(new ApiProblem(HttpStatus.CONTENT_TOO_LARGE, "The upload is too large.")));
	}

	@ExceptionHandler(MultipartException.class)
	ResponseEntity<ProblemDetail> onUnreadableMultipart(MultipartException ex) {
		// Raised while the body is parsed, before any controller is chosen; too-large
		// uploads have their own 413.
		return onApiProblem(new ApiProblem(HttpStatus.BAD_REQUEST,
				"The multipart/form-data body could not be read (missing boundary or truncated part)."));
	}

	@Override
	protected @Nullable ResponseEntity<Object> handleNoResourceFoundException(NoResourceFoundException ex,
			HttpHeaders headers, HttpStatusCode status, WebRequest request) {
		return asObject(onApiProblem(new ApiProblem(HttpStatus.NOT_FOUND, "No resource at this address.")));
	}

	@SuppressWarnings("unchecked")
	private static ResponseEntity<Object> asObject(ResponseEntity<?> response) {
		return (ResponseEntity<Object>) response;
	}

}
