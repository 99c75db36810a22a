package br.suite.finance.connection;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.ReadOnlyProperty;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

@Table("finance_connection")
class FinanceConnection {

	@Id
	@Nullable Long id;

	/** Chosen on create and never changed: the connection's transactions carry it. */
	String provider;

	String accountId;

	boolean enabled;

	String status;

	String endpoint;

	boolean webhookConfigured;

	// Written only by SyncLogWriter when a sync finishes, so a concurrent update cannot
	// overwrite it.
	@ReadOnlyProperty
	@Nullable Instant lastSyncAt;

	String notes;

	@Version
	@Nullable Long version;

	Instant createdAt;

	Instant updatedAt;

	FinanceConnection(String provider, String accountId) {
		this.provider = provider;
		this.accountId = accountId;
		this.status = "";
		this.endpoint = "";
		this.notes = "";
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

	/** The fields an audit event compares (no secrets are kept on a connection). */
	Map<String, @Nullable Object> audited() {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("provider", this.provider);
		fields.put("account_id", this.accountId);
		fields.put("enabled", this.enabled);
		fields.put("status", this.status);
		fields.put("endpoint", this.endpoint);
		fields.put("webhook_configured", this.webhookConfigured);
		fields.put("notes", this.notes);
		return fields;
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

}
