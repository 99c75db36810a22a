package br.suite.imports.csv;

import java.time.YearMonth;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.TransactionImports.ImportRow;
import br.suite.imports.csv.ConfirmationRows.Entry;
import br.suite.imports.csv.ConfirmationRows.Group;
import br.suite.imports.csv.ConfirmationRows.Invalid;
import br.suite.imports.csv.ConfirmationRows.Valid;
import br.suite.shared.InvalidRequest;
import br.suite.shared.UploadNames;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the body of a confirmation (op 7) into what {@link CsvImportService} writes: the
 * account, the month to replace, every row checked once by finance's rules, every problem
 * as one {@code errors} string, and the fingerprint that tells a retry from a different
 * request under the same Idempotency-Key. Reads nothing from the database and writes
 * nothing.
 */
@Component
public class CsvImportConfirmationReader {

	private static final Pattern SHA_256 = Pattern.compile("[0-9a-fA-F]{64}");

	private static final TypeReference<Map<String, List<CsvImportRow>>> GROUPS = new TypeReference<>() {
	};

	private static final TypeReference<List<CsvImportRow>> ROWS = new TypeReference<>() {
	};

	private final TransactionImports finance;

	private final JsonMapper json;

	CsvImportConfirmationReader(TransactionImports finance, JsonMapper json) {
		this.finance = finance;
		this.json = json;
	}

	/**
	 * A confirmation as read: its account (null when invalid), its valid rows, and every
	 * problem found.
	 */
	public record Reading(@Nullable Account account, CsvImportMetadata metadata, String fileSha256,
			@Nullable YearMonth deleteMonth, boolean generateLogs, List<ImportRow> rows, List<String> errors,
			String sha256) {
	}

	/**
	 * Reads a confirmation already bound to objects (the import page's own confirmation).
	 * Its JSON shape was checked by Jackson (a wrong type is a 400 before this); every
	 * problem of content (missing parts, a bad month or account, invalid rows) becomes
	 * one string of {@code errors}, so that op 7 answers it in its result object, as the
	 * spec's rule 7 says.
	 */
	public Reading read(CsvImportConfirmRequest request) {
		Parts parts = new Parts();
		parts.metadata(request.importMetadata());
		parts.deletePeriod(request.deletePeriod());
		parts.generateLogs(request.generateLogs());
		if (request.groups() != null) {
			parts.groups();
			request.groups().forEach(parts::group);
		}
		return parts.reading();
	}

	/**
	 * Reads a confirmation from its JSON, row by row: each row is bound, checked and kept
	 * only as the normalised row finance writes (or its errors), so the body is never
	 * held whole. The same rules, errors, order and fingerprint as
	 * {@link #read(CsvImportConfirmRequest)}; a body that is not JSON of the operation's
	 * shape throws the {@link JacksonException} that binding the whole body would have
	 * thrown, with the same path (e.g. {@code groups.2026-03[0].amount}).
	 * @return the reading, or null when the body is JSON's null
	 */
	public @Nullable Reading read(JsonParser parser) {
		JsonToken first = parser.nextToken();
		if (first == null) {
			throw MismatchedInputException.from(parser, CsvImportConfirmRequest.class,
					"No content to map due to end-of-input");
		}
		if (first == JsonToken.VALUE_NULL) {
			return null;
		}
		if (first != JsonToken.START_OBJECT) {
			// Binding reports the wrong shape exactly as before (a body must be an
			// object).
			CsvImportConfirmRequest bound = this.json.readerFor(CsvImportConfirmRequest.class).readValue(parser);
			return bound == null ? null : read(bound);
		}
		Parts parts = new Parts();
		for (String name = parser.nextName(); name != null; name = parser.nextName()) {
			parser.nextToken();
			switch (name) {
				case "groups" -> groups(parser, parts);
				case "import_metadata" ->
					parts.metadata(within("import_metadata", () -> part(CsvImportMetadata.class).readValue(parser)));
				case "delete_period" -> parts
					.deletePeriod(within("delete_period", () -> part(CsvImportDeletePeriod.class).readValue(parser)));
				case "generate_logs" ->
					parts.generateLogs(within("generate_logs", () -> part(Boolean.class).readValue(parser)));
				default -> parser.skipChildren();
			}
		}
		if (parser.nextToken() != null) {
			throw MismatchedInputException.from(parser, CsvImportConfirmRequest.class,
					"Trailing token (of type " + parser.currentToken() + ") found after the confirmation's object");
		}
		return parts.reading();
	}

