/**
 * Signing in and the pages' sessions: {@code /api/auth/…} ({@code AuthController}), the
 * pages' security chain with form login ({@code PageSecurity}), sessions kept in
 * PostgreSQL ({@code PageSessions}, {@code SessionRefresh}, {@code SignOuts}, which
 * implements {@code UserSessions}), anonymous requests without a session row, and the
 * sign-in and password pages.
 */
@NullMarked
package br.suite.access.signin;

import org.jspecify.annotations.NullMarked;
