package br.suite.processdocs;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one file of a document: uploads both ways, limits, downloads byte for byte,
 * removal.
 */
class ProcessDocumentFileApiTests extends ProcessDocsTest {

	static final int MIB = 1024 * 1024;

	static final String BOUNDARY = "----suite-test-boundary";

	static byte[] bytes(int size, long seed) {
		byte[] content = new byte[size];
		new Random(seed).nextBytes(content);
		return content;
	}

	/**
	 * A PDF-looking file holding every byte value, so nothing may be lost to text
	 * decoding.
	 */
	static byte[] pdf() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		out.writeBytes("%PDF-1.7\n%âãÏÓ\n".getBytes(StandardCharsets.ISO_8859_1));
		for (int i = 0; i < 256; i++) {
			out.write(i);
		}
		out.writeBytes(bytes(50_000, 7));
		out.writeBytes("\n%%EOF\n".getBytes(StandardCharsets.US_ASCII));
		return out.toByteArray();
	}

	static byte[] multipart(String field, String fileName, String type, byte[] content) {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		out.writeBytes(("--" + BOUNDARY + "\r\nContent-Disposition: form-data; name=\"" + field + "\"; filename=\""
				+ fileName + "\"\r\n" + (type == null ? "" : "Content-Type: " + type + "\r\n") + "\r\n")
			.getBytes(StandardCharsets.UTF_8));
		out.writeBytes(content);
		out.writeBytes(("\r\n--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.UTF_8));
		return out.toByteArray();
	}

	Response putMultipart(long id, byte[] body) {
		return this.api.sendBytes("PUT", path(id) + "file/", body, "multipart/form-data; boundary=" + BOUNDARY);
	}

	static String sha256(byte[] content) throws Exception {
		return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
	}

	@Test
	void aPdfAttachedAsMultipartComesBackByteForByte() throws Exception {
		JsonNode created = create("");
		long id = created.get("id").asLong();
		byte[] pdf = pdf();
		Response attached = putMultipart(id, multipart("file", "Procedimento de compras.pdf", "application/pdf", pdf));
		assertThat(attached.status()).as(attached.toString()).isEqualTo(200);
		JsonNode document = attached.json();
		assertThat(document.get("file").asString()).isEqualTo(sha256(pdf));
		assertThat(document.get("file_url").asString()).isEqualTo("/api/process-documents/" + id + "/file/");
		assertThat(document.get("file_name").asString()).isEqualTo("Procedimento de compras.pdf");
		assertThat(document.get("file_type").asString()).isEqualTo("application/pdf");
		assertThat(document.get("file_size").isIntegralNumber()).isTrue();
		assertThat(document.get("file_size").asLong()).isEqualTo(pdf.length);
		assertThat(document.get("updated_at").asString()).isNotEqualTo(created.get("updated_at").asString());
		assertThat(read(id)).isEqualTo(document);

		Response download = this.api.get(document.get("file_url").asString());
		assertThat(download.status()).isEqualTo(200);
		assertThat(download.contentType()).isEqualTo("application/pdf");
		assertThat(download.bytes()).isEqualTo(pdf);
		assertThat(download.header("Content-Length")).contains(String.valueOf(pdf.length));
		assertThat(download.header("Content-Disposition")).contains(
				"attachment; filename=\"Procedimento de compras.pdf\"; filename*=UTF-8''Procedimento%20de%20compras.pdf");
		assertThat(download.header("ETag")).contains("\"" + sha256(pdf) + "\"");
		assertThat(download.header("Repr-Digest")).contains("sha-256=:"
				+ Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(pdf)) + ":");
		assertThat(this.api.get(path(id) + "file").bytes()).isEqualTo(pdf);
	}

	@Test
	void aRawBodyIsAttachedWithItsContentTypeAndName() throws Exception {
		long id = createId("");
		byte[] sheet = bytes(10_000, 3);
		String type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
		Response attached = this.api.sendBytes("PUT", path(id) + "file/", sheet, type, "Content-Disposition",
				"attachment; filename*=UTF-8''Instru%C3%A7%C3%A3o%20n%C2%BA%201.xlsx");
		assertThat(attached.status()).as(attached.toString()).isEqualTo(200);
		assertThat(attached.json().get("file_name").asString()).isEqualTo("Instrução nº 1.xlsx");
		assertThat(attached.json().get("file_type").asString()).isEqualTo(type);
		assertThat(attached.json().get("file_size").asLong()).isEqualTo(10_000);

		Response download = this.api.get(path(id) + "file/");
		assertThat(download.bytes()).isEqualTo(sheet);
		assertThat(download.contentType()).isEqualTo(type);
		assertThat(download.header("Content-Disposition")).contains(
				"attachment; filename=\"Instrucao n_ 1.xlsx\"; filename*=UTF-8''Instru%C3%A7%C3%A3o%20n%C2%BA%201.xlsx");

		byte[] text = "Olá, mundo\n".getBytes(StandardCharsets.UTF_8);
		Response byParameter = this.api.sendBytes("PUT", path(id) + "file/?file_name=C:%5Cfakepath%5Cnotas.txt", text,
				"text/plain; charset=UTF-8");
		assertThat(byParameter.json().get("file_name").asString()).isEqualTo("notas.txt");
		assertThat(byParameter.json().get("file_type").asString()).isEqualTo("text/plain;charset=UTF-8");
		assertThat(this.api.get(path(id) + "file/").bytes()).isEqualTo(text);
	}

	@Test
	void aMissingOrGenericTypeIsTakenFromTheFileName() {
		long id = createId("");
		byte[] pdf = pdf();
		for (String declared : new String[] { null, "application/octet-stream", "application/x-www-form-urlencoded" }) {
			Response attached = this.api.sendBytes("PUT", path(id) + "file/?file_name=manual.pdf", pdf, declared);
			assertThat(attached.status()).as(declared).isEqualTo(200);
			assertThat(attached.json().get("file_type").asString()).as(declared).isEqualTo("application/pdf");
			assertThat(this.api.get(path(id) + "file/").bytes()).isEqualTo(pdf);
		}
		Response part = putMultipart(id, multipart("file", "figura.png", null, new byte[] { 1, 2, 3 }));
		assertThat(part.json().get("file_type").asString()).isEqualTo("image/png");
		Response unknown = this.api.sendBytes("PUT", path(id) + "file/?file_name=dados.zzz", new byte[] { 1 }, null);
		assertThat(unknown.json().get("file_type").asString()).isEqualTo("application/octet-stream");
	}

	@Test
	void replacingAndRemovingTheFileIsRecorded() throws Exception {
		long id = createId("");
		byte[] first = bytes(1000, 1);
		byte[] second = bytes(2000, 2);
		putMultipart(id, multipart("file", "v1.pdf", "application/pdf", first));
		Response replaced = putMultipart(id, multipart("file", "v2.pdf", "application/pdf", second));
		assertThat(replaced.json().get("file").asString()).isEqualTo(sha256(second));
		assertThat(this.api.get(path(id) + "file/").bytes()).isEqualTo(second);

		Response removed = this.api.delete(path(id) + "file/");
		assertThat(removed.status()).isEqualTo(204);
		JsonNode document = read(id);
		for (String field : List.of("file", "file_url", "file_name", "file_type", "file_size")) {
			assertThat(document.get(field).isNull()).as(field).isTrue();
		}
		Response gone = this.api.get(path(id) + "file/");
		assertThat(gone.status()).isEqualTo(404);
		assertThat(gone.contentType()).startsWith("application/problem+json");
		assertThat(gone.json().get("detail").asString()).contains("no file");
		assertThat(this.api.delete(path(id) + "file/").status()).isEqualTo(404);

		JsonNode history = this.api.get(path(id) + "history/").json();
		assertThat(history.size()).isEqualTo(4);
		assertThat(history.get(1).get("action").asString()).isEqualTo("file_attached");
		assertThat(history.get(1).get("changes").propertyNames()).containsExactly("file", "file_name", "file_type",
				"file_size");
		assertThat(history.get(1).get("changes").get("file_size").get("to").asLong()).isEqualTo(1000);
		assertThat(history.get(2).get("changes").get("file").get("from").asString()).isEqualTo(sha256(first));
		assertThat(history.get(2).get("changes").get("file").get("to").asString()).isEqualTo(sha256(second));
		assertThat(history.get(3).get("action").asString()).isEqualTo("file_removed");
		assertThat(history.get(3).get("changes").get("file_name").get("from").asString()).isEqualTo("v2.pdf");
		assertThat(history.get(3).get("changes").get("file_name").get("to").isNull()).isTrue();
	}

	@Test
	void uploadsUpTo8MiBAreAcceptedAndLargerOnesAre413() {
		long id = createId("");
		byte[] kept = bytes(100, 5);
		this.api.sendBytes("PUT", path(id) + "file/?file_name=kept.bin", kept, "application/octet-stream");
		JsonNode before = read(id);

		byte[] over = bytes(8 * MIB + 1, 9);
		List<Response> refused = List.of(
				this.api.sendBytes("PUT", path(id) + "file/?file_name=big.bin", over, "application/octet-stream"),
				putMultipart(id, multipart("file", "big.bin", "application/octet-stream", over)),
				chunked(id, "?file_name=big.bin", over, "application/octet-stream"),
				chunked(id, "", multipart("file", "big.bin", "application/octet-stream", over),
						"multipart/form-data; boundary=" + BOUNDARY),
				this.api.sendBytes("PUT", path(id) + "file/?file_name=huge.bin", bytes(9 * MIB, 9),
						"application/octet-stream"));
		for (Response response : refused) {
			assertThat(response.status()).as(response.toString()).isEqualTo(413);
			assertThat(response.contentType()).startsWith("application/problem+json");
			assertThat(response.json().get("status").asInt()).isEqualTo(413);
		}
		assertThat(read(id)).isEqualTo(before);
		assertThat(this.api.get(path(id) + "file/").bytes()).isEqualTo(kept);

		byte[] exactly = bytes(8 * MIB, 11);
		Response raw = this.api.sendBytes("PUT", path(id) + "file/?file_name=max.bin", exactly,
				"application/octet-stream");
		assertThat(raw.status()).as(raw.toString()).isEqualTo(200);
		assertThat(raw.json().get("file_size").asLong()).isEqualTo(8 * MIB);
		Response part = putMultipart(id, multipart("file", "max2.bin", "application/octet-stream", exactly));
		assertThat(part.status()).as(part.toString()).isEqualTo(200);
		assertThat(this.api.get(path(id) + "file/").bytes()).isEqualTo(exactly);
	}

	@Test
	void badUploadsAre400AndChangeNothing() {
		long id = createId("");
		JsonNode before = read(id);
		List<Response> refused = List.of(
				this.api.sendBytes("PUT", path(id) + "file/?file_name=vazio.pdf", new byte[0], "application/pdf"),
				this.api.sendBytes("PUT", path(id) + "file/", new byte[] { 1 }, "application/pdf"),
				this.api.sendBytes("PUT", path(id) + "file/?file_name=%20", new byte[] { 1 }, "application/pdf"),
				this.api.sendBytes("PUT", path(id) + "file/?file_name=" + "x".repeat(256), new byte[] { 1 },
						"text/plain"),
				this.api.sendBytes("PUT", path(id) + "file/?file_name=a%0Ab.txt", new byte[] { 1 }, "text/plain"),
				this.api.sendBytes("PUT", path(id) + "file/", new byte[] { 1 }, "text/plain", "Content-Disposition",
						"inline"),
				putMultipart(id, multipart("document", "a.pdf", "application/pdf", new byte[] { 1 })),
				putMultipart(id, multipart("file", "", "application/pdf", new byte[] { 1 })),
				putMultipart(id, multipart("file", "vazio.pdf", "application/pdf", new byte[0])),
				this.api.sendBytes("PUT", path(id) + "file/", "garbage".getBytes(), "multipart/form-data"),
				this.api.sendBytes("PUT", path(id) + "file/",
						("--" + BOUNDARY + "\r\nContent-Disposition: form-data; "
								+ "name=\"file\"; filename=\"a.txt\"\r\n\r\ntruncated")
							.getBytes(),
						"multipart/form-data; boundary=" + BOUNDARY));
		for (Response response : refused) {
			assertThat(response.status()).as(response.toString()).isEqualTo(400);
			assertThat(response.contentType()).startsWith("application/problem+json");
		}
		assertThat(refused.get(0).json().get("errors").has("file")).isTrue();
		assertThat(refused.get(1).json().get("errors").has("file_name")).isTrue();
		assertThat(refused.get(6).json().get("errors").has("file")).isTrue();
		assertThat(read(id)).isEqualTo(before);
		assertThat(this.api.get(path(id) + "file/").status()).isEqualTo(404);
		assertThat(
				this.api.sendBytes("PUT", path(999_999_999) + "file/?file_name=a.txt", new byte[] { 1 }, "text/plain")
					.status())
			.isEqualTo(404);
	}

	@Test
	void theFileOfAnApprovedDocumentChangesOnlyInARevision() {
		long id = createId("");
		byte[] approvedBytes = pdf();
		this.api.sendBytes("PUT", path(id) + "file/?file_name=aprovado.pdf", approvedBytes, "application/pdf");
		patch(id, "{\"status\":\"in_review\"}");
		approve(id);
		JsonNode before = read(id);
		Response replace = this.api.sendBytes("PUT", path(id) + "file/?file_name=outro.pdf", new byte[] { 1 },
				"application/pdf");
		assertThat(replace.status()).isEqualTo(409);
		assertThat(replace.json().get("fields").toString()).isEqualTo("[\"file\"]");
		assertThat(this.api.delete(path(id) + "file/").status()).isEqualTo(409);
		assertThat(read(id)).isEqualTo(before);
		assertThat(this.api.get(path(id) + "file/").bytes()).isEqualTo(approvedBytes);

		patch(id, "{\"status\":\"in_review\"}");
		assertThat(this.api.sendBytes("PUT", path(id) + "file/?file_name=rev2.pdf", new byte[] { 1 }, "application/pdf")
			.status()).isEqualTo(200);
	}

	/**
	 * Sends the body without a Content-Length, so only counting while reading can stop
	 * it.
	 */
	Response chunked(long id, String query, byte[] body, String contentType) {
		HttpRequest request = HttpRequest.newBuilder(URI.create(this.api.base() + path(id) + "file/" + query))
			.header("Authorization", "Token " + this.api.token())
			.header("Content-Type", contentType)
			.PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)))
			.build();
		try {
			HttpResponse<byte[]> response = HttpClient.newHttpClient()
				.send(request, HttpResponse.BodyHandlers.ofByteArray());
			return new Response(response.statusCode(), response.headers(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
