package br.suite.audit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

/**
 * Anchors the audit chain outside the database. Every {@code checkpoint-interval} the
 * newest sealed event's id and hash (the end of the chained prefix; events not sealed yet
 * are not in it) are signed (HMAC-SHA-256 with a key that is not in the database) and
 * written to {@code <data directory>/audit-checkpoint} and to the log. Someone who can
 * rewrite the database can recompute the whole SHA-256 chain, cut its newest events and
 * move the head back, but cannot move the checkpoint: the chain check reports an event of
 * the checkpoint that is missing or no longer has its hash.
 * <p>
 * A checkpoint only moves forward over the chain it extends: when the checkpoint's event
 * is gone or changed, the old checkpoint is kept (and the log says so at every run) as
 * the evidence. Reading the head never locks it: the checkpoint reads the newest event
 * row, whatever serialises the writers.
 */
@Service
class AuditCheckpoints {

	private static final Logger log = LoggerFactory.getLogger(AuditCheckpoints.class);

	private static final Pattern LINE = Pattern
		.compile("(audit-checkpoint v1 last_id=(\\d{1,18}) last_hash=([0-9a-f]{64}) at=(\\S+)) mac=([0-9a-f]{64})");

	private final JdbcClient jdbc;

	private final AuditSettings settings;

	private volatile byte @Nullable [] key;

	AuditCheckpoints(JdbcClient jdbc, AuditSettings settings) {
		this.jdbc = jdbc;
		this.settings = settings;
		String configured = settings.checkpointKey();
		if (configured != null && !configured.isBlank() && configured.length() < 32) {
			throw new IllegalStateException("SUITE_AUDIT_CHECKPOINT_KEY must be at least 32 characters");
		}
	}

	/** A signed checkpoint: the chain's newest event when it was taken. */
	record Checkpoint(long lastId, String lastHash, Instant at) {
	}

	/** The checkpoint as read from its file: signed by our key, or not. */
	record Read(@Nullable Checkpoint checkpoint, @Nullable String problem) {
	}

	@Scheduled(fixedDelayString = "${suite.audit.checkpoint-interval:1m}",
			initialDelayString = "${suite.audit.checkpoint-interval:1m}")
	void scheduled() {
		try {
			take();
		}
		catch (RuntimeException ex) {
			log.warn("Audit checkpoint not taken: {}", ex.toString());
		}
	}

	/**
	 * Takes a checkpoint of the newest event when the chain moved on from the last one
	 * and still holds it; answers the checkpoint in force afterwards (empty before the
	 * first event).
	 */
	synchronized Optional<Checkpoint> take() {
		Optional<Checkpoint> newest = this.jdbc
			.sql("SELECT id, hash FROM audit_event WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1")
			.query((rs, n) -> new Checkpoint(rs.getLong("id"), rs.getString("hash"),
					Instant.now().truncatedTo(ChronoUnit.MILLIS)))
			.optional();
		Optional<Read> current = read();
		if (current.isPresent()) {
			Read read = current.get();
			if (read.checkpoint() == null) {
				log.error("Audit checkpoint kept: {}. Look into it, then move the file aside to start anew.",
						read.problem());
				return Optional.empty();
			}
			Checkpoint last = read.checkpoint();
			Optional<String> broken = check(last);
			if (broken.isPresent()) {
				log.error("Audit checkpoint kept, the chain no longer extends it: {}", broken.get());
				return Optional.of(last);
			}
			if (newest.isEmpty() || newest.get().lastId() == last.lastId()) {
				return Optional.of(last);
			}
		}
		if (newest.isEmpty()) {
			return Optional.empty();
		}
		String line = signed(newest.get());
		write(line);
		log.info("Audit checkpoint: {}", line);
		return newest;
	}

