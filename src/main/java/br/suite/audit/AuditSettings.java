package br.suite.audit;

import java.nio.file.Path;
import java.time.Duration;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the chain's checkpoint (and, without {@code checkpointKey}, its key) is kept,
 * outside the database; the key that signs checkpoints
 * ({@code SUITE_AUDIT_CHECKPOINT_KEY}, at least 32 characters); how often one is taken;
 * how long an event may stay unsealed before the chain check reports it.
 */
@ConfigurationProperties("suite.audit")
record AuditSettings(@DefaultValue("data") Path dataDirectory, @Nullable String checkpointKey,
		@DefaultValue("1m") Duration checkpointInterval, @DefaultValue("1m") Duration sealLagLimit) {

	Path checkpointFile() {
		return this.dataDirectory.resolve("audit-checkpoint");
	}

	Path checkpointKeyFile() {
		return this.dataDirectory.resolve("audit-checkpoint.key");
	}

}
