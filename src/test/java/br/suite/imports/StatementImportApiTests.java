package br.suite.imports;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.Api;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.imports.wizard.PreparedImports;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import tools.jackson.databind.JsonNode;

import static br.suite.imports.ImportFixtures.confirm;
import static br.suite.imports.ImportFixtures.confirmed;
import static br.suite.imports.ImportFixtures.counts;
import static br.suite.imports.ImportFixtures.provider;
import static br.suite.imports.ImportFixtures.transactions;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code POST /api/prepare-statement-import}: OFX, OFC and CSV files detected from their
 * content, one prepared import per account, each confirmed with op 7 as it is; confirming
 * the same file again changes nothing.
 */
class StatementImportApiTests extends ApiTest {

	static Response prepareStatement(Api api, byte[] file, String query) {
		return api.sendBytes("POST", "/api/prepare-statement-import" + query, file, "application/octet-stream");
	}

	static JsonNode statements(Api api, byte[] file, String query) {
		Response response = prepareStatement(api, file, query);
		assertThat(response.status()).as(response.toString()).isEqualTo(200);
		assertThat(response.json().propertyNames()).containsExactly("statements");
		return response.json().get("statements");
	}

	@Test
	void preparesAnOfxConfirmsItAndConfirmingItAgainChangesNothing() {
		String provider = provider();
		byte[] file = OfxFiles.itau("USASCII", "1252", OfxFiles.WINDOWS_1252);
		JsonNode statements = statements(this.api, file, "?provider=" + provider + "&file_name=extrato.ofx");
		assertThat(statements).hasSize(1);
		JsonNode prepared = statements.get(0);
		assertThat(prepared.propertyNames()).containsExactly("groups", "import_metadata", "delete_period",
				"generate_logs", "preview", "errors", "ignored_rows", "format");
		JsonNode format = prepared.get("format");
		assertThat(format.get("format").asString()).isEqualTo("ofx");
		assertThat(format.get("version").asString()).isEqualTo("102");
		assertThat(format.get("charset").asString()).isEqualTo("windows-1252");
		assertThat(format.get("charset_reason").asString()).contains("not valid UTF-8");
		assertThat(format.get("declared_charset").asString()).isEqualTo("ENCODING:USASCII CHARSET:1252");
		assertThat(format.get("bank_id").asString()).isEqualTo("0341");
		assertThat(format.get("branch_id").asString()).isEqualTo("1234");
		assertThat(format.get("account").asString()).isEqualTo("56789-0");
		assertThat(format.get("account_type").asString()).isEqualTo("CHECKING");
		assertThat(format.get("currency").asString()).isEqualTo("BRL");
		assertThat(format.get("period_start").asString()).isEqualTo("2026-03-01");
		assertThat(format.get("period_end").asString()).isEqualTo("2026-03-31");
		assertThat(format.get("balance").toString()).isEqualTo("{\"amount\":\"23254.66\",\"date\":\"2026-03-31\"}");
		assertThat(format.get("csv").isNull()).isTrue();
		JsonNode metadata = prepared.get("import_metadata");
		assertThat(metadata.get("provider").asString()).isEqualTo(provider);
		assertThat(metadata.get("account_id").asString()).isEqualTo("0341-1234-56789-0");
		assertThat(metadata.get("file_name").asString()).isEqualTo("extrato.ofx");
		assertThat(metadata.get("row_count").asInt()).isEqualTo(4);
		assertThat(prepared.get("errors")).isEmpty();
		JsonNode march = prepared.get("groups").get("2026-03");
		assertThat(march).hasSize(4);
		JsonNode pix = march.get(0);
		assertThat(pix.get("external_id").asString()).isEqualTo("20260302001");
		assertThat(pix.get("transaction_date").asString()).isEqualTo("2026-03-02");
		assertThat(pix.get("posted_at").asString()).isEqualTo("2026-03-02T13:00:00.000Z");
		assertThat(pix.get("end_to_end_id").asString()).isEqualTo("E60746948202603021000abcdefghijk");
		assertThat(pix.get("bank_reference_id").asString()).isEqualTo("000123");
		assertThat(pix.get("payer_name").asString()).isEqualTo("PIX RECEBIDO");
		assertThat(pix.get("line").asInt()).isEqualTo(40);
		assertThat(prepared.get("preview").get(0).get("would_insert").asInt()).isEqualTo(4);
		assertThat(transactions(this.api, provider)).as("prepare writes nothing").isEmpty();

		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(4, 0, 0, 0, 1));
		JsonNode again = statements(this.api, file, "?provider=" + provider).get(0);
		assertThat(again.get("preview").get(0).get("would_skip").asInt()).isEqualTo(4);
		assertThat(counts(confirmed(this.api, again))).isEqualTo(counts(0, 0, 4, 0, 1));
		JsonNode stored = transactions(this.api, provider);
		assertThat(stored).hasSize(4);
		assertThat(stored.get(0).get("account_id").asString()).isEqualTo("0341-1234-56789-0");
	}

	@Test
	void blankAndRepeatedFitidsReimportWithoutDuplicates() {
		String provider = provider();
		JsonNode prepared = statements(this.api, OfxFiles.blankAndRepeatedFitids(), "?provider=" + provider).get(0);
		assertThat(prepared.get("errors")).isEmpty();
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(5, 0, 0, 0, 1));
		JsonNode again = statements(this.api, OfxFiles.blankAndRepeatedFitids(), "?provider=" + provider).get(0);
		assertThat(counts(confirmed(this.api, again))).isEqualTo(counts(0, 0, 5, 0, 1));
		assertThat(transactions(this.api, provider)).hasSize(5);
	}

	@Test
	void twoAccountsAreTwoPreparedImportsEachConfirmedOnItsOwn() {
		String provider = provider();
		JsonNode statements = statements(this.api, OfxFiles.twoAccounts(), "?provider=" + provider);
		assertThat(statements).hasSize(2);
		List<String> accounts = new ArrayList<>();
		statements.forEach(s -> accounts.add(s.get("import_metadata").get("account_id").asString()));
		assertThat(accounts).containsExactly("237-1111-22222-3", "237-1111-33333-4");
		assertThat(counts(confirmed(this.api, statements.get(0)))).isEqualTo(counts(2, 0, 0, 0, 1));
		assertThat(counts(confirmed(this.api, statements.get(1)))).isEqualTo(counts(1, 0, 0, 0, 1));
		JsonNode again = statements(this.api, OfxFiles.twoAccounts(), "?provider=" + provider);
		assertThat(counts(confirmed(this.api, again.get(0)))).isEqualTo(counts(0, 0, 2, 0, 1));
		assertThat(counts(confirmed(this.api, again.get(1)))).isEqualTo(counts(0, 0, 1, 0, 1));
		assertThat(transactions(this.api, provider)).hasSize(3);

		Response oneAccountForTwo = prepareStatement(this.api, OfxFiles.twoAccounts(), "?account_id=x");
		assertThat(oneAccountForTwo.status()).isEqualTo(400);
		assertThat(oneAccountForTwo.json().get("errors").get("account_id").get(0).asString()).contains("2 accounts");
	}

	@Test
	void aBalanceOnlyFileHasNothingToConfirmButItsBalance() {
		String provider = provider();
		JsonNode prepared = statements(this.api, OfxFiles.balanceOnly(), "?provider=" + provider).get(0);
		assertThat(prepared.get("groups").toString()).isEqualTo("{}");
		assertThat(prepared.get("preview")).isEmpty();
		assertThat(prepared.get("errors")).isEmpty();
		assertThat(prepared.get("import_metadata").get("row_count").asInt()).isZero();
		assertThat(prepared.get("format").get("balance").get("amount").asString()).isEqualTo("-1520.33");
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(0, 0, 0, 0, 1));
		assertThat(transactions(this.api, provider)).isEmpty();
	}

	@Test
	void ofcAndOfx2AreReadByTheirContentWhateverTheName() {
		String provider = provider();
		Response ofc = ImportFixtures.prepareMultipart(this.api, OfxFiles.ofc(), "extrato.csv",
				Map.of("provider", provider), "/api/prepare-statement-import");
		assertThat(ofc.status()).as(ofc.toString()).isEqualTo(200);
		JsonNode bb = ofc.json().get("statements").get(0);
		assertThat(bb.get("format").get("format").asString()).isEqualTo("ofc");
		assertThat(bb.get("import_metadata").get("file_name").asString()).isEqualTo("extrato.csv");
		assertThat(counts(confirmed(this.api, bb))).isEqualTo(counts(2, 0, 0, 0, 1));
		JsonNode again = ImportFixtures
			.prepareMultipart(this.api, OfxFiles.ofc(), "extrato.ofc", Map.of("provider", provider),
					"/api/prepare-statement-import")
			.json()
			.get("statements")
			.get(0);
		assertThat(counts(confirmed(this.api, again))).isEqualTo(counts(0, 0, 2, 0, 1));

		String xmlProvider = provider();
		JsonNode xml = statements(this.api, OfxFiles.xml(), "?provider=" + xmlProvider);
		assertThat(xml).hasSize(2);
		assertThat(xml.get(0).get("format").get("version").asString()).isEqualTo("211");
		assertThat(xml.get(0).get("groups").get("2026-03").get(0).get("end_to_end_id").asString())
			.isEqualTo("E18236120202603010430s012345678A");
		assertThat(xml.get(1).get("format").get("account_type").asString()).isEqualTo("CREDITCARD");
		assertThat(counts(confirmed(this.api, xml.get(0)))).isEqualTo(counts(2, 0, 0, 0, 1));
	}

	@Test
	void unreadableRecordsAreListedAndTheOthersConfirmed() {
		String provider = provider();
		JsonNode prepared = statements(this.api, OfxFiles.unreadableRecords(), "?provider=" + provider).get(0);
		assertThat(prepared.get("errors").toString()).contains("{\"row\":46,\"column\":\"TRNAMT\"",
				"{\"row\":54,\"column\":\"DTPOSTED\"");
		assertThat(prepared.get("groups").get("2026-03")).hasSize(1);
		assertThat(prepared.get("import_metadata").get("row_count").asInt()).isEqualTo(3);
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(1, 0, 0, 0, 1));
	}

	@Test
	void badFilesAre400sThatNameTheProblem() {
		Response dollars = prepareStatement(this.api, OfxFiles.dollars(), "");
		assertThat(dollars.status()).isEqualTo(400);
		assertThat(dollars.json().get("errors").get("file").get(0).asString()).contains("USD")
			.contains("só se importam extratos em reais");
		Response xxe = prepareStatement(this.api, OfxFiles.xxe(), "");
		assertThat(xxe.status()).isEqualTo(400);
		assertThat(xxe.json().get("errors").get("file").get(0).asString()).contains("DOCTYPE").contains("recusado");
		byte[] truncated = new String(OfxFiles.twoAccounts(), StandardCharsets.US_ASCII).substring(0, 900)
			.getBytes(StandardCharsets.US_ASCII);
		Response broken = prepareStatement(this.api, truncated, "");
		assertThat(broken.status()).isEqualTo(400);
		assertThat(broken.json().get("errors").get("file").get(0).asString()).startsWith("não é um OFX legível")
			.doesNotContain("Exception")
			.doesNotContain("Unexpected");
		Response empty = prepareStatement(this.api, new byte[0], "");
		assertThat(empty.status()).isEqualTo(400);
		Response form = this.api.sendBytes("POST", "/api/prepare-statement-import",
				"a=b".getBytes(StandardCharsets.US_ASCII), "application/x-www-form-urlencoded");
		assertThat(form.status()).isEqualTo(415);
	}

	@Test
	void aCsvFileIsPreparedAsByTheCsvRouteWithItsFormatInside() {
		String provider = provider();
		JsonNode statements = statements(this.api, Statements.bankExport1252(),
				"?provider=" + provider + "&account_id=0001-67890");
		assertThat(statements).hasSize(1);
		JsonNode prepared = statements.get(0);
		JsonNode format = prepared.get("format");
		assertThat(format.get("format").asString()).isEqualTo("csv");
		assertThat(format.get("charset").asString()).isEqualTo("windows-1252");
		assertThat(format.get("csv").get("delimiter").asString()).isEqualTo(";");
		assertThat(prepared.get("groups").get("2026-03")).hasSize(5);
		assertThat(prepared.get("import_metadata").get("account_id").asString()).isEqualTo("0001-67890");
		JsonNode viaCsvRoute = ImportFixtures.prepared(this.api, Statements.bankExport1252(),
				"?provider=" + provider + "&account_id=0001-67890");
		assertThat(prepared.get("groups")).isEqualTo(viaCsvRoute.get("groups"));
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(5, 0, 0, 0, 1));
		assertThat(confirm(this.api, prepared).json().get("skipped_count").asInt()).isEqualTo(5);
	}

	@Test
	void aCnabReturnFileCreditsTheCollectionAccountAndPaysTheChargeByItsNossoNumero() {
		String provider = provider();
		String number = String.format("%011d", System.nanoTime() % 100_000_000_000L);
		CnabFiles.Bank bradesco = CnabFiles.bank("bradesco");
		CnabFiles.Bank bank = new CnabFiles.Bank(bradesco.code(), bradesco.slug(), bradesco.agreement240At(),
				bradesco.agreement240(), bradesco.nosso240At(), bradesco.nosso240(), false,
				bradesco.expectedAgreement240(), '1', bradesco.agreement400At(), bradesco.agreement400(),
				bradesco.nosso400At(), number + "P", "06", "03", "09", 176, 13, 296, bradesco.expectedAgreement400(),
				number.replaceFirst("^0+", ""));
		Response charge = this.api.post("/api/finance/charges/",
				"{\"kind\":\"boleto\",\"amount\":\"150.00\",\"nosso_numero\":\"" + bank.expectedNosso() + "\"}");
		assertThat(charge.status()).as(charge.toString()).isEqualTo(201);
		long chargeId = charge.json().get("id").asLong();

		JsonNode statements = statements(this.api, CnabFiles.cnab400(bank), "?provider=" + provider);
		assertThat(statements).hasSize(1);
		JsonNode prepared = statements.get(0);
		JsonNode format = prepared.get("format");
		assertThat(format.get("format").asString()).isEqualTo("cnab400");
		assertThat(format.get("bank_id").asString()).isEqualTo("237");
		assertThat(format.get("account").asString()).isEqualTo("4567890");
		assertThat(format.get("account_type").asString()).isEqualTo("collection");
		assertThat(prepared.get("import_metadata").get("account_id").asString()).isEqualTo("4567890");
		assertThat(prepared.get("ignored_rows")).hasSize(2);
		JsonNode row = prepared.get("groups").get("2026-03").get(0);
		assertThat(row.get("bank_reference_id").asString()).isEqualTo(bank.expectedNosso());
		assertThat(row.get("amount").asString()).isEqualTo("150.00");
		assertThat(row.get("transaction_date").asString()).isEqualTo("2026-03-06");
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(2, 0, 0, 0, 1));
		JsonNode paid = this.api.get("/api/finance/charges/" + chargeId + "/").json();
		assertThat(paid.get("status").asString()).as(paid.toString()).isEqualTo("paid");

		JsonNode again = statements(this.api, CnabFiles.cnab400(bank), "?provider=" + provider).get(0);
		assertThat(counts(confirmed(this.api, again))).isEqualTo(counts(0, 0, 2, 0, 1));
		assertThat(transactions(this.api, provider)).hasSize(2);

		String defaults = statements(this.api, CnabFiles.cnab240(CnabFiles.bank("santander")), "").get(0)
			.get("import_metadata")
			.toString();
		assertThat(defaults).contains("\"provider\":\"cnab_santander\"", "\"account_id\":\"123456789012345\"");
	}

	@Test
	void anOfxNested2000DeepIsA400OnFileAndWritesNothing() {
		String provider = provider();
		Response deep = prepareStatement(this.api, OfxFiles.nested(2000), "?provider=" + provider);
		assertThat(deep.status()).as(deep.toString()).isEqualTo(400);
		assertThat(deep.json().get("errors").propertyNames()).containsExactly("file");
		assertThat(deep.json().get("errors").get("file").get(0).asString()).contains("aninham mais de 64 níveis");
		assertThat(transactions(this.api, provider)).isEmpty();
	}

	@Test
	void bradescosOfcWithoutAnAccountTakesTheRequestsOrNamesAccountId() {
		String provider = provider();
		byte[] file = OfxFiles.bradescoOfc(provider);
		Response noAccount = prepareStatement(this.api, file, "?provider=" + provider);
		assertThat(noAccount.status()).as(noAccount.toString()).isEqualTo(400);
		assertThat(noAccount.json().get("errors").propertyNames()).containsExactly("account_id");
		assertThat(noAccount.json().get("errors").get("account_id").get(0).asString()).contains("não diz de que conta");
		assertThat(transactions(this.api, provider)).isEmpty();

		JsonNode prepared = statements(this.api, file, "?provider=" + provider + "&account_id=237-1234-56789").get(0);
		assertThat(prepared.get("errors")).isEmpty();
		assertThat(prepared.get("format").get("format").asString()).isEqualTo("ofc");
		assertThat(prepared.get("format").get("balance").get("amount").asString()).isEqualTo("2345.10");
		JsonNode march = prepared.get("groups").get("2026-03");
		assertThat(march).hasSize(2);
		assertThat(march.get(0).get("external_id").asString()).isEqualTo(provider + " 0001");
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(2, 0, 0, 0, 1));
		JsonNode again = statements(this.api, file, "?provider=" + provider + "&account_id=237-1234-56789").get(0);
		assertThat(counts(confirmed(this.api, again))).isEqualTo(counts(0, 0, 2, 0, 1));
		JsonNode stored = transactions(this.api, provider);
		assertThat(stored).hasSize(2);
		assertThat(stored.get(0).get("account_id").asString()).isEqualTo("237-1234-56789");

		PreparedImports.Prepared page = this.desk.prepare(file, "EXTRATO.OFC", provider, "237-1234-56789", ADMIN);
		assertThat(page.accountId()).isEqualTo("237-1234-56789");
		assertThatThrownBy(() -> this.desk.prepare(file, "EXTRATO.OFC", provider, "", ADMIN))
			.isInstanceOfSatisfying(InvalidRequest.class, ex -> assertThat(ex.errors()).containsOnlyKeys("account_id"));
	}

	/**
	 * One bank's return file for the walk: the nosso número as its layout writes it and
	 * as the boleto prints it, the amount the title's charge is paid with.
	 */
	record Walk(String name, byte[] file, String printed, String stored, String paid) {
	}

	static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> walks() {
		return walkFiles().stream()
			.map(w -> org.junit.jupiter.params.provider.Arguments.of(w.name(), w.file(), w.printed(), w.stored(),
					w.paid()));
	}

	static List<Walk> walkFiles() {
		// Each bank's own number: one stored form must match one charge only.
		long n = 1_000_000L + System.nanoTime() % 3_000_000L;
		long s = n + 3_000_000L;
		long c = n + 6_000_000L;
		String seven = String.format("%07d", c);
		String bbNumber = "3294860" + String.format("%010d", n);
		CnabFiles.Bank bb = CnabFiles.bank("bb").withNosso(bbNumber, bbNumber, bbNumber);
		String bb400Number = "3294860" + String.format("%010d", n + 1);
		CnabFiles.Bank bb400 = CnabFiles.bank("bb").withNosso(bb400Number, bb400Number, bb400Number);
		String caixaNumber = "24" + String.format("%015d", 11_000_000L + n);
		CnabFiles.Bank caixa = CnabFiles.bank("caixa").withNosso(caixaNumber, caixaNumber, caixaNumber);
		String itauNumber = String.format("%08d", n);
		CnabFiles.Bank itau = CnabFiles.bank("itau").withNosso("109" + itauNumber + "5", itauNumber, String.valueOf(n));
		String santanderNumber = String.format("%012d", s);
		CnabFiles.Bank santander = CnabFiles.bank("santander")
			.withNosso(santanderNumber + "3", santanderNumber.substring(5) + "3", String.valueOf(s));
		CnabFiles.Bank sicoob = CnabFiles.bank("sicoob")
			.withNosso("00" + seven + "4", "0000" + seven + "4", String.valueOf(c));
		return List.of(new Walk("bb 240", CnabFiles.cnab240(bb), bbNumber, bbNumber, "150.00"),
				new Walk("bb 400", CnabFiles.cnab400(bb400), bb400Number, bb400Number, "150.00"),
				new Walk("caixa 240", CnabFiles.cnab240(caixa),
						caixaNumber.substring(0, 2) + "/" + caixaNumber.substring(2) + "-7", caixaNumber, "150.00"),
				new Walk("itau 400", CnabFiles.cnab400(itau), "109/" + itauNumber + "-5", String.valueOf(n), "152.50"),
				new Walk("santander 240 trimmed", CnabFiles.trimmed(CnabFiles.cnab240(santander)),
						santanderNumber + "-3", String.valueOf(s), "150.00"),
				new Walk("sicoob 240 trimmed", CnabFiles.trimmed(CnabFiles.cnab240(sicoob)), seven + "-4",
						String.valueOf(c), "150.00"));
	}

	@org.junit.jupiter.params.ParameterizedTest(name = "{0}")
	@org.junit.jupiter.params.provider.MethodSource("walks")
	void aReturnFilePaysTheChargeCreatedWithTheNumberAsTheBoletoPrintsIt(String name, byte[] file, String printed,
			String stored, String paid) {
		String slug = name.substring(0, name.indexOf(' '));
		Response charge = this.api.post("/api/finance/charges/", "{\"kind\":\"boleto\",\"provider\":\"cnab_" + slug
				+ "\",\"amount\":\"" + paid + "\",\"nosso_numero\":\"" + printed + "\"}");
		assertThat(charge.status()).as(charge.toString()).isEqualTo(201);
		assertThat(charge.json().get("nosso_numero").asString()).isEqualTo(stored);
		long chargeId = charge.json().get("id").asLong();

		String provider = provider();
		JsonNode prepared = statements(this.api, file, "?provider=" + provider).get(0);
		assertThat(prepared.get("errors")).as(prepared.toString()).isEmpty();
		JsonNode march = prepared.get("groups").get("2026-03");
		assertThat(march).hasSize(2);
		assertThat(march.get(0).get("bank_reference_id").asString()).isEqualTo(stored);
		assertThat(march.get(0).get("amount").asString()).isEqualTo(paid);
		assertThat(march.get(1).get("direction").asString()).isEqualTo("debit");
		assertThat(march.get(1).get("amount").asString()).isEqualTo("2.50");
		assertThat(counts(confirmed(this.api, prepared))).isEqualTo(counts(2, 0, 0, 0, 1));
		JsonNode after = this.api.get("/api/finance/charges/" + chargeId + "/").json();
		assertThat(after.get("status").asString()).as(after.toString()).isEqualTo("paid");
		assertThat(after.get("paid_amount").asString()).isEqualTo(paid);

		JsonNode again = statements(this.api, file, "?provider=" + provider).get(0);
		assertThat(counts(confirmed(this.api, again))).isEqualTo(counts(0, 0, 2, 0, 1));
		assertThat(transactions(this.api, provider)).hasSize(2);
		assertThat(this.api.get("/api/finance/charges/" + chargeId + "/").json().get("paid_amount").asString())
			.isEqualTo(paid);
	}

	@Test
	void aPatchNormalisesTheNossoNumeroForTheChargesBankAndRefusesAnotherBanksForm() {
		Response charge = this.api.post("/api/finance/charges/", "{\"kind\":\"boleto\",\"amount\":\"10.00\"}");
		long id = charge.json().get("id").asLong();
		Response patched = this.api.patch("/api/finance/charges/" + id + "/",
				"{\"provider\":\"cnab_caixa\",\"nosso_numero\":\"14/000000000000321-9\"}");
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		assertThat(patched.json().get("nosso_numero").asString()).isEqualTo("14000000000000321");
		Response wrong = this.api.patch("/api/finance/charges/" + id + "/",
				"{\"provider\":\"cnab_sicoob\",\"nosso_numero\":\"14/000000000000321-9\"}");
		assertThat(wrong.status()).isEqualTo(400);
		assertThat(wrong.json().get("errors").propertyNames()).containsExactly("nosso_numero");
		JsonNode unchanged = this.api.get("/api/finance/charges/" + id + "/").json();
		assertThat(unchanged.get("provider").asString()).isEqualTo("cnab_caixa");
		assertThat(unchanged.get("nosso_numero").asString()).isEqualTo("14000000000000321");
	}

	@Autowired
	PreparedImports desk;

	private static final CurrentUser ADMIN = new CurrentUser(1, "admin", Set.of("*"));

	@Test
	void theWebWizardsDeskReadsTheSameFiles() {
		String provider = provider();
		PreparedImports.Prepared ofx = this.desk.prepare(OfxFiles.itau("USASCII", "1252", OfxFiles.WINDOWS_1252),
				"extrato.ofx", provider, "", ADMIN);
		assertThat(ofx.accountId()).isEqualTo("0341-1234-56789-0");
		assertThat(ofx.validRows()).isEqualTo(4);
		assertThat(ofx.months()).hasSize(1);
		PreparedImports.Prepared byDefault = this.desk.prepare(CnabFiles.cnab400(CnabFiles.bank("caixa")), "RET.ret",
				"csv", " ", ADMIN);
		assertThat(byDefault.provider()).as("the form's default provider means the file's own").isEqualTo("cnab_caixa");
		assertThat(byDefault.ignored()).hasSize(2);
		PreparedImports.Prepared named = this.desk.prepare(OfxFiles.ofc(), "extrato.ofc", provider, "bb-conta", ADMIN);
		assertThat(named.accountId()).isEqualTo("bb-conta");
		assertThat(named.months().get(0).wouldInsert()).isEqualTo(2);
		PreparedImports.Prepared csv = this.desk.prepare(Statements.bankExport1252(), "extrato.csv", provider, "",
				ADMIN);
		assertThat(csv.provider()).isEqualTo(provider);
		assertThat(csv.validRows()).isEqualTo(5);
		assertThatThrownBy(() -> this.desk.prepare(OfxFiles.twoAccounts(), "duas.ofx", provider, "", ADMIN))
			.isInstanceOf(InvalidRequest.class)
			.hasMessageContaining("2 contas");
	}

}
