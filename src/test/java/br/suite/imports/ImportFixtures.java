package br.suite.imports;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

import br.suite.Api;
import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Calls of the import API as a client makes them, and signed-in clients with chosen
 * permissions.
 */
final class ImportFixtures {

	private ImportFixtures() {
	}

	/**
	 * A provider code no other test uses, so lists filtered by it hold only this test's
	 * data.
	 */
	static String provider() {
		return "csv" + Long.toString(System.nanoTime(), 36) + Integer.toString((int) (Math.random() * 1000), 36);
	}

	static Response prepare(Api api, byte[] file, String query) {
		return api.sendBytes("POST", "/api/prepare-csv-import" + query, file, "text/csv");
	}

	static JsonNode prepared(Api api, byte[] file, String query) {
		Response response = prepare(api, file, query);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		return response.json();
	}

	/**
	 * A multipart/form-data upload: the file as the part "file" and the options as form
	 * fields.
	 */
	static Response prepareMultipart(Api api, byte[] file, String fileName, Map<String, String> fields) {
		return prepareMultipart(api, file, fileName, fields, "/api/prepare-csv-import");
	}

	static Response prepareMultipart(Api api, byte[] file, String fileName, Map<String, String> fields, String path) {
		String boundary = "----suite" + Long.toString(System.nanoTime(), 36);
		ByteArrayOutputStream body = new ByteArrayOutputStream();
		fields.forEach((name, value) -> write(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\""
				+ name + "\"\r\n\r\n" + value + "\r\n"));
		write(body, "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + fileName
				+ "\"\r\nContent-Type: text/csv\r\n\r\n");
		body.writeBytes(file);
		write(body, "\r\n--" + boundary + "--\r\n");
		return api.sendBytes("POST", path, body.toByteArray(), "multipart/form-data; boundary=" + boundary);
	}

	static Response confirm(Api api, JsonNode body, String... headers) {
		return api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json", headers);
	}

	static JsonNode confirmed(Api api, JsonNode body, String... headers) {
		Response response = confirm(api, body, headers);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.json().get("success").asBoolean()).as(response.toString()).isTrue();
		return response.json();
	}

	/** A prepared body with delete_period switched on for its month. */
	static ObjectNode replacing(JsonNode prepared, int year, int month) {
		ObjectNode body = (ObjectNode) prepared.deepCopy();
		ObjectNode period = body.putObject("delete_period");
		period.put("enabled", true);
		period.put("year", year);
		period.put("month", month);
		return body;
	}

	static JsonNode transactions(Api api, String provider) {
		Response list = api.get("/api/finance/transactions/?provider=" + provider);
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json();
	}

	static JsonNode syncLogs(Api api, String provider) {
		Response list = api.get("/api/finance/sync-logs/?provider=" + provider + "&flow=csv_import");
		assertThat(list.status()).as(list.toString()).isEqualTo(200);
		return list.json();
	}

	/** The result fields in their wire form, for comparing whole results. */
	static Map<String, Object> counts(JsonNode result) {
		Map<String, Object> counts = new LinkedHashMap<>();
		for (String field : new String[] { "success", "inserted_count", "updated_count", "skipped_count",
				"deleted_count", "logs_generated" }) {
			JsonNode value = result.get(field);
			counts.put(field, value.isBoolean() ? value.asBoolean() : value.asInt());
		}
		return counts;
	}

	static Map<String, Object> counts(int inserted, int updated, int skipped, int deleted, int logs) {
		Map<String, Object> counts = new LinkedHashMap<>();
		counts.put("success", true);
		counts.put("inserted_count", inserted);
		counts.put("updated_count", updated);
		counts.put("skipped_count", skipped);
		counts.put("deleted_count", deleted);
		counts.put("logs_generated", logs);
		return counts;
	}

	static String sha256(byte[] bytes) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void write(ByteArrayOutputStream out, String text) {
		out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
	}

}
