package br.suite.imports;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * OFX and OFC files shaped like Brazilian internet banking exports, byte for byte: SGML
 * without closing tags and CRLF, headers whose CHARSET does not match the bytes, zones
 * written [-3:BRT] or [-03:EST], amounts with a comma, FITIDs blank or repeated, several
 * accounts, a balance-only file, OFX 2 XML and Banco do Brasil's OFC.
 */
final class OfxFiles {

	static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

	private OfxFiles() {
	}

	static String v1Header(String encoding, String charset) {
		return String.join("\r\n", "OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE",
				"ENCODING:" + encoding, "CHARSET:" + charset, "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE",
				"", "");
	}

	static String signOn() {
		return String.join("\r\n", "<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO",
				"</STATUS>", "<DTSERVER>20260331120000[-3:BRT]", "<LANGUAGE>POR", "</SONRS>", "</SIGNONMSGSRSV1>", "");
	}

	static String statementStart(String bank, String branch, String account, String currency) {
		return String.join("\r\n", "<STMTTRNRS>", "<TRNUID>1001", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
				"<STMTRS>", "<CURDEF>" + currency, "<BANKACCTFROM>", "<BANKID>" + bank, "<BRANCHID>" + branch,
				"<ACCTID>" + account, "<ACCTTYPE>CHECKING", "</BANKACCTFROM>", "");
	}

	static String statementEnd(String balance) {
		return String.join("\r\n", "<LEDGERBAL>", "<BALAMT>" + balance, "<DTASOF>20260331", "</LEDGERBAL>", "</STMTRS>",
				"</STMTTRNRS>", "");
	}

	/** An SGML transaction without closing tags; null elements are left out. */
	static String trn(String type, String posted, String amount, String fitid, String checknum, String name,
			String memo) {
		StringBuilder s = new StringBuilder(
				"<STMTTRN>\r\n<TRNTYPE>" + type + "\r\n<DTPOSTED>" + posted + "\r\n<TRNAMT>" + amount + "\r\n");
		if (fitid != null) {
			s.append("<FITID>").append(fitid).append("\r\n");
		}
		if (checknum != null) {
			s.append("<CHECKNUM>").append(checknum).append("\r\n");
		}
		if (name != null) {
			s.append("<NAME>").append(name).append("\r\n");
		}
		if (memo != null) {
			s.append("<MEMO>").append(memo).append("\r\n");
		}
		return s.append("</STMTTRN>\r\n").toString();
	}

	/**
	 * Itaú-shaped 1.02 SGML, header ENCODING:USASCII CHARSET:1252, with the given charset
	 * for the body. STMTTRN tags on lines 33, 42, 51 and 60.
	 */
	static byte[] itau(String encoding, String charset, Charset bytes) {
		String text = v1Header(encoding, charset) + signOn() + "<BANKMSGSRSV1>\r\n"
				+ statementStart("0341", "1234", "56789-0", "BRL") + "<BANKTRANLIST>\r\n<DTSTART>20260301\r\n"
				+ "<DTEND>20260331\r\n"
				+ trn("CREDIT", "20260302100000[-03:EST]", "1234.56", "20260302001", "000123", "PIX RECEBIDO",
						"PIX RECEBIDO JOSÉ DA CONCEIÇÃO E60746948202603021000abcdefghijk")
				+ trn("DEBIT", "20260303", "-389,90", "20260303002", "654321", "PAGTO BOLETO",
						"PAGTO BOLETO ENERGIA ELÉTRICA")
				+ trn("DEBIT", "20260305000000[-3:BRT]", "-45.00", "20260305003", null, "TARIFA",
						"TARIFA PACOTE SERVIÇOS")
				+ trn("CREDIT", "20260310153000.000[-3:BRT]", "12.500,00", "20260310004", null, "TED RECEBIDA",
						"TED CONSTRUÇÃO & REFORMA LTDA")
				+ "</BANKTRANLIST>\r\n" + statementEnd("23254.66") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		return text.getBytes(bytes);
	}

