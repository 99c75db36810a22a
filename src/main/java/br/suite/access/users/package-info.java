/**
 * Users: {@code /api/access/users/}, the user rows ({@code User},
 * {@code UserRepository}), their changes and events ({@code UserService}), search
 * ({@code UserSearch}); signing in with a password ({@code AuthService},
 * {@code PasswordSignIn}); the first run's administrator and the operator commands; and
 * the implementations of the module's {@code AccessDirectory} ({@code UserDirectory}) and
 * {@code EmployeeLookup} ({@code UserLookup}).
 */
@NullMarked
package br.suite.access.users;

import org.jspecify.annotations.NullMarked;
