package br.suite.finance.collection;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.GreenMailUtil;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.TestSettings;
import br.suite.shared.DateTimes;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The régua de cobrança against a real SMTP server (GreenMail, started here on a port of
 * its own and switched onto the shared context's mail settings): which charges get which
 * message, with what content and headers, exactly once; the server down; the unsubscribe
 * link.
 */
class CollectionApiTests extends ApiTest {

	static final String POLICY = "/api/finance/collection-policy/";

	static final String RUN = "/api/finance/collection/run/";

	static final String MESSAGES = "/api/finance/collection-messages/";

	static final String CHARGES = "/api/finance/charges/";

	@Autowired
	JdbcClient jdbc;

	private final TestSmtp smtp = new TestSmtp();

	@Override
	protected void settings(TestSettings settings) {
		this.smtp.settings(settings, "Padaria São João <cobranca@padaria.example>");
	}

	@AfterEach
	void stopSmtpAndDisable() {
		this.smtp.stop();
		this.api.put(POLICY, "{\"enabled\":false}");
	}

	private GreenMail startSmtp() {
		return this.smtp.start();
	}

	private static LocalDate today() {
		return LocalDate.now(DateTimes.BRAZIL);
	}

	/**
	 * The policy on, with the default steps and a send time that keeps the scheduled run
	 * out of the way.
	 */
	private void enable() {
		Response put = this.api.put(POLICY, "{\"enabled\":true,\"send_time\":\"23:59\"}");
		assertThat(put.status()).as(put.toString()).isEqualTo(200);
		this.jdbc.sql("UPDATE finance_collection_policy SET last_run_day = ? WHERE id = 1")
			.param(java.sql.Date.valueOf(today()))
			.update();
	}

	private long charge(String payerName, @Nullable String email, String document, int dueInDays) {
		Response created = this.api.post(CHARGES,
				json("kind", "pix", "amount", "100.00", "payer_name", payerName, "payer_document", document,
						"payer_email", email == null ? "" : email, "due_date", today().plusDays(dueInDays).toString(),
						"description", "Mensalidade"));
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	private JsonNode run() {
		Response run = this.api.post(RUN, "");
		assertThat(run.status()).as(run.toString()).isEqualTo(200);
		return run.json();
	}

	private List<JsonNode> messagesOf(long chargeId) {
		List<JsonNode> list = new ArrayList<>();
		this.api.get(MESSAGES + "?charge_id=" + chargeId).json().forEach(list::add);
		return list;
	}

	private static List<MimeMessage> to(GreenMail server, String address) throws Exception {
		List<MimeMessage> found = new ArrayList<>();
		for (MimeMessage message : server.getReceivedMessages()) {
			if (Arrays.stream(message.getAllRecipients()).anyMatch(r -> r.toString().equalsIgnoreCase(address))) {
				found.add(message);
			}
		}
		return found;
	}

	private static String address(String prefix) {
		return prefix + "." + Long.toString(System.nanoTime(), 36) + "@cliente.example";
	}

	@Test
	void thePolicyHasPortugueseDefaultsAndRefusesAnUnknownPlaceholderNamingTheField() {
		JsonNode policy = this.api.get(POLICY).json();
		assertThat(policy.get("send_time").asString()).matches("\\d\\d:\\d\\d");
		assertThat(policy.has("mail_configured")).isTrue();
		assertThat(policy.get("templates").get("due").get("subject").asString()).isNotEmpty();
		Response bad = this.api.put(POLICY,
				"{\"enabled\":true,\"templates\":{\"before\":{\"subject\":\"Oi\",\"text\":\"Olá {{cpf}}\"}},"
						+ "\"send_time\":\"25:00\",\"steps\":[{\"offset_days\":3},{\"offset_days\":3}]}");
		assertThat(bad.status()).as(bad.toString()).isEqualTo(400);
		JsonNode errors = bad.json().get("errors");
		assertThat(errors.has("templates.before.text")).isTrue();
		assertThat(errors.get("templates.before.text").get(0).asString()).contains("{{cpf}}");
		assertThat(errors.has("send_time")).isTrue();
		assertThat(errors.has("steps[1].offset_days")).isTrue();
		assertThat(this.api.get(POLICY).json().get("enabled").asBoolean()).isFalse();
		Response good = this.api.put(POLICY,
				"{\"enabled\":false,\"send_time\":\"08:30\",\"steps\":[{\"offset_days\":5},"
						+ "{\"offset_days\":-2}],\"receipt\":true}");
		assertThat(good.status()).as(good.toString()).isEqualTo(200);
		assertThat(good.json().get("send_time").asString()).isEqualTo("08:30");
		assertThat(good.json().get("steps").toString()).isEqualTo("[{\"offset_days\":-2},{\"offset_days\":5}]");
		assertThat(good.json().get("templates").get("before").get("text").asString()).contains("{{pagador}}");
		Response stale = this.api.send("PUT", POLICY, "{}", "application/json", "If-Match", "\"0\"");
		assertThat(stale.status()).isEqualTo(412);
		assertThat(signedInWith("finance.collection.view").put(POLICY, "{}").status()).isEqualTo(403);
		assertThat(signedInWith("finance.charges.view").get(POLICY).status()).isEqualTo(403);
		assertThat(signedInWith("finance.collection.view").post(RUN, "").status()).isEqualTo(403);
	}

	@Test
	void withoutAMailServerMessagesAreRecordedAsSkipped() {
		enable();
		settingsNow().field("br.suite.finance.collection.Mailer", "settings",
				new MailSettings("", 587, "", "", "", true, 3, Duration.ofMillis(20), Duration.ofSeconds(5)));
		{
			long charge = charge("Sem Servidor", address("sem"), "", 0);
			run();
			List<JsonNode> messages = messagesOf(charge);
			assertThat(messages).hasSize(1);
			assertThat(messages.get(0).get("status").asString()).isEqualTo("skipped");
			assertThat(messages.get(0).get("reason").asString()).isEqualTo("mail_not_configured");
			assertThat(this.api.get(POLICY).json().get("mail_configured").asBoolean()).isFalse();
		}
	}

	@Test
	void eachDueChargeGetsItsLatestStepOnceWithTheRightContentAndHeaders() throws Exception {
		GreenMail server = startSmtp();
		enable();
		String cpf = cpf();
		String in3 = address("em3"), today = address("hoje"), ago3 = address("ha3"), ago10 = address("ha10"),
				ago20 = address("ha20"), paid = address("pago"), cancelled = address("cancelado"),
				optedOut = address("saiu");
		long cIn3 = charge("Ana <b>&</b> Filhos", in3, cpf, 3);
		long cToday = charge("Bruno", today, "", 0);
		long cAgo3 = charge("Carla", ago3, "", -3);
		long cAgo10 = charge("Davi", ago10, "", -10);
		long cAgo20 = charge("Elis", ago20, "", -20);
		long cPaid = charge("Fábio", paid, "", 0);
		long cCancelled = charge("Gil", cancelled, "", 0);
		long cOptedOut = charge("Helena", optedOut, "", 0);
		long cNoEmail = charge("Iara", null, "", 0);
		long cLater = charge("Joana", address("depois"), "", 4);
		this.jdbc
			.sql("UPDATE finance_charge SET paid_amount = amount, status = 'paid', paid_on = CURRENT_DATE "
					+ "WHERE id = ?")
			.param(cPaid)
			.update();
		assertThat(this.api.post(CHARGES + cCancelled + "/cancel/", "").status()).isEqualTo(200);
		this.jdbc.sql("INSERT INTO finance_collection_recipient (email, opted_out_at) VALUES (?, now())")
			.param(optedOut)
			.update();

		JsonNode first = run();
		assertThat(first.get("date").asString()).isEqualTo(today().toString());

		int[] expected = { -3, 0, 3, 10, 10 };
		long[] sentCharges = { cIn3, cToday, cAgo3, cAgo10, cAgo20 };
		String[] sentTo = { in3, today, ago3, ago10, ago20 };
		for (int i = 0; i < sentCharges.length; i++) {
			List<JsonNode> messages = messagesOf(sentCharges[i]);
			assertThat(messages).as("charge due in step %d", expected[i]).hasSize(1);
			JsonNode message = messages.get(0);
			assertThat(message.get("status").asString()).as(message.toString()).isEqualTo("sent");
			assertThat(message.get("offset_days").asInt()).isEqualTo(expected[i]);
			assertThat(message.get("attempts").asInt()).isEqualTo(1);
			assertThat(message.get("sent_at").isNull()).isFalse();
			assertThat(message.get("to").asString()).startsWith(sentTo[i].substring(0, 2) + "***@cliente.example");
			assertThat(to(server, sentTo[i])).as(sentTo[i]).hasSize(1);
		}
		assertThat(messagesOf(cPaid)).isEmpty();
		assertThat(messagesOf(cCancelled)).isEmpty();
		assertThat(messagesOf(cNoEmail)).isEmpty();
		assertThat(messagesOf(cLater)).isEmpty();
		assertThat(to(server, paid)).isEmpty();
		assertThat(to(server, cancelled)).isEmpty();
		assertThat(messagesOf(cOptedOut)).singleElement()
			.satisfies(m -> assertThat(m.get("status").asString()).isEqualTo("opted_out"));
		assertThat(to(server, optedOut)).isEmpty();

		// The content and the headers of one.
		MimeMessage before = to(server, in3).get(0);
		JsonNode charge = this.api.get(CHARGES + cIn3 + "/").json();
		assertThat(before.getSubject()).isEqualTo("Lembrete: R$ 100,00 vence em "
				+ today().plusDays(3).format(java.time.format.DateTimeFormatter.ofPattern("dd/MM/yyyy")));
		assertThat(before.getFrom()[0].toString()).contains("cobranca@padaria.example");
		String unsubscribe = before.getHeader("List-Unsubscribe")[0];
		assertThat(unsubscribe).matches("<https://suite\\.example\\.com/descadastrar/[0-9a-f]{64}>");
		assertThat(before.getHeader("List-Unsubscribe-Post")[0]).isEqualTo("List-Unsubscribe=One-Click");
		String raw = GreenMailUtil.getWholeMessage(before);
		assertThat(raw).doesNotContain(cpf);
		Multipart parts = (Multipart) before.getContent();
		String text = null;
		String html = null;
		for (jakarta.mail.BodyPart part : parts(parts)) {
			if (part.isMimeType("text/plain")) {
				text = (String) part.getContent();
			}
			else if (part.isMimeType("text/html")) {
				html = (String) part.getContent();
			}
		}
		assertThat(text).contains("Ana <b>&</b> Filhos").contains(charge.get("payment_url").asString());
		assertThat(text).contains("000201").contains(unsubscribe.substring(1, unsubscribe.length() - 1));
		assertThat(html).contains("Ana &lt;b&gt;&amp;&lt;/b&gt; Filhos").doesNotContain("<b>&</b>");
		assertThat(html).contains("href=\"" + charge.get("payment_url").asString() + "\"");
		assertThat(to(server, ago3).get(0).getSubject()).startsWith("Pagamento em atraso: R$ 100,00");
		assertThat(to(server, today).get(0).getSubject()).isEqualTo("Vence hoje: R$ 100,00");

		// A second run sends nothing more.
		int received = server.getReceivedMessages().length;
		run();
		for (long id : sentCharges) {
			assertThat(messagesOf(id)).hasSize(1);
		}
		for (String address : sentTo) {
			assertThat(to(server, address)).hasSize(1);
		}
		assertThat(server.getReceivedMessages()).hasSize(received);

		// The unsubscribe link: a page, one click, then no more messages to that address.
		String link = unsubscribe.substring(1, unsubscribe.length() - 1)
			.replace("https://suite.example.com", "http://localhost:" + localPort());
		HttpClient http = HttpClient.newHttpClient();
		HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(link)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("Deixar de receber")
			.contains(in3.substring(0, 2) + "***@cliente.example")
			.doesNotContain(in3);
		HttpResponse<String> done = http.send(HttpRequest.newBuilder(URI.create(link))
			.header("Content-Type", "application/x-www-form-urlencoded")
			.POST(HttpRequest.BodyPublishers.ofString("List-Unsubscribe=One-Click"))
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(done.statusCode()).isEqualTo(200);
		assertThat(done.body()).contains("não receberá mais lembretes");
		long again = charge("Ana", in3, "", 0);
		run();
		assertThat(messagesOf(again)).singleElement()
			.satisfies(m -> assertThat(m.get("status").asString()).isEqualTo("opted_out"));
		assertThat(to(server, in3)).hasSize(1);
		assertThat(http
			.send(HttpRequest.newBuilder(URI.create(link.replaceAll("[0-9a-f]{64}$", "0".repeat(64)))).GET().build(),
					HttpResponse.BodyHandlers.ofString())
			.statusCode()).isEqualTo(404);
	}

	@Test
	void theServerDownFailsAfterItsAttemptsAndTheNextRunSendsItOnceWithTheAmountDecidedAgain() throws Exception {
		enable();
		// Whatever else the shared database has due goes first, with the server up.
		startSmtp();
		run();
		this.smtp.stop();
		String down = address("fora");
		long charge = charge("Lia", down, "", 0);
		JsonNode failedRun = run();
		assertThat(failedRun.get("failed").asInt()).isGreaterThanOrEqualTo(1);
		JsonNode failed = messagesOf(charge).get(0);
		assertThat(failed.get("status").asString()).isEqualTo("failed");
		assertThat(failed.get("attempts").asInt()).isEqualTo(3);
		assertThat(failed.get("reason").asString()).isNotEmpty();
		assertThat(failed.get("sent_at").isNull()).isTrue();
		assertThat(this.api.get(MESSAGES + "?status=failed&charge_id=" + charge).json()).hasSize(1);

		assertThat(this.api.patch(CHARGES + charge + "/", "{\"amount\":\"80.00\"}").status()).isEqualTo(200);
		GreenMail server = startSmtp();
		JsonNode back = run();
		assertThat(back.get("retried").asInt()).isGreaterThanOrEqualTo(1);
		List<JsonNode> messages = messagesOf(charge);
		assertThat(messages).hasSize(1);
		assertThat(messages.get(0).get("status").asString()).isEqualTo("sent");
		assertThat(messages.get(0).get("attempts").asInt()).isEqualTo(4);
		assertThat(messages.get(0).get("subject").asString()).isEqualTo("Vence hoje: R$ 80,00");
		assertThat(to(server, down)).hasSize(1);
		run();
		assertThat(to(server, down)).hasSize(1);
		assertThat(messagesOf(charge)).hasSize(1);
	}

	/**
	 * The SMTP server goes away in the middle of a run: right after accepting the second
	 * of five messages (its 250 reaches the service, the QUIT is never answered) it stops
	 * listening. What it accepted stays sent, once; the message it was refused for fails
	 * after its attempts with the reason; the rest are left failed without waiting, the
	 * run answers; once the server is back the next run sends each failed one exactly
	 * once.
	 */
	@Test
	void theServerGoingAwayInTheMiddleOfARunLeavesWhatItAcceptedSentAndTheNextRunSendsTheRestOnce() throws Exception {
		int behind = TestSmtp.freePort();
		GreenMail server = this.smtp.start(behind);
		try (SmtpGate gate = new SmtpGate(this.smtp.port(), behind).open()) {
			enable();
			// Whatever else the shared database has due goes first, with the server up.
			run();
			String[] to = new String[5];
			long[] charges = new long[5];
			for (int i = 0; i < 5; i++) {
				to[i] = address("meio" + i);
				charges[i] = charge("Pagador " + i, to[i], "", 0);
			}
			gate.goAwayAfter(2);
			JsonNode first = run();
			assertThat(gate.listening()).isFalse();
			assertThat(first.get("decided").asInt()).as(first.toString()).isEqualTo(5);
			assertThat(first.get("sent").asInt()).as(first.toString()).isEqualTo(2);
			assertThat(first.get("failed").asInt()).as(first.toString()).isEqualTo(3);
			for (int i = 0; i < 2; i++) {
				JsonNode sent = messagesOf(charges[i]).get(0);
				assertThat(sent.get("status").asString()).as(sent.toString()).isEqualTo("sent");
				assertThat(sent.get("attempts").asInt()).isEqualTo(1);
				assertThat(to(server, to[i])).as(to[i]).hasSize(1);
			}
			JsonNode refused = messagesOf(charges[2]).get(0);
			assertThat(refused.get("status").asString()).as(refused.toString()).isEqualTo("failed");
			assertThat(refused.get("attempts").asInt()).isEqualTo(3);
			assertThat(refused.get("reason").asString()).isNotEmpty().doesNotStartWith("not tried");
			assertThat(refused.get("sent_at").isNull()).isTrue();
			for (int i = 3; i < 5; i++) {
				JsonNode waiting = messagesOf(charges[i]).get(0);
				assertThat(waiting.get("status").asString()).as(waiting.toString()).isEqualTo("failed");
				assertThat(waiting.get("attempts").asInt()).isZero();
				assertThat(waiting.get("reason").asString())
					.startsWith("not tried in this run: the SMTP server could not be reached");
			}
			for (int i = 2; i < 5; i++) {
				assertThat(to(server, to[i])).as(to[i]).isEmpty();
			}

			gate.open();
			JsonNode back = run();
			assertThat(back.get("retried").asInt()).as(back.toString()).isEqualTo(3);
			assertThat(back.get("sent").asInt()).as(back.toString()).isEqualTo(3);
			int[] attempts = { 1, 1, 4, 1, 1 };
			for (int i = 0; i < 5; i++) {
				List<JsonNode> messages = messagesOf(charges[i]);
				assertThat(messages).hasSize(1);
				assertThat(messages.get(0).get("status").asString()).isEqualTo("sent");
				assertThat(messages.get(0).get("attempts").asInt()).as(to[i]).isEqualTo(attempts[i]);
				assertThat(to(server, to[i])).as(to[i]).hasSize(1);
			}
			run();
			for (int i = 0; i < 5; i++) {
				assertThat(to(server, to[i])).as(to[i]).hasSize(1);
			}
		}
	}

	/** A credit of {@code amount} today, imported as a statement line; its id. */
	private long credit(String amount) {
		String provider = "r" + Long.toString(System.nanoTime(), 36);
		ObjectNode body = Api.JSON.createObjectNode();
		body.putObject("groups")
			.putArray(today().toString().substring(0, 7))
			.addObject()
			.put("external_id", "pix-1")
			.put("transaction_date", today().toString())
			.put("amount", amount)
			.put("direction", "credit");
		body.putObject("import_metadata").put("provider", provider).put("account_id", "conta");
		Response confirmed = this.api.send("POST", "/api/confirm-csv-import", body.toString(), "application/json");
		assertThat(confirmed.status()).as(confirmed.toString()).isEqualTo(200);
		return this.api.get("/api/finance/transactions/?provider=" + provider).json().get(0).get("id").asLong();
	}

	/** Allocates the credit to the charge: it becomes paid; the allocation's id. */
	private long pay(long transaction, long charge) {
		Response allocated = this.api.post("/api/finance/allocations/",
				json("transaction_id", transaction, "charge_id", charge));
		assertThat(allocated.status()).as(allocated.toString()).isEqualTo(201);
		assertThat(this.api.get(CHARGES + charge + "/").json().get("status").asString()).isEqualTo("paid");
		return allocated.id();
	}

	/**
	 * Waits until the régua's listener has handled every ChargesPaid about the charge
	 * (its publication, committed with the payment, is deleted once the listener
	 * completed).
	 */
	private void receiptListenerDone(long charge) {
		await().atMost(Duration.ofSeconds(20))
			.until(() -> this.jdbc.sql("""
					SELECT count(*) FROM event_publication
					WHERE listener_id LIKE '%CollectionRun%' AND completion_date IS NULL
					  AND serialized_event ~ ('charge_?[iI]d"\\s*:\\s*' || :charge || '[^0-9]')""")
				.param("charge", charge)
				.query(Integer.class)
				.single() == 0);
	}

	@Test
	void aChargeThatBecomesPaidGetsOneReceiptOnlyWhenThePolicyAsksForIt() throws Exception {
		GreenMail server = startSmtp();
		enable();
		assertThat(this.api.put(POLICY, "{\"enabled\":true,\"send_time\":\"23:59\",\"receipt\":false}").status())
			.isEqualTo(200);
		String without = address("semrecibo");
		long quiet = charge("Sem Recibo", without, "", 30);
		pay(credit("100.00"), quiet);
		receiptListenerDone(quiet);
		assertThat(messagesOf(quiet)).isEmpty();
		assertThat(to(server, without)).isEmpty();

		assertThat(this.api.put(POLICY, "{\"enabled\":true,\"send_time\":\"23:59\",\"receipt\":true}").status())
			.isEqualTo(200);
		String with = address("recibo");
		long paid = charge("Rosa <i>&</i> Cia", with, cpf(), 30);
		long transaction = credit("100.00");
		long allocation = pay(transaction, paid);
		await().atMost(Duration.ofSeconds(20)).until(() -> to(server, with).size() == 1);
		receiptListenerDone(paid);
		JsonNode recorded = messagesOf(paid).get(0);
		assertThat(messagesOf(paid)).hasSize(1);
		assertThat(recorded.get("kind").asString()).isEqualTo("receipt");
		assertThat(recorded.get("offset_days").isNull()).isTrue();
		assertThat(recorded.get("status").asString()).as(recorded.toString()).isEqualTo("sent");
		assertThat(recorded.get("attempts").asInt()).isEqualTo(1);
		assertThat(recorded.get("subject").asString()).isEqualTo("Pagamento recebido: R$ 100,00");
		MimeMessage receipt = to(server, with).get(0);
		assertThat(receipt.getSubject()).isEqualTo("Pagamento recebido: R$ 100,00");
		assertThat(receipt.getHeader("List-Unsubscribe")[0]).contains("/descadastrar/");
		String html = null;
		for (jakarta.mail.BodyPart part : parts((Multipart) receipt.getContent())) {
			if (part.isMimeType("text/html")) {
				html = (String) part.getContent();
			}
		}
		assertThat(html).contains("Rosa &lt;i&gt;&amp;&lt;/i&gt; Cia");
		String raw = GreenMailUtil.getWholeMessage(receipt);
		assertThat(raw).doesNotContain(this.api.get(CHARGES + paid + "/").json().get("payer_document").asString());

		// Paid again after the payment was undone: still one receipt.
		assertThat(this.api.delete("/api/finance/allocations/" + allocation + "/").status()).isEqualTo(204);
		assertThat(this.api.get(CHARGES + paid + "/").json().get("status").asString()).isEqualTo("open");
		pay(transaction, paid);
		receiptListenerDone(paid);
		run();
		assertThat(messagesOf(paid)).hasSize(1);
		assertThat(to(server, with)).hasSize(1);
	}

	/**
	 * A payer who sent more than was open is paid too: one receipt of what the charge
	 * took, and none again once the surplus goes elsewhere and the charge becomes
	 * {@code paid}.
	 */
	@Test
	void anOverpaidChargeGetsOneReceiptOfWhatItTook() throws Exception {
		GreenMail server = startSmtp();
		enable();
		assertThat(this.api.put(POLICY, "{\"enabled\":true,\"send_time\":\"23:59\",\"receipt\":true}").status())
			.isEqualTo(200);
		String payer = address("amais");
		long charge = charge("Paga a Mais", payer, "", 30);
		long transaction = credit("150.00");
		Response allocated = this.api.post("/api/finance/allocations/",
				json("transaction_id", transaction, "charge_id", charge));
		assertThat(allocated.status()).as(allocated.toString()).isEqualTo(201);
		assertThat(this.api.get(CHARGES + charge + "/").json().get("status").asString()).isEqualTo("overpaid");
		await().atMost(Duration.ofSeconds(20)).until(() -> to(server, payer).size() == 1);
		receiptListenerDone(charge);
		assertThat(messagesOf(charge)).singleElement().satisfies(m -> {
			assertThat(m.get("kind").asString()).isEqualTo("receipt");
			assertThat(m.get("status").asString()).isEqualTo("sent");
			assertThat(m.get("subject").asString()).isEqualTo("Pagamento recebido: R$ 100,00");
		});

		// The surplus allocated to another charge: this one becomes paid, no second
		// receipt.
		Response other = this.api.post(CHARGES, json("kind", "pix", "amount", "50.00", "payer_name", "Outra",
				"payer_document", "", "due_date", today().plusDays(30).toString(), "description", "Outra"));
		assertThat(other.status()).as(other.toString()).isEqualTo(201);
		Response rest = this.api.post("/api/finance/allocations/",
				json("transaction_id", transaction, "charge_id", other.id()));
		assertThat(rest.status()).as(rest.toString()).isEqualTo(201);
		assertThat(this.api.get(CHARGES + charge + "/").json().get("status").asString()).isEqualTo("paid");
		receiptListenerDone(charge);
		assertThat(messagesOf(charge)).hasSize(1);
		assertThat(to(server, payer)).hasSize(1);
	}

	@Test
	void theClienteWithThePayersDocumentIsWrittenToWhenTheChargeHasNoEmail() throws Exception {
		GreenMail server = startSmtp();
		enable();
		String cpf = cpf();
		String email = address("cliente");
		Response cliente = this.api.post("/api/clientes/",
				json("nome", "Cliente Régua", "email", email, "telefone", "", "documento", cpf, "ativo", true));
		assertThat(cliente.status()).as(cliente.toString()).isEqualTo(201);
		long charge = charge("Cliente Régua", null, cpf, -3);
		run();
		assertThat(messagesOf(charge)).singleElement()
			.satisfies(m -> assertThat(m.get("status").asString()).isEqualTo("sent"));
		assertThat(to(server, email)).hasSize(1);
	}

	private int localPort() {
		return URI.create(this.api.base()).getPort();
	}

	private static List<jakarta.mail.BodyPart> parts(Multipart multipart) throws Exception {
		List<jakarta.mail.BodyPart> all = new ArrayList<>();
		for (int i = 0; i < multipart.getCount(); i++) {
			jakarta.mail.BodyPart part = multipart.getBodyPart(i);
			if (part.getContent() instanceof Multipart nested) {
				all.addAll(parts(nested));
			}
			else {
				all.add(part);
			}
		}
		return all;
	}

	/** A random valid CPF (11 digits). */
	static String cpf() {
		int[] d = new int[11];
		for (int i = 0; i < 9; i++) {
			d[i] = ThreadLocalRandom.current().nextInt(10);
		}
		d[0] = 1 + ThreadLocalRandom.current().nextInt(9);
		for (int n = 9; n <= 10; n++) {
			int sum = 0;
			for (int i = 0; i < n; i++) {
				sum += d[i] * (n + 1 - i);
			}
			int r = sum % 11;
			d[n] = r < 2 ? 0 : 11 - r;
		}
		StringBuilder text = new StringBuilder();
		for (int digit : d) {
			text.append(digit);
		}
		return text.toString();
	}

}