	private void groups(JsonParser parser, Parts parts) {
		if (parser.currentToken() != JsonToken.START_OBJECT) {
			Map<String, List<CsvImportRow>> bound = within("groups", () -> part(GROUPS).readValue(parser));
			parts.clearGroups();
			if (bound != null) {
				parts.groups();
				bound.forEach(parts::group);
			}
			return;
		}
		parts.clearGroups();
		parts.groups();
		ObjectReader rowReader = part(CsvImportRow.class);
		for (String key = parser.nextName(); key != null; key = parser.nextName()) {
			JsonToken token = parser.nextToken();
			String month = key;
			if (token == JsonToken.START_ARRAY) {
				Group group = parts.group(key, true);
				int index = 0;
				for (token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
					int at = index++;
					group.add(token == JsonToken.VALUE_NULL ? null : within("groups",
							() -> atKey(month, () -> atIndex(at, () -> rowReader.readValue(parser)))));
				}
			}
			else {
				parts.group(key, within("groups", () -> atKey(month, () -> part(ROWS).readValue(parser))));
			}
		}
	}

	/**
	 * Reads one value inside the body (the body's own end is checked once, by
	 * {@link #read(JsonParser)}).
	 */
	private ObjectReader part(Class<?> type) {
		return this.json.readerFor(type).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
	}

	private ObjectReader part(TypeReference<?> type) {
		return this.json.readerFor(type).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
	}

	private static <T> T within(String property, Supplier<T> read) {
		try {
			return read.get();
		}
		catch (JacksonException ex) {
			throw ex.prependPath(CsvImportConfirmRequest.class, property);
		}
	}

	private static <T> T atKey(String key, Supplier<T> read) {
		try {
			return read.get();
		}
		catch (JacksonException ex) {
			throw ex.prependPath(LinkedHashMap.class, key);
		}
	}

	private static <T> T atIndex(int index, Supplier<T> read) {
		try {
			return read.get();
		}
		catch (JacksonException ex) {
			throw ex.prependPath(ArrayList.class, index);
		}
	}

	/**
	 * The parts of a confirmation as they are read, in any order: the metadata and
	 * choices as they are, each group's rows checked as they come (against the import's
	 * account when it was read before them, else against a stand-in that
	 * {@link #reading()} replaces) and the fingerprint records of its rows, so that
	 * {@link #reading()} can answer exactly what reading the bound body did.
	 */
	private final class Parts {

		private @Nullable CsvImportMetadata metadata;

		private @Nullable CsvImportDeletePeriod deletePeriod;

		private @Nullable Boolean generateLogs;

		private boolean groupsPresent;

		/** By key, in the body's order; a repeated key replaces the group in place. */
		private final Map<String, Group> groups = new LinkedHashMap<>();

		/**
		 * Rows read before the metadata, or under an invalid account, are checked here.
		 */
		private final Account standIn = CsvImportConfirmationReader.this.finance.account("csv", "");

		private Account rowsAccount = this.standIn;

		void metadata(@Nullable CsvImportMetadata metadata) {
			this.metadata = metadata;
			try {
				this.rowsAccount = metadata == null ? this.standIn
						: CsvImportConfirmationReader.this.finance.account(metadata.provider(), metadata.accountId());
			}
			catch (InvalidRequest ex) {
				// Reported by reading(); rows are checked by the same rules whatever the
				// account.
				this.rowsAccount = this.standIn;
			}
		}

		void deletePeriod(@Nullable CsvImportDeletePeriod deletePeriod) {
			this.deletePeriod = deletePeriod;
		}

		void generateLogs(@Nullable Boolean generateLogs) {
			this.generateLogs = generateLogs;
		}

		void groups() {
			this.groupsPresent = true;
		}

		void clearGroups() {
			this.groupsPresent = false;
			this.groups.clear();
		}

