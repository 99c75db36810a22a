package br.suite.processdocs;

import java.time.LocalDate;
import java.util.List;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The writable fields of a process document (ops 11 and 12). {@code title},
 * {@code process_area}, {@code category} and {@code owner} are required on create; absent
 * optional fields take their defaults ({@code review_cycle_days} 365, also when sent as
 * null), except {@code status}, which absent or null means "unchanged" ({@code draft} on
 * create).
 */
record ProcessDocumentRequest(
		@NotBlank @Size(max = 200) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String title,
		@NotBlank @Size(max = 100) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String processArea,
		@NotBlank @Size(max = 100) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String category,
		@NotBlank @Size(max = 150) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String owner,
		@Schema(allowableValues = {
				"draft", "in_review", "approved", "obsolete" }) @Nullable String status,
		@Schema(defaultValue = "1.0", requiredMode = Schema.RequiredMode.NOT_REQUIRED) @NotBlank @Size(
				max = 20) @Pattern(regexp = ONE_LINE, message = ONE_LINE_MESSAGE) String version,
		@Schema(defaultValue = "365",
				description = "Days between reviews; absent or null means 365 (yearly, ISO 9001 " + "practice).",
				requiredMode = Schema.RequiredMode.NOT_REQUIRED) @Min(1) @Max(3650) Integer reviewCycleDays,
		@Nullable LocalDate lastReviewAt,
		@Schema(description = "Trimmed; duplicates (ignoring case) dropped; at most 30 tags of at most 50 "
				+ "characters.") @Size(max = 30) @Nullable List<@Nullable String> tags,
		@Size(max = 20000) @Pattern(regexp = NO_NUL,
				message = "must not contain NUL characters") @Nullable String description){

	static final String ONE_LINE = "[^\\p{Cc}]*";

	static final String ONE_LINE_MESSAGE = "must be a single line without control characters";

	static final String NO_NUL = "[^\\x00]*";

	static final String DEFAULT_VERSION = "1.0";

	/**
	 * A yearly review, the usual ISO 9001 practice, unless the document says otherwise.
	 */
	static final int DEFAULT_REVIEW_CYCLE_DAYS = 365;

	ProcessDocumentRequest {
		title = title == null ? null : title.trim();
		processArea = processArea == null ? null : processArea.trim();
		category = category == null ? null : category.trim();
		owner = owner == null ? null : owner.trim();
		version = version == null ? DEFAULT_VERSION : version.trim();
		reviewCycleDays = reviewCycleDays == null ? DEFAULT_REVIEW_CYCLE_DAYS : reviewCycleDays;
		tags = tags == null ? List.of() : tags;
		description = description == null ? "" : description;
	}

	static ProcessDocumentRequest of(ProcessDocument document) {
		return new ProcessDocumentRequest(document.title, document.processArea, document.category, document.owner, null,
				document.version, document.reviewCycleDays, document.lastReviewAt, document.tags, document.description);
	}

}
