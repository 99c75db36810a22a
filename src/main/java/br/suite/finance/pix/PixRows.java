package br.suite.finance.pix;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.Account;
import br.suite.finance.TransactionImports.Checked;
import br.suite.finance.TransactionImports.ImportRow;
import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.shared.DateTimes;
import tools.jackson.databind.JsonNode;

/**
 * Received Pix (as {@code GET /pix} and {@code GET /pix/{e2eid}} answer them) as rows for
 * {@link TransactionImports}: the pull sync's and the webhook's mapping, in one place.
 */
@Component
class PixRows {

	/** What a run brought in, before it is written. */
	record Fetched(List<ImportRow> rows, List<String> refused, int pix, int devolucoes) {
	}

	private final TransactionImports imports;

	PixRows(TransactionImports imports) {
		this.imports = imports;
	}

	/**
	 * Each Pix a settled credit; each devolução {@code DEVOLVIDO} a settled debit keyed
	 * by its rtrId. A masked or invalid payer document is dropped (the Pix is kept); an
	 * item that breaks another rule is refused and named.
	 */
	Fetched rows(Account account, Map<String, JsonNode> pix) {
		List<ImportRow> rows = new ArrayList<>();
		List<String> refused = new ArrayList<>();
		int devolucoes = 0;
		for (JsonNode item : pix.values()) {
			String e2e = item.path("endToEndId").asString("");
			Instant horario = instant(item.path("horario").asString(""));
			JsonNode payer = item.path("pagador");
			String document = payer.path("cpf").asString(payer.path("cnpj").asString(""));
			String info = item.path("infoPagador").asString("");
			RawTransaction credit = new RawTransaction(e2e, date(horario), horario, amount(item.path("valor")),
					"credit", "settled", info.isEmpty() ? "Pix recebido" : "Pix recebido: " + info,
					payer.path("nome").asString(""), document, item.path("txid").asString(""), "", e2e, "");
			add(account, credit, "Pix " + e2e, rows, refused);
			for (JsonNode devolucao : item.path("devolucoes")) {
				if (!"DEVOLVIDO".equals(devolucao.path("status").asString(""))) {
					continue;
				}
				devolucoes++;
				String rtrId = devolucao.path("rtrId").asString("");
				JsonNode when = devolucao.path("horario");
				Instant settled = instant(when.path("liquidacao").asString(when.path("solicitacao").asString("")));
				String reason = devolucao.path("motivo").asString(devolucao.path("descricao").asString(""));
				RawTransaction debit = new RawTransaction(rtrId, date(settled), settled,
						amount(devolucao.path("valor")), "debit", "settled",
						"Devolução do Pix " + e2e + (reason.isEmpty() ? "" : ": " + reason), "", "", e2e, "", rtrId,
						"");
				add(account, debit, "devolução " + rtrId + " of Pix " + e2e, rows, refused);
			}
		}
		return new Fetched(rows, refused, pix.size(), devolucoes);
	}

	private void add(Account account, RawTransaction raw, String what, List<ImportRow> rows, List<String> refused) {
		Checked checked = this.imports.check(account, raw);
		if (checked.row() == null && checked.errors().keySet().equals(Set.of("payer_document"))) {
			// A masked CPF (***.456.789-**) or a malformed one: the Pix stays, the
			// document goes.
			checked = this.imports.check(account,
					new RawTransaction(raw.externalId(), raw.transactionDate(), raw.postedAt(), raw.amount(),
							raw.direction(), raw.status(), raw.description(), raw.payerName(), "", raw.correlationId(),
							raw.bankReferenceId(), raw.endToEndId(), raw.chargeExternalId()));
		}
		if (checked.row() != null) {
			rows.add(checked.row());
		}
		else {
			refused.add(what + " " + checked.errors());
		}
	}

	private static @Nullable BigDecimal amount(JsonNode value) {
		try {
			return value.isString() || value.isNumber() ? new BigDecimal(value.asString()) : null;
		}
		catch (NumberFormatException ex) {
			return null;
		}
	}

	private static @Nullable Instant instant(String text) {
		try {
			return text.isEmpty() ? null : OffsetDateTime.parse(text).toInstant();
		}
		catch (DateTimeParseException ex) {
			return null;
		}
	}

	private static @Nullable LocalDate date(@Nullable Instant instant) {
		return instant == null ? null : LocalDate.ofInstant(instant, DateTimes.BRAZIL);
	}

}
