package br.suite.processdocs;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * A process document as clients see it (spec 2.10), plus who approved it and when. The
 * five file fields are null while no file is attached; {@code file} is then the SHA-256
 * of the stored bytes.
 */
record ProcessDocumentResponse(long id, @Schema(example = "PD-0001") String code, String title, String processArea,
		String category, String owner, @Schema(allowableValues = {
				"draft", "in_review", "approved", "obsolete" }) String status,
		@Schema(example = "1.0") String version,
		@Schema(description = "days between reviews; 365 unless the document says otherwise") int reviewCycleDays,
		@Nullable LocalDate lastReviewAt,
		@Schema(description = "last_review_at + review_cycle_days; null while last_review_at is "
				+ "(the first approval sets it)") @Nullable LocalDate nextReviewAt,
		List<String> tags, String description,
		@Schema(description = "SHA-256 (64 lowercase hex digits) of the attached file, null without a file") @Nullable String file,
		@Schema(example = "/api/process-documents/1/file/") @Nullable String fileUrl, @Nullable String fileName,
		@Schema(example = "application/pdf") @Nullable String fileType,
		@Schema(description = "bytes") @Nullable Long fileSize,
		@Schema(description = "username of the approver; null unless approved (or obsolete after approval)") @Nullable String approvedBy,
		@Nullable Long approvedById,
		@Schema(description = "São Paulo calendar date of the approval") @Nullable LocalDate approvedAt,
		Instant createdAt, Instant updatedAt){

	static String fileUrl(long id) {
		return "/api/process-documents/" + id + "/file/";
	}

	static ProcessDocumentResponse from(ProcessDocument d) {
		return new ProcessDocumentResponse(d.id(), d.code, d.title, d.processArea, d.category, d.owner, d.status,
				d.version, d.reviewCycleDays, d.lastReviewAt, d.nextReviewAt, d.tags, d.description, d.fileSha256,
				d.hasFile() ? fileUrl(d.id()) : null, d.fileName, d.fileType, d.fileSize, d.approvedBy, d.approvedById,
				d.approvedAt, d.createdAt, d.updatedAt);
	}

}
