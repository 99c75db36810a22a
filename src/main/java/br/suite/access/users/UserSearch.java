package br.suite.access.users;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import br.suite.access.EmployeePhotos;
import br.suite.shared.ClosedSet;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/**
 * The list of users with the API's filters (status, role, employee, text), one query
 * straight into the responses, and whose face photo the time clock holds.
 */
@Component
public class UserSearch {

	private final JdbcClient jdbc;

	private final ObjectProvider<EmployeePhotos> photos;

	UserSearch(JdbcClient jdbc, ObjectProvider<EmployeePhotos> photos) {
		this.jdbc = jdbc;
		this.photos = photos;
	}

	public record Filter(@Nullable String status, @Nullable Long roleId, @Nullable Boolean isEmployee,
			@Nullable String q) {
	}

	@Transactional(readOnly = true)
	public ListQuery.Page<UserResponse> list(Filter filter, Paging paging) {
		ListQuery query = ListQuery.of(this.jdbc, LIST_COLUMNS, "access_user u JOIN access_role r ON r.id = u.role_id")
			.where("u.status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(UserStatus.class, "status", filter.status())))
			.where("u.role_id = :roleId", "roleId", filter.roleId())
			.where("u.is_employee = :isEmployee", "isEmployee", filter.isEmployee())
			.orderBy("u.id");
		if (filter.q() != null && !filter.q().isBlank()) {
			query.where("(u.username ILIKE :q OR u.email ILIKE :q OR u.full_name ILIKE :q)")
				.param("q", ListQuery.containing(filter.q().trim()));
		}
		ListQuery.Page<UserResponse> page = query.page(paging, UserSearch::listed);
		// Face photos belong to the time clock: one look-up for the whole page.
		Set<Long> withPhotos = withPhotos(page.items().stream().map(UserResponse::id).toList());
		return new ListQuery.Page<>(
				page.items().stream().map(u -> withPhotos.contains(u.id()) ? u.withPhoto() : u).toList(), page.total());
	}

	private static final String LIST_COLUMNS = "u.id, u.username, u.email, u.full_name, u.department, u.job_title, "
			+ "u.is_employee, u.role_id, r.name AS role_name, r.permissions, u.status, u.last_access_at, u.created_at, "
			+ "u.updated_at, u.cpf, u.establishment_id, u.matricula, u.cost_centre_id";

	private static UserResponse listed(ResultSet rs, int n) throws SQLException {
		Timestamp lastAccess = rs.getTimestamp("last_access_at");
		return new UserResponse(rs.getLong("id"), rs.getString("username"), rs.getString("email"),
				rs.getString("full_name"), rs.getString("department"), rs.getString("job_title"),
				rs.getBoolean("is_employee"), null, rs.getLong("role_id"), rs.getString("role_name"),
				List.of((String[]) rs.getArray("permissions").getArray()), null, rs.getString("status"),
				lastAccess == null ? null : lastAccess.toInstant(), rs.getTimestamp("created_at").toInstant(),
				rs.getTimestamp("updated_at").toInstant(), rs.getString("cpf"),
				rs.getObject("establishment_id", Long.class), rs.getString("matricula"),
				rs.getObject("cost_centre_id", Long.class));
	}

	/** The users among {@code userIds} with an enrolled face photo (the time clock's). */
	Set<Long> withPhotos(List<Long> userIds) {
		EmployeePhotos port = this.photos.getIfAvailable();
		return (port == null || userIds.isEmpty()) ? Set.of() : port.withPhotos(userIds);
	}

}