	/**
	 * Caixa-shaped: FITIDs blank (an empty element without a closing tag) or repeated
	 * across days (the document number), two identical fees on one day.
	 */
	static byte[] blankAndRepeatedFitids() {
		String text = v1Header("USASCII", "1252") + signOn() + "<BANKMSGSRSV1>\r\n"
				+ statementStart("104", "0987", "00012345-6", "BRL") + "<BANKTRANLIST>\r\n<DTSTART>20260301\r\n"
				+ "<DTEND>20260331\r\n" + trn("DEBIT", "20260302", "-10.00", "", null, "TARIFA", "TARIFA DOC")
				+ trn("DEBIT", "20260302", "-10.00", "", null, "TARIFA", "TARIFA DOC")
				+ trn("CREDIT", "20260303", "500.00", "000777", "000777", "DEP", "DEPOSITO")
				+ trn("CREDIT", "20260304", "250.00", "000777", "000777", "DEP", "DEPOSITO")
				+ trn("DEBIT", "20260305", "-99.90", "UNICO-1", null, "COMPRA", "COMPRA CARTAO") + "</BANKTRANLIST>\r\n"
				+ statementEnd("640.10") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Two checking accounts of one company in one file (Bradesco's multi-account export).
	 */
	static byte[] twoAccounts() {
		String text = v1Header("USASCII", "1252") + signOn() + "<BANKMSGSRSV1>\r\n"
				+ statementStart("237", "1111", "22222-3", "BRL") + "<BANKTRANLIST>\r\n<DTSTART>20260301\r\n"
				+ "<DTEND>20260331\r\n" + trn("CREDIT", "20260302", "100.00", "A1", null, "PIX", "PIX RECEBIDO")
				+ trn("DEBIT", "20260303", "-20.00", "A2", null, "TARIFA", "TARIFA") + "</BANKTRANLIST>\r\n"
				+ statementEnd("80.00") + statementStart("237", "1111", "33333-4", "BRL")
				+ "<BANKTRANLIST>\r\n<DTSTART>20260301\r\n<DTEND>20260331\r\n"
				+ trn("CREDIT", "20260304", "300.00", "B1", null, "TED", "TED RECEBIDA") + "</BANKTRANLIST>\r\n"
				+ statementEnd("300.00") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/** A balance-only file: no transactions in the period. */
	static byte[] balanceOnly() {
		String text = v1Header("USASCII", "1252") + signOn() + "<BANKMSGSRSV1>\r\n"
				+ statementStart("001", "4321-0", "98765-4", "BRL") + "<BANKTRANLIST>\r\n<DTSTART>20260301\r\n"
				+ "<DTEND>20260331\r\n</BANKTRANLIST>\r\n" + statementEnd("-1520.33") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/** A statement in dollars. */
	static byte[] dollars() {
		String text = v1Header("USASCII", "1252") + signOn() + "<BANKMSGSRSV1>\r\n"
				+ statementStart("999", "1", "US-1", "USD") + "<BANKTRANLIST>\r\n"
				+ trn("CREDIT", "20260302", "10.00", "U1", null, "WIRE", "WIRE") + "</BANKTRANLIST>\r\n"
				+ statementEnd("10.00") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Records that cannot be read between good ones: an amount that is no number (line
	 * 46), a date that does not exist (line 54).
	 */
	static byte[] unreadableRecords() {
		String text = v1Header("USASCII", "1252") + signOn() + "<BANKMSGSRSV1>\r\n"
				+ statementStart("033", "0001", "13000001-2", "BRL") + "<BANKTRANLIST>\r\n"
				+ trn("CREDIT", "20260302", "10.00", "S1", null, "PIX", "PIX")
				+ trn("CREDIT", "20260302", "dez reais", "S2", null, "PIX", "PIX")
				+ trn("CREDIT", "20260231", "30.00", "S3", null, "PIX", "PIX") + "</BANKTRANLIST>\r\n"
				+ statementEnd("40.00") + "</BANKMSGSRSV1>\r\n</OFX>\r\n";
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * OFX 2.1.1 XML (Nubank/Inter-shaped): UTF-8, closing tags, empty elements, a Pix
	 * end-to-end id in the memo, a credit card statement beside the checking one.
	 */
	static byte[] xml() {
		String text = """
				<?xml version="1.0" encoding="UTF-8" standalone="no"?>
				<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
				<OFX>
				  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
				    <DTSERVER>20260331235959[-3:BRT]</DTSERVER><LANGUAGE>POR</LANGUAGE></SONRS></SIGNONMSGSRSV1>
				  <BANKMSGSRSV1>
				    <STMTTRNRS>
				      <TRNUID>1</TRNUID>
				      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
				      <STMTRS>
				        <CURDEF>BRL</CURDEF>
				        <BANKACCTFROM><BANKID>0260</BANKID><BRANCHID>0001</BRANCHID><ACCTID>1234567-8</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
				        <BANKTRANLIST>
				          <DTSTART>20260301000000[-3:BRT]</DTSTART>
				          <DTEND>20260331235959[-3:BRT]</DTEND>
				          <STMTTRN>
				            <TRNTYPE>CREDIT</TRNTYPE>
				            <DTPOSTED>20260301013000[-03:EST]</DTPOSTED>
				            <TRNAMT>150.00</TRNAMT>
				            <FITID>65f1c0a2-0001</FITID>
				            <MEMO>Transferência recebida pelo Pix - MARIA JOSÉ - E18236120202603010430s012345678A</MEMO>
				          </STMTTRN>
				          <STMTTRN>
				            <TRNTYPE>DEBIT</TRNTYPE>
				            <DTPOSTED>20260302</DTPOSTED>
				            <TRNAMT>-42.50</TRNAMT>
				            <FITID>65f1c0a2-0002</FITID>
				            <REFNUM>REF-9</REFNUM>
				            <NAME></NAME>
				            <MEMO>Pagamento de fatura</MEMO>
				          </STMTTRN>
				        </BANKTRANLIST>
				        <LEDGERBAL><BALAMT>107.50</BALAMT><DTASOF>20260331</DTASOF></LEDGERBAL>
				      </STMTRS>
				    </STMTTRNRS>
				  </BANKMSGSRSV1>
				  <CREDITCARDMSGSRSV1>
				    <CCSTMTTRNRS>
				      <TRNUID>2</TRNUID>
				      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
				      <CCSTMTRS>
				        <CURDEF>BRL</CURDEF>
				        <CCACCTFROM><ACCTID>5555</ACCTID></CCACCTFROM>
				        <BANKTRANLIST>
				          <DTSTART>20260301</DTSTART><DTEND>20260331</DTEND>
				          <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20260305</DTPOSTED><TRNAMT>-19.90</TRNAMT><FITID>cc-1</FITID><MEMO>Streaming</MEMO></STMTTRN>
				        </BANKTRANLIST>
				        <LEDGERBAL><BALAMT>-19.90</BALAMT><DTASOF>20260331</DTASOF></LEDGERBAL>
				      </CCSTMTRS>
				    </CCSTMTTRNRS>
				  </CREDITCARDMSGSRSV1>
				</OFX>
				""";
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * Banco do Brasil's OFC 1.0: SGML without header lines, CPAGE 1252, Latin-1 bytes.
	 */
	static byte[] ofc() {
		String text = String.join("\r\n", "<OFC>", "<DTD>2", "<CPAGE>1252", "<ACCTSTMT>", "<ACCTFROM>", "<BANKID>001",
				"<BRANCHID>1234-5", "<ACCTID>12345-6", "<ACCTTYPE>0", "</ACCTFROM>", "<STMTRS>", "<DTSTART>20260301",
				"<DTEND>20260331", "<LEDGER>5100.00", "<STMTTRN>", "<TRNTYPE>0", "<DTPOSTED>20260302",
				"<TRNAMT>5000.00", "<FITID>202603020001", "<CHKNUM>000101", "<MEMO>Depósito Online", "</STMTTRN>",
				"<STMTTRN>", "<TRNTYPE>1", "<DTPOSTED>20260303", "<TRNAMT>-400.00", "<FITID>202603030001",
				"<CHKNUM>850001", "<MEMO>Pagto cobrança", "</STMTTRN>", "</STMTRS>", "</ACCTSTMT>", "</OFC>", "");
		return text.getBytes(WINDOWS_1252);
	}

	/** An OFX 2 file that declares an external entity (XXE). */
	static byte[] xxe() {
		String text = """
				<?xml version="1.0" encoding="UTF-8"?>
				<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
				<!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]>
				<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKTRANLIST><STMTTRN>
				<TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20260301</DTPOSTED><TRNAMT>1.00</TRNAMT><FITID>x</FITID><MEMO>&x;</MEMO>
				</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
				""";
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * A savings statement as a real one is written: CR-only line ends, an empty
	 * {@code <BRANCHID/>} closed the XML way inside the SGML, and a balance with a
	 * decimal comma.
	 */
	static byte[] selfClosedSavings() {
		String text = String.join("\r", "OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE",
				"ENCODING:USASCII", "CHARSET:1252", "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "",
				"<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
				"<DTSERVER>20260331120000[-3:BRT]", "<LANGUAGE>POR", "</SONRS>", "</SIGNONMSGSRSV1>", "<BANKMSGSRSV1>",
				"<STMTTRNRS>", "<TRNUID>1", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>", "<STMTRS>",
				"<CURDEF>BRL", "<BANKACCTFROM>", "<BANKID>104", "<BRANCHID/>", "<ACCTID>0013000123456",
				"<ACCTTYPE>SAVINGS", "</BANKACCTFROM>", "<BANKTRANLIST>", "<DTSTART>20260301", "<DTEND>20260331",
				"<STMTTRN>", "<TRNTYPE>CREDIT", "<DTPOSTED>20260310", "<TRNAMT>1500,00", "<FITID>SAV001",
				"<MEMO>DEPOSITO", "</STMTTRN>", "<STMTTRN>", "<TRNTYPE>CREDIT", "<DTPOSTED>20260331", "<TRNAMT>7,53",
				"<FITID>SAV002", "<MEMO>RENDIMENTO POUPANCA", "</STMTTRN>", "</BANKTRANLIST>", "<LEDGERBAL>",
				"<BALAMT>12345,67", "<DTASOF>20260331", "</LEDGERBAL>", "</STMTRS>", "</STMTTRNRS>", "</BANKMSGSRSV1>",
				"</OFX>", "");
		return text.getBytes(StandardCharsets.US_ASCII);
	}

	/**
	 * Bradesco's OFC: a MAINTRS/MAILRS block of banner lines, then TRNRS → STMTRS with a
	 * LEDGER and transactions in GENTRN blocks, FITIDs with spaces, and no account
	 * element at all. {@code fitid} makes the FITIDs unique to a test.
	 */
	static byte[] bradescoOfc(String fitid) {
		String text = String.join("\r\n", "<OFC>", "<DTD>2", "<CPAGE>1252", "<SIGNON>", "<DTSERVER>20260331",
				"</SIGNON>", "<MAINTRS>", "<MAILRS>", "<MAIL>", "<MEMO>BRADESCO - EXTRATO DE CONTA CORRENTE",
				"<MEMO>Consulte também o Bradesco Celular", "<MEMO>*******************************", "</MAIL>",
				"</MAILRS>", "</MAINTRS>", "<TRNRS>", "<STMTRS>", "<DTSTART>20260301", "<DTEND>20260331",
				"<LEDGER>2345,10", "<STMTTRN>", "<GENTRN>", "<TRNTYPE>0", "<DTPOSTED>20260302", "<TRNAMT>1500.00",
				"<FITID>" + fitid + " 0001", "<CHKNUM>1234567", "<MEMO>TRANSF CC PARA CC PJ", "</GENTRN>", "</STMTTRN>",
				"<STMTTRN>", "<GENTRN>", "<TRNTYPE>1", "<DTPOSTED>20260305", "<TRNAMT>-89.90",
				"<FITID>" + fitid + " 0002", "<CHKNUM>7654321", "<MEMO>TARIFA BANCÁRIA", "</GENTRN>", "</STMTTRN>",
				"</STMTRS>", "</TRNRS>", "</OFC>", "");
		return text.getBytes(WINDOWS_1252);
	}

	/** OFX 1.x SGML whose aggregates nest {@code depth} deep (a few KB). */
	static byte[] nested(int depth) {
		StringBuilder text = new StringBuilder(v1Header("USASCII", "1252")).append("<OFX>\r\n");
		text.append("<A>".repeat(depth));
		text.append("</A>".repeat(depth));
		return text.append("\r\n</OFX>\r\n").toString().getBytes(StandardCharsets.US_ASCII);
	}

}
