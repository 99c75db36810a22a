package br.suite.bills;

import java.security.SecureRandom;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.shared.TaxId;
import tools.jackson.databind.JsonNode;

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

}
