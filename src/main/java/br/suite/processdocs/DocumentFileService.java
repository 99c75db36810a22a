package br.suite.processdocs;

import java.util.List;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.processdocs.DocumentHistory.Action;
import br.suite.processdocs.ProcessDocumentProblems.ContentLocked;
import br.suite.processdocs.ProcessDocumentProblems.DocumentNotFound;
import br.suite.processdocs.ProcessDocumentProblems.FileNotFound;
import br.suite.processdocs.ProcessDocumentProblems.FileTooLarge;
import br.suite.shared.http.BodyLimits;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.shared.crypto.Sha256;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one file of a document, kept in PostgreSQL with its SHA-256 so a download can be
 * checked against what was approved. Like the rest of the controlled content it changes
 * only in draft or in review.
 */
@Service
class DocumentFileService {

	static final long MAX_SIZE = BodyLimits.UPLOAD;

	private final ProcessDocumentRepository documents;

	private final DocumentHistory history;

	private final JdbcClient jdbc;

	DocumentFileService(ProcessDocumentRepository documents, DocumentHistory history, JdbcClient jdbc) {
		this.documents = documents;
		this.history = history;
		this.jdbc = jdbc;
	}

	/** A file as received: its name and media type already checked by the controller. */
	record Upload(String name, String type, byte[] content) {
	}

	/** A stored file with what describes it. */
	record StoredFile(String name, String type, String sha256, byte[] content) {
	}

	@Transactional
	ProcessDocument attach(long id, Upload upload, CurrentUser caller) {
		if (upload.content().length == 0) {
			throw InvalidRequest.of("file", "must not be empty");
		}
		if (upload.content().length > MAX_SIZE) {
			throw new FileTooLarge(MAX_SIZE);
		}
		ProcessDocument document = lockEditable(id);
		ObjectNode before = this.history.snapshot(document);
		document.attach(Sha256.hex(upload.content()), upload.name(), upload.type(), upload.content().length);
		ObjectNode changed = this.history.diff(before, this.history.snapshot(document));
		if (changed.isEmpty()) {
			return document;
		}
		document.touch();
		ProcessDocument saved = this.documents.save(document);
		this.jdbc
			.sql("INSERT INTO processdocs_file (document_id, content) VALUES (:id, :content) "
					+ "ON CONFLICT (document_id) DO UPDATE SET content = EXCLUDED.content")
			.param("id", id)
			.param("content", upload.content())
			.update();
		this.history.record(id, Action.FILE_ATTACHED, changed, caller);
		return saved;
	}

	@Transactional(readOnly = true)
	StoredFile read(long id) {
		// One statement, so the bytes and what describes them come from the same moment.
		return this.jdbc
			.sql("SELECT d.file_name, d.file_type, d.file_sha256, f.content FROM processdocs_document d "
					+ "JOIN processdocs_file f ON f.document_id = d.id WHERE d.id = :id")
			.param("id", id)
			.query((rs, n) -> new StoredFile(rs.getString("file_name"), rs.getString("file_type"),
					rs.getString("file_sha256"), rs.getBytes("content")))
			.optional()
			.orElseThrow(() -> this.documents.existsById(id) ? new FileNotFound(id) : new DocumentNotFound(id));
	}

	@Transactional
	void remove(long id, CurrentUser caller) {
		ProcessDocument document = lockEditable(id);
		if (!document.hasFile()) {
			throw new FileNotFound(id);
		}
		ObjectNode before = this.history.snapshot(document);
		document.detach();
		document.touch();
		this.documents.save(document);
		this.jdbc.sql("DELETE FROM processdocs_file WHERE document_id = :id").param("id", id).update();
		this.history.record(id, Action.FILE_REMOVED, this.history.diff(before, this.history.snapshot(document)),
				caller);
	}

	private ProcessDocument lockEditable(long id) {
		ProcessDocument document = this.documents.findForUpdate(id).orElseThrow(() -> new DocumentNotFound(id));
		if (document.status().isContentLocked()) {
			throw new ContentLocked(document.status(), List.of("file"));
		}
		return document;
	}

}
