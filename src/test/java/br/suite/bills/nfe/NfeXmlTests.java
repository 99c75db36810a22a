package br.suite.bills.nfe;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import br.suite.bills.Bills;
import br.suite.bills.TestNfe;
import br.suite.shared.InvalidRequest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The XML read and its signature verified, without the service. */
class NfeXmlTests {

	@Test
	void readsTheSignedValues() {
		String company = Bills.cnpj();
		TestNfe nfe = TestNfe.to(company)
			.total("1000.00")
			.dup("001", "2027-04-05", "400.00")
			.dup("002", "2027-05-05", "600.00");
		NfeXml read = NfeXml.read(nfe.signed());
		assertThat(read.accessKey().toString()).isEqualTo(nfe.key());
		assertThat(read.number()).isEqualTo(nfe.number());
		assertThat(read.series()).isEqualTo(1);
		assertThat(read.issueDate()).hasToString("2027-03-05");
		assertThat(read.emitter()).isEqualTo(new NfeXml.Party(nfe.emitCnpj(), nfe.emitName()));
		assertThat(read.recipient().document()).isEqualTo(company);
		assertThat(read.total()).isEqualByComparingTo("1000.00");
		assertThat(read.duplicatas()).extracting(d -> d.dueDate().toString() + " " + d.amount())
			.containsExactly("2027-04-05 400.00", "2027-05-05 600.00");
		assertThat(NfeXml.read(TestNfe.to(company).bare().signed()).duplicatas()).isEmpty();
	}

	@Test
	void aChangedValueBreaksTheSignature() {
		String signed = TestNfe.to(Bills.cnpj()).signedText();
		assertThatThrownBy(() -> NfeXml
			.read(signed.replace("Farinha de trigo", "Farinha de milho").getBytes(StandardCharsets.UTF_8)))
			.isInstanceOfSatisfying(InvalidRequest.class,
					refused -> assertThat(refused.errors()).containsOnlyKeys("signature"));
	}

	@Test
	void aDoctypeIsRefusedEvenAfterALongPrologue() {
		String signed = TestNfe.to(Bills.cnpj()).signedText();
		String comment = "<!--" + "x".repeat(5000) + "-->";
		String doctype = signed.replaceFirst("\\?>", "?>" + comment + "<!DOCTYPE nfeProc [<!ENTITY e \"v\">]>");
		assertThatThrownBy(() -> NfeXml.read(doctype.getBytes(StandardCharsets.UTF_8))).isInstanceOfSatisfying(
				InvalidRequest.class, refused -> assertThat(refused.errors().get("xml").get(0)).contains("DOCTYPE"));
	}

}
