package br.suite.finance.collection;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.finance.CollectionHistory;
import br.suite.finance.transaction.TransactionService;
import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;

/** What the régua de cobrança decided and sent, newest first. */
@Service
class CollectionMessages implements CollectionHistory {

	private static final String COLUMNS = "id, charge_id, kind, offset_days, to_address, subject, status, reason, "
			+ "attempts, decided_at, sent_at";

	enum Status {

		PENDING, SENT, FAILED, SKIPPED, OPTED_OUT

	}

	private final JdbcClient jdbc;

	CollectionMessages(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Transactional(readOnly = true)
	ListQuery.Page<MessageResponse> list(@Nullable Long chargeId, @Nullable String status, @Nullable LocalDate from,
			@Nullable LocalDate to, Paging paging) {
		if (from != null && to != null && to.isBefore(from)) {
			throw InvalidRequest.of("to", "must not be before from");
		}
		ListQuery query = ListQuery.of(this.jdbc, COLUMNS, "finance_collection_message")
			.where("charge_id = :chargeId", "chargeId", chargeId)
			.where("status = :status", "status",
					status == null ? null : ClosedSet.wire(ClosedSet.parse(Status.class, "status", status)))
			.where("decided_at >= CAST(CAST(:from AS date) AS timestamp) AT TIME ZONE '" + DateTimes.BRAZIL_ZONE_ID
					+ "'", "from", from == null ? null : java.sql.Date.valueOf(from))
			.where("decided_at < CAST(CAST(:to AS date) + 1 AS timestamp) AT TIME ZONE '" + DateTimes.BRAZIL_ZONE_ID
					+ "'", "to", to == null ? null : java.sql.Date.valueOf(to))
			.orderBy("decided_at DESC, id DESC");
		return query.page(paging, (rs, n) -> map(rs));
	}

	@Override
	@Transactional(readOnly = true)
	public List<Entry> forCharge(long chargeId, int limit) {
		return this.jdbc
			.sql("SELECT " + COLUMNS + " FROM finance_collection_message WHERE charge_id = ? "
					+ "ORDER BY decided_at DESC, id DESC LIMIT ?")
			.params(chargeId, limit)
			.query((rs, n) -> entry(map(rs)))
			.list();
	}

	private static Entry entry(MessageResponse m) {
		return new Entry(m.id(), m.chargeId(), m.kind(), m.offsetDays(), m.to(), m.subject(), m.status(), m.reason(),
				m.attempts(), m.decidedAt(), m.sentAt());
	}

	@Override
	@Transactional(readOnly = true)
	public List<Entry> forPayer(String document, String email, int limit) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM finance_collection_message m WHERE "
				+ "(:document <> '' AND charge_id IN (SELECT id FROM finance_charge WHERE payer_document = :document)) "
				+ "OR (:email <> '' AND lower(to_address) = lower(:email)) ORDER BY decided_at DESC, id DESC LIMIT :limit")
			.param("document", document)
			.param("email", email)
			.param("limit", limit)
			.query((rs, n) -> entry(map(rs)))
			.list();
	}

	private static MessageResponse map(ResultSet rs) throws SQLException {
		return new MessageResponse(rs.getLong("id"), rs.getLong("charge_id"), rs.getString("kind"),
				rs.getObject("offset_days", Integer.class), MessageMasks.email(rs.getString("to_address")),
				rs.getString("subject"), rs.getString("status"), rs.getString("reason"), rs.getInt("attempts"),
				Objects.requireNonNull(TransactionService.instant(rs, "decided_at")),
				TransactionService.instant(rs, "sent_at"));
	}

}
