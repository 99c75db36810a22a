package br.suite.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;

import org.junit.jupiter.api.Test;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.shared.documents.TaxId;
import tools.jackson.databind.JsonNode;

/**
 * Each module's audited changes leave an event naming the field values before and after.
 */
class AuditCoverageApiTests extends AuditTest {

	@Test
	void connectionChanges() {
		String provider = "p" + Long.toString(System.nanoTime(), 36);
		Response created = this.api.post("/api/finance/connections/",
				json("provider", provider, "account_id", "123-4"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(only("action=finance.connection.created&resource_id=" + id).get("changes")
			.get("account_id")
			.get("after")
			.asString()).isEqualTo("123-4");
		assertThat(this.api.patch("/api/finance/connections/" + id + "/", json("notes", "conta principal")).status())
			.isEqualTo(200);
		JsonNode updated = only("action=finance.connection.updated&resource_id=" + id);
		assertThat(updated.get("changes").properties()).hasSize(1);
		assertThat(updated.get("changes").get("notes").get("before").asString()).isEmpty();
		assertThat(updated.get("changes").get("notes").get("after").asString()).isEqualTo("conta principal");
		assertThat(this.api.delete("/api/finance/connections/" + id + "/").status()).isEqualTo(204);
		assertThat(only("action=finance.connection.deleted&resource_id=" + id).get("changes")
			.get("provider")
			.get("before")
			.asString()).isEqualTo(provider);
	}

	@Test
	void chargesAndAllocations() {
		Response created = this.api.post("/api/finance/charges/", json("kind", "boleto", "amount", "80.00"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(only("action=finance.charge.created&resource_id=" + id).get("changes")
			.get("amount")
			.get("after")
			.asString()).isEqualTo("80.00");
		assertThat(this.api.patch("/api/finance/charges/" + id + "/", json("amount", "90.00")).status()).isEqualTo(200);
		JsonNode updated = only("action=finance.charge.updated&resource_id=" + id);
		assertThat(updated.get("changes").get("amount").get("before").asString()).isEqualTo("80.00");
		assertThat(updated.get("changes").get("amount").get("after").asString()).isEqualTo("90.00");
		assertThat(this.api.post("/api/finance/charges/" + id + "/cancel/", "{}").status()).isEqualTo(200);
		assertThat(only("action=finance.charge.cancelled&resource_id=" + id).get("changes")
			.get("status")
			.get("after")
			.asString()).isEqualTo("cancelled");
	}

	@Test
	void fiscalDocumentChangesAndStatusMoves() {
		String number = Long.toString(System.nanoTime() % 1_000_000_000L);
		Response created = this.api.post("/api/finance/fiscal-documents/", "{\"type\":\"nfse\",\"number\":\"" + number
				+ "\",\"amount\":\"100.00\",\"customer_name\":\"Cliente\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		JsonNode creation = only("action=finance.fiscal_document.created&resource_id=" + id);
		assertThat(creation.get("changes").get("amount").get("after").asString()).isEqualTo("100.00");
		assertThat(creation.get("changes").get("status").get("after").asString()).isEqualTo("draft");

		Response moved = this.api.patch("/api/finance/fiscal-documents/" + id + "/",
				"{\"status\":\"processing\",\"amount\":\"120.00\"}");
		assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
		JsonNode status = only("action=finance.fiscal_document.status_changed&resource_id=" + id);
		assertThat(status.get("changes").get("status").get("before").asString()).isEqualTo("draft");
		assertThat(status.get("changes").get("status").get("after").asString()).isEqualTo("processing");
		JsonNode edit = only("action=finance.fiscal_document.updated&resource_id=" + id);
		assertThat(edit.get("changes").get("amount").get("before").asString()).isEqualTo("100.00");
		assertThat(edit.get("changes").get("amount").get("after").asString()).isEqualTo("120.00");
		assertThat(edit.get("changes").has("status")).isFalse();
	}

	@Test
	void csvConfirmations() {
		String provider = "csv" + Long.toString(System.nanoTime(), 36);
		byte[] file = String
			.join("\r\n", "Data;Histórico;Descrição;Documento;Valor (R$);Saldo (R$)",
					"02/03/2026;Pix recebido;Padaria Pão Quente Ltda;123456;1.234,56;11.234,56",
					"03/03/2026;Pagamento de boleto;Energia Elétrica S/A;654321;-389,90;10.844,66", "")
			.getBytes(StandardCharsets.UTF_8);
		Response prepared = this.api.sendBytes("POST",
				"/api/prepare-csv-import?provider=" + provider + "&account_id=a1", file, "text/csv");
		assertThat(prepared.status()).as(prepared.toString()).isEqualTo(200);
		Response confirmed = this.api.post("/api/confirm-csv-import", prepared.json().toString());
		assertThat(confirmed.status()).as(confirmed.toString()).isEqualTo(200);
		List<JsonNode> imports = events("action=imports.csv.confirmed&resource_type=csv_import").stream()
			.filter(e -> e.get("changes").get("provider").get("after").asString().equals(provider))
			.toList();
		assertThat(imports).hasSize(1);
		assertThat(imports.get(0).get("changes").get("inserted").get("after").asInt()).isEqualTo(2);
		assertThat(imports.get(0).get("actor_name").asString()).isEqualTo("admin");
	}

	@Test
	void punchAdjustments() {
		Response employee = this.api.post("/api/access/users/",
				json("username", unique("func"), "full_name", "Marcos", "is_employee", true, "role_id", 1));
		Response included = this.api.post("/api/timeclock/punch-adjustments/",
				"{\"kind\":\"include\",\"employee_id\":" + employee.id()
						+ ",\"event_type\":\"saida\",\"occurred_at\":\"2026-11-02T18:05:00-03:00\","
						+ "\"reason\":\"Esqueceu de bater\"}");
		assertThat(included.status()).as(included.toString()).isEqualTo(201);
		JsonNode event = only("action=timeclock.punch_adjustment.created&resource_id=" + included.id());
		assertThat(event.get("changes").get("employee_id").get("after").asLong()).isEqualTo(employee.id());
		assertThat(event.get("changes").get("reason").get("after").asString()).isEqualTo("Esqueceu de bater");
		assertThat(event.get("changes").get("occurred_at").get("after").asString()).isEqualTo("2026-11-02T21:05:00Z");
	}

	@Test
	void documentApprovals() {
		Response created = this.api.post("/api/process-documents/",
				"{\"title\":\"" + unique("Doc")
						+ "\",\"process_area\":\"Qualidade\",\"category\":\"Procedimento\",\"owner\":\"Ana Souza\","
						+ "\"status\":\"in_review\"}");
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		assertThat(only("action=processdocs.document.status_changed&resource_id=" + id).get("changes")
			.get("status")
			.get("after")
			.asString()).isEqualTo("in_review");
		Api approver = signedInWith("processdocs.documents.view", "processdocs.documents.change",
				"processdocs.documents.approve");
		Response approved = approver.patch("/api/process-documents/" + id + "/", "{\"status\":\"approved\"}");
		assertThat(approved.status()).as(approved.toString()).isEqualTo(200);
		JsonNode approval = only("action=processdocs.document.approved&resource_id=" + id);
		assertThat(approval.get("actor_name").asString()).startsWith("user-");
		assertThat(approval.get("changes").get("status").get("before").asString()).isEqualTo("in_review");
		assertThat(approval.get("changes").get("code").get("after").asString())
			.isEqualTo(created.json().get("code").asString());
	}

	@Test
	void customerChangesShowPersonalDataOnlyMasked() {
		String documento = cpf();
		Response created = this.api.post("/api/clientes/", json("nome", "Ana Lima", "email", "ana.lima@example.com",
				"telefone", "(21) 98765-4321", "documento", documento));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		JsonNode creation = only("action=customers.cliente.created&resource_type=cliente&resource_id=" + id);
		JsonNode fields = creation.get("changes");
		assertThat(fields.get("nome").get("after").asString()).isEqualTo("Ana Lima");
		assertThat(fields.get("documento").get("after").asString()).isEqualTo(maskedCpf(documento));
		assertThat(fields.get("email").get("after").asString()).isEqualTo("a***@example.com");
		assertThat(fields.get("telefone").get("after").asString()).isEqualTo("+5521*****4321");
		assertThat(fields.get("ativo").get("after").asBoolean()).isTrue();
		assertThat(creation.toString()).doesNotContain(documento, "ana.lima", "98765");

		// Another CPF with the same middle digits: the masks agree, the change is still
		// recorded.
		String other = sameMiddle(documento);
		Response patched = this.api.patch("/api/clientes/" + id + "/", json("documento", other, "telefone", ""));
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		JsonNode updated = only("action=customers.cliente.updated&resource_id=" + id);
		assertThat(updated.get("changes").properties()).hasSize(2);
		assertThat(updated.get("changes").get("documento").get("before").asString()).isEqualTo(maskedCpf(documento));
		assertThat(updated.get("changes").get("documento").get("after").asString()).isEqualTo(maskedCpf(other));
		assertThat(updated.get("changes").get("telefone").get("before").asString()).isEqualTo("+5521*****4321");
		assertThat(updated.get("changes").get("telefone").get("after").asString()).isEmpty();
		assertThat(updated.toString()).doesNotContain(other);
		// A PATCH that changes nothing writes no event.
		assertThat(this.api.patch("/api/clientes/" + id + "/", json("nome", "Ana Lima")).status()).isEqualTo(200);
		assertThat(events("action=customers.cliente.updated&resource_id=" + id)).hasSize(1);

		assertThat(this.api.delete("/api/clientes/" + id + "/").status()).isEqualTo(204);
		JsonNode deleted = only("action=customers.cliente.deleted&resource_id=" + id);
		assertThat(deleted.get("changes").get("nome").get("before").asString()).isEqualTo("Ana Lima");
		assertThat(deleted.get("changes").get("email").get("before").asString()).isEqualTo("a***@example.com");
		assertThat(deleted.get("changes").get("documento").get("after").isNull()).isTrue();
		assertThat(deleted.toString()).doesNotContain(other, "ana.lima");
	}

	@Test
	void finsRecordChanges() {
		Response cliente = this.api.post("/api/clientes/", json("nome", unique("Cliente")));
		assertThat(cliente.status()).as(cliente.toString()).isEqualTo(201);
		Response created = this.api.post("/api/fins/",
				json("cliente", cliente.id(), "titulo", "Cobrar boleto", "data_limite", "2026-12-10"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		long id = created.id();
		JsonNode creation = only("action=fins.record.created&resource_type=fins_record&resource_id=" + id);
		assertThat(creation.get("changes").get("cliente").get("after").asLong()).isEqualTo(cliente.id());
		assertThat(creation.get("changes").get("titulo").get("after").asString()).isEqualTo("Cobrar boleto");
		assertThat(creation.get("changes").get("data_limite").get("after").asString()).isEqualTo("2026-12-10");

		Response patched = this.api.patch("/api/fins/" + id + "/", json("concluido", true));
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		JsonNode updated = only("action=fins.record.updated&resource_id=" + id);
		assertThat(updated.get("changes").properties()).hasSize(1);
		assertThat(updated.get("changes").get("concluido").get("before").asBoolean()).isFalse();
		assertThat(updated.get("changes").get("concluido").get("after").asBoolean()).isTrue();

		assertThat(this.api.delete("/api/fins/" + id + "/").status()).isEqualTo(204);
		assertThat(only("action=fins.record.deleted&resource_id=" + id).get("changes")
			.get("titulo")
			.get("before")
			.asString()).isEqualTo("Cobrar boleto");
	}

	@Test
	void anEmployeesCpfAndEstablishmentChanges() {
		String cnpj = String.format("%012d", System.nanoTime() % 1_000_000_000_000L);
		Response establishment = this.api.post("/api/timeclock/establishments/",
				json("name", unique("Loja"), "employer_document", cnpj + TaxId.cnpjCheckDigits(cnpj)));
		assertThat(establishment.status()).as(establishment.toString()).isEqualTo(201);
		String cpf = cpf();
		Response employee = this.api.post("/api/access/users/", json("username", unique("func"), "full_name",
				"Rita Souza", "is_employee", true, "role_id", 1, "cpf", cpf));
		assertThat(employee.status()).as(employee.toString()).isEqualTo(201);
		long id = employee.id();
		JsonNode creation = only("action=access.user.created&resource_id=" + id);
		assertThat(creation.get("changes").get("cpf").get("after").asString()).isEqualTo(maskedCpf(cpf));
		assertThat(creation.get("changes").get("establishment_id").get("after").isNull()).isTrue();
		assertThat(creation.toString()).doesNotContain(cpf);

		// The CPF alone: a change the other audited fields did not show before.
		String other = sameMiddle(cpf);
		Response cpfChanged = this.api.patch("/api/access/users/" + id + "/", json("cpf", other));
		assertThat(cpfChanged.status()).as(cpfChanged.toString()).isEqualTo(200);
		JsonNode cpfEvent = only("action=access.user.updated&resource_id=" + id);
		assertThat(cpfEvent.get("changes").properties()).hasSize(1);
		assertThat(cpfEvent.get("changes").get("cpf").get("before").asString()).isEqualTo(maskedCpf(cpf));
		assertThat(cpfEvent.get("changes").get("cpf").get("after").asString()).isEqualTo(maskedCpf(other));
		assertThat(cpfEvent.toString()).doesNotContain(cpf).doesNotContain(other);

		Response moved = this.api.patch("/api/access/users/" + id + "/", json("establishment_id", establishment.id()));
		assertThat(moved.status()).as(moved.toString()).isEqualTo(200);
		JsonNode move = events("action=access.user.updated&resource_id=" + id).get(0);
		assertThat(move.get("changes").properties()).hasSize(1);
		assertThat(move.get("changes").get("establishment_id").get("before").isNull()).isTrue();
		assertThat(move.get("changes").get("establishment_id").get("after").asLong()).isEqualTo(establishment.id());
	}

	private static final SecureRandom RANDOM = new SecureRandom();

	private static String cpf() {
		while (true) {
			String base = String.format("%09d", RANDOM.nextInt(1_000_000_000));
			if (base.chars().distinct().count() > 1) {
				return base + TaxId.cpfCheckDigits(base);
			}
		}
	}

	/** Another valid CPF whose digits 4 to 9 (what the mask shows) are the same. */
	private static String sameMiddle(String cpf) {
		String first = cpf.substring(0, 3).equals("999") ? "998"
				: String.format("%03d", (Integer.parseInt(cpf.substring(0, 3)) + 1 + RANDOM.nextInt(5)) % 1000);
		String base = first + cpf.substring(3, 9);
		return base + TaxId.cpfCheckDigits(base);
	}

	private static String maskedCpf(String cpf) {
		return "***." + cpf.substring(3, 6) + "." + cpf.substring(6, 9) + "-**";
	}

	@Test
	void aRefusedChangeLeavesNoEvent() {
		Api viewer = signedInWith("finance.connections.view");
		String provider = "p" + Long.toString(System.nanoTime(), 36);
		long before = this.api.get("/api/audit/events/?limit=1").json().get(0).get("id").asLong();
		assertThat(viewer.post("/api/finance/connections/", json("provider", provider, "account_id", "9")).status())
			.isEqualTo(403);
		assertThat(this.api.get("/api/audit/events/?limit=1").json().get(0).get("id").asLong()).isEqualTo(before);
	}

}
