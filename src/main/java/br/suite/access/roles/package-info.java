/**
 * Roles: {@code /api/access/roles/}, the role rows ({@code Role}, {@code RoleRepository},
 * which also counts a role's holders), the checks on granting permissions and on the last
 * administrator ({@code RoleService}), and the group commit of concurrent writes to one
 * role ({@code SameRowWrites}).
 */
@NullMarked
package br.suite.access.roles;

import org.jspecify.annotations.NullMarked;
