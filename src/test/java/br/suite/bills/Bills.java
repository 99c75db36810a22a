package br.suite.bills;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

import org.springframework.transaction.support.TransactionTemplate;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.finance.TransactionImports;
import br.suite.finance.TransactionImports.RawTransaction;
import br.suite.shared.documents.TaxId;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Parties and categories for the bills tests, made through the API. */
public final class Bills {

	private static final Random RANDOM = new SecureRandom();

	private final Api api;

	private final Map<String, Long> categories = new LinkedHashMap<>();

	public Bills(Api api) {
		this.api = api;
		for (JsonNode category : api.get("/api/finance/categories/?limit=1000").json()) {
			this.categories.put(category.get("code").asString(), category.get("id").asLong());
		}
	}

	/** The id of the default chart's category with that code. */
	public long category(String code) {
		return this.categories.get(code);
	}

	public long fornecedor(String documento) {
		Response created = this.api.post("/api/fornecedores/",
				json("nome", "Fornecedor " + documento, "documento", documento));
		if (created.status() != 201) {
			throw new IllegalStateException(created.toString());
		}
		return created.id();
	}

	public long fornecedor() {
		return fornecedor(cnpj());
	}

	public long cliente() {
		Response created = this.api.post("/api/clientes/", json("nome", "Cliente " + cnpj(), "documento", cnpj()));
		if (created.status() != 201) {
			throw new IllegalStateException(created.toString());
		}
		return created.id();
	}

	/** A fresh numeric CNPJ. */
	public static String cnpj() {
		while (true) {
			String base = String.format("%06d%06d", RANDOM.nextInt(1_000_000), RANDOM.nextInt(1_000_000));
			if (base.chars().distinct().count() > 1) {
				return base + TaxId.cnpjCheckDigits(base);
			}
		}
	}

	public static String json(Object... pairs) {
		Map<String, Object> object = new LinkedHashMap<>();
		for (int i = 0; i + 1 < pairs.length; i += 2) {
			object.put((String) pairs[i], pairs[i + 1]);
		}
		return Api.JSON.writeValueAsString(object);
	}

	/** {@code {"due_date": d, "amount": a}}. */
	public static Map<String, Object> installment(String dueDate, String amount) {
		return Map.of("due_date", dueDate, "amount", amount);
	}

	public static Map<String, Object> split(long categoryId, Object costCentreId, String amount) {
		Map<String, Object> split = new LinkedHashMap<>();
		split.put("category_id", categoryId);
		split.put("cost_centre_id", costCentreId);
		split.put("amount", amount);
		return split;
	}

	public static List<String> texts(JsonNode array, String field) {
		return array.valueStream().map(node -> node.get(field).asString()).toList();
	}

	/**
	 * A settled bank transaction of that provider's account, written as an import writes
	 * it (dated 15:00 UTC of the day, described "Movimento {id}").
	 */
	public static void settled(TransactionImports imports, TransactionTemplate transactions, String provider,
			String account, String id, LocalDate date, String amount, String direction) {
		TransactionImports.Account target = imports.account(provider, account);
		TransactionImports.ImportRow row = imports
			.check(target,
					new RawTransaction(id, date, Instant.parse(date + "T15:00:00Z"), new BigDecimal(amount), direction,
							"settled", "Movimento " + id, "", "", "", "", "", ""))
			.row();
		assertThat(row).isNotNull();
		transactions.executeWithoutResult(tx -> imports.apply(target, null, List.of(row), UUID.randomUUID()));
	}

}