		Group group(String key, boolean rowsPresent) {
			Group group = new Group(CsvImportConfirmationReader.this.finance, key, ConfirmationMonths.ofKey(key),
					rowsPresent, this.rowsAccount);
			this.groups.put(key, group);
			return group;
		}

		/** A group already bound: its rows ({@code null}: not an array), each checked. */
		void group(String key, @Nullable List<CsvImportRow> rows) {
			Group group = group(key, rows != null);
			if (rows != null) {
				rows.forEach(group::add);
			}
		}

		Reading reading() {
			List<String> errors = new ArrayList<>();
			if (!this.groupsPresent) {
				errors.add("groups: is required: an object from month (YYYY-MM) to its rows ({} for none)");
			}
			CsvImportMetadata metadata = this.metadata;
			if (metadata == null) {
				errors.add("import_metadata: is required, with provider and account_id at least");
				metadata = new CsvImportMetadata(null, null, null, null, null);
			}
			YearMonth deleteMonth = ConfirmationMonths.toDelete(this.deletePeriod, errors);
			List<Group> months = new ArrayList<>();
			this.groups.values().forEach(group -> {
				if (group.month == null) {
					errors.add("groups." + group.key + ": is not a month: use YYYY-MM between "
							+ ConfirmationMonths.MIN_YEAR + "-01 and " + ConfirmationMonths.MAX_YEAR
							+ "-12 (e.g. 2026-03)");
				}
				else if (!group.rowsPresent) {
					errors.add("groups." + group.key + ": must be an array of rows ([] for none)");
				}
				else {
					months.add(group);
				}
			});
			String fileName = text(metadata.fileName());
			if (!UploadNames.fits(fileName)) {
				errors.add("import_metadata.file_name: must be at most " + UploadNames.MAX
						+ " characters on one line without control characters");
			}
			String fileSha256 = text(metadata.fileSha256()).strip().toLowerCase(Locale.ROOT);
			if (!fileSha256.isEmpty() && !SHA_256.matcher(fileSha256).matches()) {
				errors.add("import_metadata.file_sha256: must be empty or 64 hexadecimal digits (SHA-256)");
			}
			if (metadata.rowCount() != null && metadata.rowCount() < 0) {
				errors.add("import_metadata.row_count: must be zero or more");
			}
			Account account = null;
			try {
				account = CsvImportConfirmationReader.this.finance.account(metadata.provider(), metadata.accountId());
			}
			catch (InvalidRequest ex) {
				ex.errors()
					.forEach((field, messages) -> messages
						.forEach(message -> errors.add("import_metadata." + field + ": " + message)));
			}
			boolean generateLogs = Boolean.TRUE.equals(this.generateLogs);

			ConfirmationFingerprint fingerprint = new ConfirmationFingerprint();
			fingerprint.add(account == null ? null : account.provider(), account == null ? null : account.accountId(),
					fileName, fileSha256, String.valueOf(metadata.rowCount()), String.valueOf(deleteMonth),
					String.valueOf(generateLogs));
			int count = 0;
			for (Group group : months) {
				count += group.entries.size();
			}
			List<ImportRow> rows = new ArrayList<>(count);
			Map<String, Valid> seen = new HashMap<>();
			for (Group group : months) {
				fingerprint.add("group", group.key);
				group.records.update(fingerprint.digest);
				for (Entry entry : group.entries) {
					if (entry instanceof Invalid invalid) {
						errors.addAll(invalid.errors());
						continue;
					}
					Valid valid = (Valid) entry;
					ImportRow transaction = account == null ? valid.row() : valid.row().to(account);
					Valid first = seen.putIfAbsent(transaction.externalId().strip(), valid);
					if (first != null) {
						errors.add(valid.where() + ", external_id: repeats " + first.where() + " (\""
								+ transaction.externalId().strip() + "\"); an import lists each transaction once");
					}
					rows.add(transaction);
				}
				// The group's rows are in rows now; its parts are not needed any more.
				group.entries.clear();
			}
			return new Reading(account, metadata, fileSha256, deleteMonth, generateLogs, rows, errors,
					fingerprint.hex());
		}

	}

	private static String text(@Nullable String value) {
		return value == null ? "" : value;
	}

}
