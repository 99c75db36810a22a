/**
 * Passwords and the sign-in rules: what a chosen password must be
 * ({@code PasswordPolicy}), temporary passwords, the hash format and cost
 * ({@code PasswordSettings}), throttling of guesses per address and per username
 * ({@code LoginThrottle}), and the two credential requests ({@code TokenRequest},
 * {@code PasswordChangeRequest}).
 */
@NullMarked
package br.suite.access.passwords;

import org.jspecify.annotations.NullMarked;