	/** The checkpoint in force, if a file is there. */
	Optional<Read> read() {
		String text;
		try {
			text = Files.readString(this.settings.checkpointFile(), StandardCharsets.US_ASCII).strip();
		}
		catch (NoSuchFileException ex) {
			return Optional.empty();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		Matcher matcher = LINE.matcher(text);
		if (!matcher.matches()) {
			return Optional
				.of(new Read(null, "the checkpoint file " + this.settings.checkpointFile() + " is not a checkpoint"));
		}
		if (!MessageDigest.isEqual(mac(matcher.group(1)).getBytes(StandardCharsets.US_ASCII),
				matcher.group(5).getBytes(StandardCharsets.US_ASCII))) {
			return Optional.of(new Read(null, "the checkpoint's signature does not verify (file "
					+ this.settings.checkpointFile() + " changed, or the key changed)"));
		}
		try {
			return Optional.of(new Read(
					new Checkpoint(Long.parseLong(matcher.group(2)), matcher.group(3), Instant.parse(matcher.group(4))),
					null));
		}
		catch (DateTimeParseException ex) {
			return Optional
				.of(new Read(null, "the checkpoint file " + this.settings.checkpointFile() + " is not a checkpoint"));
		}
	}

	/**
	 * What is wrong with the chain against the checkpoint: its event is missing (the
	 * chain was cut back) or holds another hash (rewritten).
	 */
	Optional<String> check(Checkpoint checkpoint) {
		Optional<String> hash = this.jdbc.sql("SELECT hash FROM audit_event WHERE id = :id")
			.param("id", checkpoint.lastId())
			.query(String.class)
			.optional();
		if (hash.isEmpty()) {
			Long newest = this.jdbc.sql("SELECT max(chain_seq) FROM audit_event").query(Long.class).single();
			return Optional.of("event " + checkpoint.lastId() + " of the checkpoint taken at " + checkpoint.at()
					+ " is missing: the chain ends at position " + (newest == null ? 0 : newest)
					+ ", it was cut back past the checkpoint");
		}
		if (!hash.get().equals(checkpoint.lastHash())) {
			return Optional.of("event " + checkpoint.lastId() + " no longer has the hash of the checkpoint taken at "
					+ checkpoint.at() + ": the chain was rewritten");
		}
		return Optional.empty();
	}

	private String signed(Checkpoint checkpoint) {
		String content = "audit-checkpoint v1 last_id=" + checkpoint.lastId() + " last_hash=" + checkpoint.lastHash()
				+ " at=" + checkpoint.at();
		return content + " mac=" + mac(content);
	}

	private String mac(String content) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key(), "HmacSHA256"));
			return HexFormat.of().formatHex(mac.doFinal(content.getBytes(StandardCharsets.US_ASCII)));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every JDK", ex);
		}
	}

	/**
	 * The configured key, else the key file of the data directory (32 random bytes as
	 * hex, made on first use with mode 0600).
	 */
	private byte[] key() {
		byte[] known = this.key;
		if (known != null) {
			return known;
		}
		String configured = this.settings.checkpointKey();
		if (configured != null && !configured.isBlank()) {
			known = configured.getBytes(StandardCharsets.UTF_8);
		}
		else {
			Path file = this.settings.checkpointKeyFile();
			try {
				if (!Files.exists(file)) {
					Files.createDirectories(file.toAbsolutePath().getParent());
					byte[] random = new byte[32];
					new SecureRandom().nextBytes(random);
					try {
						Files.writeString(Files.createFile(file, ownerOnly()), HexFormat.of().formatHex(random) + "\n");
					}
					catch (FileAlreadyExistsException ex) {
						// Another instance sharing the data directory made it first.
					}
				}
				known = Files.readString(file, StandardCharsets.US_ASCII).strip().getBytes(StandardCharsets.US_ASCII);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			if (known.length < 32) {
				throw new IllegalStateException("The audit checkpoint key file " + file + " is too short");
			}
		}
		this.key = known;
		return known;
	}

	/**
	 * Replaces the checkpoint file at once: a reader sees the old line or the new one.
	 */
	private void write(String line) {
		Path file = this.settings.checkpointFile();
		try {
			Path directory = file.toAbsolutePath().getParent();
			Files.createDirectories(directory);
			Path temporary = Files.createTempFile(directory, "audit-checkpoint", ".tmp", ownerOnly());
			try {
				Files.writeString(temporary, line + "\n", StandardCharsets.US_ASCII);
				try {
					Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
				}
				catch (AtomicMoveNotSupportedException ex) {
					Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
				}
			}
			finally {
				Files.deleteIfExists(temporary);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static FileAttribute<?> ownerOnly() {
		return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));
	}

}
