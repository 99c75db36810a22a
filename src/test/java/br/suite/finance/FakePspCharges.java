package br.suite.finance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;

import br.suite.Api;
import br.suite.finance.charge.BrCode;
import br.suite.finance.charge.PixCharges;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fake PSP's charges, from the API Pix specification: {@code PUT /cob/{txid}} and
 * {@code PUT /cobv/{txid}} (201; a PUT on an existing txid revises it while
 * {@code ATIVA}, else 400), {@code GET} and {@code PATCH} (only {@code {"status":
 * "REMOVIDA_PELO_USUARIO_RECEBEDOR"}}, only while {@code ATIVA}), with the spec's checks
 * (txid, amount, the company's key, a cobv's debtor and due date). The dynamic BR Code it
 * answers is built from the location; {@link #omitCopiaECola} answers the location alone,
 * as some PSPs do.
 */
final class FakePspCharges {

	/** The charges by "cob/txid" or "cobv/txid". */
	final Map<String, ObjectNode> charges = new ConcurrentHashMap<>();

	/** Every PUT body received, in order ("cob/txid body"). */
	final java.util.List<String> puts = new CopyOnWriteArrayList<>();

	volatile boolean omitCopiaECola;

	private final AtomicLong locations = new AtomicLong(1000);

	private final FakePsp psp;

	private final String key;

	FakePspCharges(FakePsp psp, String key) {
		this.psp = psp;
		this.key = key;
	}

	/**
	 * The payer pays the active charge with that txid: it becomes {@code CONCLUIDA}, a
	 * received Pix with its txid and amount appears in {@code GET /pix}, and the webhook
	 * registered by Suite is called (when there is one).
	 * @return the Pix
	 */
	ObjectNode payerPays(String txid, String endToEndId, String publicBase, String reachable) throws Exception {
		ObjectNode charge = find(txid);
		if (charge == null || !charge.path("status").asString().equals("ATIVA")) {
			throw new IllegalStateException("no active charge with txid " + txid);
		}
		charge.put("status", "CONCLUIDA");
		ObjectNode paid = this.psp.addPix(endToEndId, txid, charge.path("valor").path("original").asString(),
				Instant.now());
		if (!this.psp.webhookUrl.isEmpty()) {
			this.psp.notifySuite(publicBase, reachable, paid);
		}
		return paid;
	}

	/** The charge with that txid, of either kind, or null. */
	ObjectNode find(String txid) {
		ObjectNode cob = this.charges.get("cob/" + txid);
		return cob != null ? cob : this.charges.get("cobv/" + txid);
	}

	void handle(HttpExchange exchange, String method, String path) throws IOException {
		// path: /v2/cob/{txid} or /v2/cobv/{txid}
		String[] parts = path.substring("/v2/".length()).split("/");
		if (parts.length != 2 || !parts[1].matches("[A-Za-z0-9]{26,35}")) {
			FakePsp.answer(exchange, 400, FakePsp.problem(400, "CobOperacaoInvalida"));
			return;
		}
		String kind = parts[0];
		String id = kind + "/" + parts[1];
		ObjectNode existing = this.charges.get(id);
		String notFound = kind.equals("cob") ? "CobNaoEncontrado" : "CobVNaoEncontrada";
		String invalid = kind.equals("cob") ? "CobOperacaoInvalida" : "CobVOperacaoInvalida";
		if (method.equals("GET")) {
			FakePsp.answer(exchange, existing == null ? 404 : 200,
					existing == null ? FakePsp.problem(404, notFound) : existing.toString());
			return;
		}
		String text = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
		JsonNode body = Api.JSON.readTree(text.isEmpty() ? "{}" : text);
		if (method.equals("PATCH")) {
			if (existing == null) {
				FakePsp.answer(exchange, 404, FakePsp.problem(404, notFound));
			}
			else if (!existing.path("status").asString().equals("ATIVA") || body.size() != 1
					|| !body.path("status").asString().equals(PixCharges.REMOVED)) {
				FakePsp.answer(exchange, 400, FakePsp.problem(400, invalid));
			}
			else {
				existing.put("status", PixCharges.REMOVED).put("revisao", existing.path("revisao").asInt() + 1);
				FakePsp.answer(exchange, 200, existing.toString());
			}
			return;
		}
		if (!method.equals("PUT")) {
			FakePsp.answer(exchange, 405, FakePsp.problem(405, "RequisicaoInvalida"));
			return;
		}
		this.puts.add(id + " " + text);
		if (existing != null && !existing.path("status").asString().equals("ATIVA")) {
			FakePsp.answer(exchange, 400, FakePsp.problem(400, invalid));
			return;
		}
		JsonNode debtor = body.path("devedor");
		boolean debtorOk = debtor.isMissingNode()
				|| (debtor.path("nome").isString() && (debtor.path("cpf").asString("").matches("\\d{11}")
						^ debtor.path("cnpj").asString("").matches("[0-9A-Z]{14}")));
		boolean valid = body.path("valor").path("original").asString("").matches("\\d{1,10}\\.\\d{2}")
				&& this.key.equals(body.path("chave").asString("")) && debtorOk
				&& body.path("solicitacaoPagador").asString("").length() <= 140;
		if (kind.equals("cob")) {
			valid &= body.path("calendario").path("expiracao").asInt(0) > 0;
		}
		else {
			String due = body.path("calendario").path("dataDeVencimento").asString("");
			valid &= !debtor.isMissingNode() && due.matches("\\d{4}-\\d{2}-\\d{2}")
					&& !LocalDate.parse(due).isBefore(LocalDate.now().minusDays(1));
		}
		if (!valid) {
			FakePsp.answer(exchange, 400, FakePsp.problem(400, invalid));
			return;
		}
		ObjectNode charge = ((ObjectNode) body).deepCopy();
		charge.put("txid", parts[1]).put("status", "ATIVA");
		charge.put("revisao", existing == null ? 0 : existing.path("revisao").asInt() + 1);
		String location = existing != null ? existing.path("location").asString()
				: "pix.example.com/qr/v2/" + UUID.randomUUID().toString().replace("-", "");
		((ObjectNode) charge.path("calendario")).put("criacao", Instant.now().toString());
		charge.putObject("loc")
			.put("id", existing != null ? existing.path("loc").path("id").asLong() : this.locations.incrementAndGet())
			.put("location", location)
			.put("tipoCob", kind);
		charge.put("location", location);
		if (!this.omitCopiaECola) {
			charge.put("pixCopiaECola", BrCode.dynamicCode(location, "FAKE PSP RECEBEDOR", "SAO PAULO"));
		}
		this.charges.put(id, charge);
		FakePsp.answer(exchange, 201, charge.toString());
	}

}
