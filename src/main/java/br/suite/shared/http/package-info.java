/**
 * The HTTP front every request passes: errors as problem details
 * ({@code WireErrorHandler}, {@code ProblemErrorController}, Tomcat's
 * {@code ProblemErrorReportValve}, {@code Problems} for filters), the servlet filters
 * that run before security (database unavailability as 503, query text, body size limits
 * with the modules' {@code BodyLimits}), Tomcat's admission of slow clients
 * ({@code RequestAdmission}, {@code HttpSettings}), the rate limit of expensive calls
 * ({@code RateLimited}, {@code ExpensiveCalls}) and the user id in the logs.
 */
@NullMarked
package br.suite.shared.http;

import org.jspecify.annotations.NullMarked;
