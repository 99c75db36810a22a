package br.suite.finance;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;

import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.RGBLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import br.suite.finance.ingest.TransactionWriter;
import br.suite.Api.Response;
import br.suite.ApiTest;
import br.suite.finance.charge.BrCode;
import tools.jackson.databind.JsonNode;

import static br.suite.finance.FinanceFixtures.importId;
import static br.suite.finance.FinanceFixtures.provider;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A pix charge's static BR Code: its reference, the QR code image, and the automatic
 * matching of the Pix that pays through it.
 */
class ChargeQrCodeApiTests extends ApiTest {

	static final String CHARGES = "/api/finance/charges/";

	@Autowired
	TransactionWriter ledger;

	/**
	 * Reads the image as what it is, a pure code on its quiet zone. ZXing's camera
	 * detector (no hint) misses about 1.7 % of perfect generated codes, a false finder
	 * pattern in the data (zxing/zxing#410, #1623: phones read them); with the hint every
	 * one of 3 000 random references read back exactly.
	 */
	static String decode(byte[] png) throws Exception {
		BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
		int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
		return new QRCodeReader()
			.decode(new BinaryBitmap(
					new HybridBinarizer(new RGBLuminanceSource(image.getWidth(), image.getHeight(), pixels))),
					Map.of(DecodeHintType.PURE_BARCODE, Boolean.TRUE))
			.getText();
	}

	long charge(String json) {
		Response created = this.api.post(CHARGES, json);
		assertThat(created.status()).as(created.toString()).isEqualTo(201);
		return created.id();
	}

	@Test
	void aPixChargeGetsAReferenceOthersDoNot() {
		JsonNode pix = this.api.get(CHARGES + charge("{\"kind\":\"pix\",\"amount\":\"10\"}") + "/").json();
		assertThat(pix.get("pix_reference").asString()).matches("[A-Z0-9]{25}");
		long boleto = charge("{\"kind\":\"boleto\",\"amount\":\"10\"}");
		assertThat(this.api.get(CHARGES + boleto + "/").json().get("pix_reference").asString()).isEmpty();
		// Becoming pix gives it one; a read-only field sent by the client is ignored.
		Response patched = this.api.patch(CHARGES + boleto + "/", "{\"kind\":\"pix\",\"pix_reference\":\"X\"}");
		assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
		String reference = patched.json().get("pix_reference").asString();
		assertThat(reference).matches("[A-Z0-9]{25}");
		// …and keeps it.
		assertThat(this.api.patch(CHARGES + boleto + "/", "{\"description\":\"x\"}")
			.json()
			.get("pix_reference")
			.asString()).isEqualTo(reference);
	}

	@Test
	void theQrCodeCarriesKeyOpenAmountAndReferenceAndItsPixIsMatched() throws Exception {
		long id = charge("{\"kind\":\"pix\",\"amount\":\"150.5\",\"description\":\"Mensalidade\"}");
		String reference = this.api.get(CHARGES + id + "/").json().get("pix_reference").asString();
		Response png = this.api.get(CHARGES + id + "/qrcode.png");
		assertThat(png.status()).as(png.toString()).isEqualTo(200);
		assertThat(png.contentType()).isEqualTo("image/png");
		String code = decode(png.bytes());
		assertThat(code).startsWith("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000")
			.contains("5406150.50")
			.contains("5921Padaria Sao Joao Ltda6009Sao Paulo")
			.contains("62290525" + reference)
			.endsWith("6304" + BrCode.crc16(code.substring(0, code.length() - 4)));

		// The Pix paid through it arrives with the reference as its txid.
		String provider = provider();
		this.ledger.upsert(importId(),
				List.of(new TransactionRow(provider, "", "E" + reference + "ABCDEF", LocalDate.now(), null,
						new BigDecimal("150.50"), "credit", "settled", "PIX", "", "", reference, "", "", "")));
		Response run = this.api.post("/api/finance/reconciliation/run/",
				"{\"date_from\":\"" + LocalDate.now().minusDays(1) + "\",\"date_to\":\"" + LocalDate.now().plusDays(1)
						+ "\",\"provider\":\"" + provider + "\"}");
		assertThat(run.status()).as(run.toString()).isEqualTo(200);
		assertThat(run.json().get("by_rule").get("txid").asInt()).isEqualTo(1);
		assertThat(this.api.get(CHARGES + id + "/").json().get("status").asString()).isEqualTo("paid");

		// Nothing left to pay: no code.
		Response paid = this.api.get(CHARGES + id + "/qrcode.png");
		assertThat(paid.status()).as(paid.toString()).isEqualTo(409);
		assertThat(paid.json().get("detail").asString()).contains("nothing is open");
	}

	@Test
	void noQrCodeForOtherKindsCancelledOrMissingCharges() {
		long boleto = charge("{\"kind\":\"boleto\",\"amount\":\"10\"}");
		Response notPix = this.api.get(CHARGES + boleto + "/qrcode.png");
		assertThat(notPix.status()).as(notPix.toString()).isEqualTo(409);
		assertThat(notPix.json().get("detail").asString()).contains("not pix");
		long cancelled = charge("{\"kind\":\"pix\",\"amount\":\"10\"}");
		assertThat(this.api.post(CHARGES + cancelled + "/cancel/", "").status()).isEqualTo(200);
		assertThat(this.api.get(CHARGES + cancelled + "/qrcode.png").status()).isEqualTo(409);
		assertThat(this.api.get(CHARGES + "999999999/qrcode.png").status()).isEqualTo(404);
		assertThat(signedInWith().get(CHARGES + cancelled + "/qrcode.png").status()).isEqualTo(403);
	}

}
