package br.suite.access.users;

/**
 * A user's lifecycle: only active users authenticate; users are never deleted, only
 * deactivated.
 */
enum UserStatus {

	ACTIVE, INACTIVE, BLOCKED

}
