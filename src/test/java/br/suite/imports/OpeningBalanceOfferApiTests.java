package br.suite.imports;

import org.junit.jupiter.api.Test;

import br.suite.Api.Response;
import br.suite.ApiTest;
import tools.jackson.databind.JsonNode;

import static br.suite.imports.ImportFixtures.confirmed;
import static br.suite.imports.ImportFixtures.counts;
import static br.suite.imports.ImportFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * An OFX's ledger balance offered as the opening balance of a new bank account
 * (docs/api.md § Reports): the account created with the offer, and the statement
 * confirmed, the cash flow closes the statement's last day at exactly the balance the
 * bank stated.
 */
class OpeningBalanceOfferApiTests extends ApiTest {

	@Test
	void theAccountOpenedWithTheOfferClosesTheStatementAtTheBanksLedgerBalance() {
		String provider = provider();
		Response response = StatementImportApiTests.prepareStatement(this.api,
				OfxFiles.itau("USASCII", "1252", OfxFiles.WINDOWS_1252), "?provider=" + provider);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		JsonNode prepared = response.json().get("statements").get(0);
		JsonNode format = prepared.get("format");
		assertThat(format.get("balance").toString()).isEqualTo("{\"amount\":\"23254.66\",\"date\":\"2026-03-31\"}");
		// 23 254.66 less the month's 1 234.56 − 389.90 − 45.00 + 12 500.00.
		assertThat(format.get("opening_balance").toString())
			.isEqualTo("{\"amount\":\"9955.00\",\"date\":\"2026-03-01\"}");

		JsonNode metadata = prepared.get("import_metadata");
		Response account = this.api.post("/api/finance/accounts/",
				json("name", "Itaú conta corrente", "provider", metadata.get("provider").asString(), "account_id",
						metadata.get("account_id").asString(), "opening_balance",
						format.get("opening_balance").get("amount").asString(), "opening_date",
						format.get("opening_balance").get("date").asString()));
		assertThat(account.status()).as(account.toString()).isEqualTo(201);
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(4, 0, 0, 0, 1));

		Response flow = this.api
			.get("/api/finance/cash-flow/?from=2026-03-01&to=2026-03-31&group_by=month&account_id=" + account.id());
		assertThat(flow.status()).as(flow.toString()).isEqualTo(200);
		assertThat(flow.json().get("opening_balance").asString()).isEqualTo("9955.00");
		assertThat(flow.json().get("periods").get(0).get("closing_realised").asString()).isEqualTo("23254.66");
	}

	@Test
	void aBalanceOnlyFileOffersItsBalanceAndACsvOffersNothing() {
		JsonNode balanceOnly = StatementImportApiTests.statements(this.api, OfxFiles.balanceOnly(),
				"?provider=" + provider());
		assertThat(balanceOnly.get(0).get("format").get("opening_balance").toString())
			.isEqualTo("{\"amount\":\"-1520.33\",\"date\":\"2026-03-01\"}");
		JsonNode csv = StatementImportApiTests.statements(this.api, Statements.fintechUtf8(),
				"?provider=" + provider());
		assertThat(csv.get(0).get("format").get("opening_balance").isNull()).isTrue();
	}

}
