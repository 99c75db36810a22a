package br.suite.finance;

import java.math.BigDecimal;

import org.junit.jupiter.api.Test;

import br.suite.finance.charge.BrCode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The BR Code against the Central Bank's published examples (Manual de Padrões para
 * Iniciação do Pix, as quoted in shared/reference/pix-api.md § 8).
 */
class BrCodeTests {

	static final String KEY = "123e4567-e12b-12d1-a456-426655440000";

	@Test
	void crcIsCcittFalse() {
		assertThat(BrCode.crc16("123456789")).isEqualTo("29B1");
	}

	@Test
	void staticExampleOfTheManual() {
		assertThat(BrCode.staticCode(KEY, null, "Fulano de Tal", "BRASILIA", null))
			.isEqualTo("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"
					+ "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D");
	}

	@Test
	void dynamicExampleOfTheManual() {
		assertThat(BrCode.dynamicCode("pix.example.com/8b3da2f39a4140d1a91abd93113bd441", "Fulano de Tal", "BRASILIA"))
			.isEqualTo("00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441"
					+ "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4");
		assertThat(BrCode.dynamicCode("https://pix.example.com/8b3da2f39a4140d1a91abd93113bd441", "Fulano de Tal",
				"BRASILIA"))
			.endsWith("630464E4");
	}

	@Test
	void theManualsOtherExamplesCarryValidCrcs() {
		// Composite and multi-arrangement codes (fields Suite does not write): the CRC
		// routine agrees with the manual's.
		assertThat(BrCode.crcValid("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"
				+ "5204000053039865406100.505802BR5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix"
				+ "2552pix.example.com/rec/2353c790eefb11eaadc10242ac12000263042875"))
			.isTrue();
		assertThat(BrCode.crcValid("00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-"
				+ "42665544000027300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR"
				+ "6008BRASILIA61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38"))
			.isTrue();
		assertThat(BrCode.crcValid("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000"
				+ "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3E"))
			.isFalse();
	}

	@Test
	void amountAndReferenceGoIn54And62() {
		String code = BrCode.staticCode(KEY, new BigDecimal("123.45"), "Fulano de Tal", "BRASILIA", "FAT2026000123");
		assertThat(code).isEqualTo("00020126580014br.gov.bcb.pix0136" + KEY + "52040000530398654061"
				+ "23.455802BR5913Fulano de Tal6008BRASILIA62170513FAT2026000123" + "6304"
				+ code.substring(code.length() - 4));
		assertThat(BrCode.crcValid(code)).isTrue();
	}

	@Test
	void namesAreAsciiAndCut() {
		String code = BrCode.staticCode(KEY, new BigDecimal("1"), "Padaria São João de Ávila Ltda",
				"São José dos Campos", null);
		assertThat(code).contains("5925Padaria Sao Joao de Avila").contains("6015Sao Jose dos Ca");
		assertThat(code).contains("54041.00");
	}

	@Test
	void valuesThatDoNotFitAreRefused() {
		assertThatThrownBy(() -> BrCode.staticCode(KEY, null, "A", "B", "a".repeat(26)))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> BrCode.staticCode(KEY, null, "A", "B", "FAT-1"))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> BrCode.staticCode("x".repeat(78), null, "A", "B", null))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> BrCode.staticCode(KEY, BigDecimal.ZERO, "A", "B", null))
			.isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> BrCode.staticCode(KEY, null, "\u2603", "B", null))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("empty");
	}

}
