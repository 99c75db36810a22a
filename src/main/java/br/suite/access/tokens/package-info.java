/**
 * API tokens and the API's security chain: issuing, checking, caching and revoking tokens
 * ({@code TokenService}, {@code TokenAuthenticationFilter}), the early permission check
 * of every handler's {@code @Requires} ({@code PermissionCheck}), the 401/403 bodies, and
 * the {@code UserSessions} port through which ending a user's tokens ends their page
 * sessions.
 */
@NullMarked
package br.suite.access.tokens;

import org.jspecify.annotations.NullMarked;
