package br.suite.finance.transaction;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.FinanceFields;
import br.suite.finance.FinanceProblems.SyncLogNotFound;
import br.suite.finance.SyncFlow;
import br.suite.finance.SyncStatus;
import br.suite.finance.TransactionImports;
import br.suite.shared.ClosedSet;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/** Reads sync logs; {@link TransactionImports} writes them. */
@Service
public class SyncLogService {

	private static final String COLUMNS = "id, provider, flow, status, started_at, finished_at, imported_count, "
			+ "updated_count, message, created_at";

	private final JdbcClient jdbc;

	SyncLogService(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	public record Filter(@Nullable String provider, @Nullable String flow, @Nullable String status) {
	}

	@Transactional(readOnly = true)
	public ListQuery.Page<SyncLogResponse> list(Filter filter, Paging paging) {
		ListQuery.Page<SyncLogResponse> page = ListQuery.of(this.jdbc, COLUMNS, "finance_sync_log")
			.where("provider = :provider", "provider",
					filter.provider() == null ? null : FinanceFields.providerParameter(filter.provider()))
			.where("flow = :flow", "flow",
					filter.flow() == null ? null
							: ClosedSet.wire(ClosedSet.parse(SyncFlow.class, "flow", filter.flow())))
			.where("status = :status", "status",
					filter.status() == null ? null
							: ClosedSet.wire(ClosedSet.parse(SyncStatus.class, "status", filter.status())))
			.orderBy("started_at DESC, id DESC")
			.page(paging, (rs, n) -> map(rs));
		return page;
	}

	@Transactional(readOnly = true)
	public SyncLogResponse get(long id) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM finance_sync_log WHERE id = ?")
			.param(id)
			.query((rs, n) -> map(rs))
			.optional()
			.orElseThrow(() -> new SyncLogNotFound(id));
	}

	private static SyncLogResponse map(ResultSet rs) throws SQLException {
		return new SyncLogResponse(rs.getLong("id"), rs.getString("provider"), rs.getString("flow"),
				rs.getString("status"), TransactionService.instant(rs, "started_at"),
				TransactionService.instant(rs, "finished_at"), rs.getInt("imported_count"), rs.getInt("updated_count"),
				rs.getString("message"), TransactionService.instant(rs, "created_at"));
	}

}
