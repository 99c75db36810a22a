package br.suite.finance;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
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

	// Written only by SyncLogWriter when a sync finishes, so a concurrent update cannot overwrite it.
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

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

}
