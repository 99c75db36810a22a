/**
 * Provider connections ({@code /api/finance/connections/}) and their sealed credentials:
 * the checks, the client certificates, the token authentication and the re-seal at
 * start-up.
 */
@NullMarked
package br.suite.finance.connection;

import org.jspecify.annotations.NullMarked;
