package br.suite.processdocs;

import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

import br.suite.shared.ClosedSet;
import br.suite.shared.DateTimes;

/**
 * A controlled document. {@code version} is the document's own revision label ("1.0");
 * the row's optimistic-locking counter is {@code rowVersion}. The attached file's bytes
 * live apart, in {@code processdocs_file}; the document carries what describes them.
 */
@Table("processdocs_document")
class ProcessDocument {

	/**
	 * Calendar dates of documents (approval, "today" for review lists) are dates in São
	 * Paulo.
	 */
	static final String CODE_PREFIX = "PD-";

	@Id
	@Nullable Long id;

	// Assigned once, at creation; nothing ever writes it again.
	long codeNumber;

	String code;

	String title;

	String processArea;

	String category;

	String owner;

	String status;

	String version;

	int reviewCycleDays = ProcessDocumentRequest.DEFAULT_REVIEW_CYCLE_DAYS;

	@Nullable LocalDate lastReviewAt;

	@Nullable LocalDate nextReviewAt;

	List<String> tags;

	String description;

	@Nullable Long approvedById;

	@Nullable String approvedBy;

	@Nullable LocalDate approvedAt;

	@Nullable String fileSha256;

	@Nullable String fileName;

	@Nullable String fileType;

	@Nullable Long fileSize;

	@Version
	@Nullable Long rowVersion;

	Instant createdAt;

	Instant updatedAt;

	ProcessDocument(long codeNumber, String code, String title, String processArea, String category, String owner,
			String status, String version, List<String> tags, String description) {
		this.codeNumber = codeNumber;
		this.code = code;
		this.title = title;
		this.processArea = processArea;
		this.category = category;
		this.owner = owner;
		this.status = status;
		this.version = version;
		this.tags = List.copyOf(tags);
		this.description = description;
		this.createdAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
		this.updatedAt = this.createdAt;
	}

	static String code(long number) {
		return CODE_PREFIX + String.format(Locale.ROOT, "%04d", number);
	}

	static LocalDate today() {
		return LocalDate.now(DateTimes.BRAZIL);
	}

	/**
	 * The next review is the last one plus the cycle, in calendar days (2024-02-28 + 1 =
	 * 2024-02-29; 2023-02-28 + 1 = 2023-03-01); without either there is no schedule.
	 */
	static @Nullable LocalDate nextReview(@Nullable LocalDate lastReviewAt, @Nullable Integer reviewCycleDays) {
		if (lastReviewAt == null || reviewCycleDays == null) {
			return null;
		}
		return lastReviewAt.plusDays(reviewCycleDays);
	}

	void schedule(int reviewCycleDays, @Nullable LocalDate lastReviewAt) {
		this.reviewCycleDays = reviewCycleDays;
		this.lastReviewAt = lastReviewAt;
		this.nextReviewAt = nextReview(lastReviewAt, reviewCycleDays);
	}

	DocumentStatus status() {
		return ClosedSet.parse(DocumentStatus.class, "status", this.status);
	}

	void approve(long userId, String username) {
		this.approvedById = userId;
		this.approvedBy = username;
		this.approvedAt = today();
	}

	void withdrawApproval() {
		this.approvedById = null;
		this.approvedBy = null;
		this.approvedAt = null;
	}

	boolean hasFile() {
		return this.fileSha256 != null;
	}

	void attach(String sha256, String name, String type, long size) {
		this.fileSha256 = sha256;
		this.fileName = name;
		this.fileType = type;
		this.fileSize = size;
	}

	void detach() {
		this.fileSha256 = null;
		this.fileName = null;
		this.fileType = null;
		this.fileSize = null;
	}

	void touch() {
		this.updatedAt = Instant.now().truncatedTo(ChronoUnit.MICROS);
	}

	long id() {
		return Objects.requireNonNull(this.id);
	}

	long rowVersion() {
		return Objects.requireNonNull(this.rowVersion);
	}

}
