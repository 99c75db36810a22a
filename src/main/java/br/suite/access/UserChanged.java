package br.suite.access;

import java.util.List;

/**
 * Published inside the transaction that created, changed, deactivated a user or reset
 * their password: {@code change} is {@code created}, {@code updated}, {@code deactivated}
 * or {@code password_reset}; {@code fields} names the changed fields (never their secret
 * values).
 */
public record UserChanged(long userId, String username, String change, List<String> fields) {
}
