package br.suite.access.tokens;

/**
 * The page sessions of users, a port access declares and the web pages implement (they
 * own the sessions): whenever access revokes every API token of a user (password change
 * or reset, deactivation or any status away from active, a new role, "revoke all"), it
 * ends that user's page sessions too, once the change has committed. Without a web server
 * (the operator commands) there is no implementation and nothing to end.
 */
public interface UserSessions {

	/**
	 * Ends every page session of the user, on every instance.
	 * @param userId whose sessions
	 * @param exceptCurrent whether to keep the session of the request being served (the
	 * user changing their own password on a page goes on there)
	 */
	void endAll(long userId, boolean exceptCurrent);

}
