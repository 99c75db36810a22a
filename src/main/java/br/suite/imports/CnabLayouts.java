package br.suite.imports;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Where each bank writes what in its CNAB 240 and 400 return files (arquivo retorno de
 * cobrança), as data: positions are 1-based and inclusive, as the banks' manuals print
 * them. {@link CnabReader} has no branch per bank; a new bank, or a bank's variant, is a
 * new row here.
 */
final class CnabLayouts {

	private CnabLayouts() {
	}

	/** Positions {@code start}…{@code end} of a line (1-based, inclusive). */
	record Field(int start, int end) {

		String of(String line) {
			return line.length() < this.end ? "" : line.substring(this.start - 1, this.end);
		}

		@Override
		public String toString() {
			return this.start + "-" + this.end;
		}

	}

	/** What an occurrence code (código de movimento / ocorrência) means. */
	enum Kind {

		/** Paid: the money is (or will be) credited. Imported. */
		SETTLED,

		/** Refused by the bank (entrada rejeitada, instrução rejeitada). Listed. */
		REJECTED,

		/** Written off without payment (baixa). Listed. */
		WRITE_OFF,

		/** Anything else (entrada confirmada, tarifas, protesto…). Listed. */
		OTHER

	}

	record Occurrence(Kind kind, String label) {
	}

	/**
	 * How a bank writes the nosso número, and how it becomes the form charges store in
	 * {@code nosso_numero}: the title's own number, digits only, without the carteira or
	 * agreement (convênio) prefix, without the check digit and without leading zeros.
	 *
	 * @param field where it is
	 * @param checkDigit whether its last digit is a check digit (dropped)
	 * @param agreementPrefix whether it starts with the agreement (convênio), dropped
	 */
	record NossoNumero(Field field, boolean checkDigit, boolean agreementPrefix) {
	}

	/**
	 * CNAB 240, segment T (the title) and U (the amounts; the same positions for every
	 * bank: valor pago 78-92, valor líquido 93-107, data da ocorrência 138-145, data do
	 * crédito 146-153).
	 */
	record Layout240(Field agreement, NossoNumero nossoNumero, Field documentNumber, Field dueDate, Field faceValue,
			Field payerType, Field payerDocument, Field payerName, Field fee, Field reasons) {
	}

	/** CNAB 400, header (type 0) and detail (type {@code detailType}). */
	record Layout400(Field agreement, char detailType, NossoNumero nossoNumero, Field occurrence, Field occurrenceDate,
			Field documentNumber, Field dueDate, Field faceValue, Field fee, Field paid, Field creditDate,
			@Nullable Field payerName, Field reasons) {
	}

	record Bank(String code, String slug, String name, Layout240 layout240, Map<String, Occurrence> occurrences240,
			Layout400 layout400, Map<String, Occurrence> occurrences400) {
	}

	static final Field CODE_240 = new Field(1, 3);

	static final Field RECORD_TYPE_240 = new Field(8, 8);

	static final Field SEGMENT_240 = new Field(14, 14);

	static final Field MOVEMENT_240 = new Field(16, 17);

	static final Field FILE_KIND_240 = new Field(143, 143);

	static final Field GENERATED_240 = new Field(144, 151);

	static final Field LAYOUT_240 = new Field(164, 166);

	static final Field U_PAID = new Field(78, 92);

	static final Field U_NET = new Field(93, 107);

	static final Field U_OCCURRED = new Field(138, 145);

	static final Field U_CREDITED = new Field(146, 153);

	static final Field AGREEMENT_FALLBACK_240 = new Field(53, 72);

	static final Field CODE_400 = new Field(77, 79);

	static final Field GENERATED_400 = new Field(95, 100);

	/** The FEBRABAN 240 segment T as most banks write it. */
	private static Layout240 febraban240(Field agreement, NossoNumero nossoNumero) {
		return new Layout240(agreement, nossoNumero, new Field(59, 73), new Field(74, 81), new Field(82, 96),
				new Field(133, 133), new Field(134, 148), new Field(149, 188), new Field(199, 213),
				new Field(214, 223));
	}

	/**
	 * Santander's 240 segment T: agency and account are shorter, so everything after them
	 * is shifted (nosso número 41-53, the name 144-183…).
	 */
	private static final Layout240 SANTANDER_240 = new Layout240(new Field(33, 47),
			new NossoNumero(new Field(41, 53), true, false), new Field(55, 69), new Field(70, 77), new Field(78, 92),
			new Field(128, 128), new Field(129, 143), new Field(144, 183), new Field(194, 208), new Field(209, 218));

	/** FEBRABAN's códigos de movimento de retorno (240), shared by every bank here. */
	private static final Map<String, Occurrence> FEBRABAN_240 = Map.ofEntries(
			Map.entry("02", new Occurrence(Kind.OTHER, "entrada confirmada")),
			Map.entry("03", new Occurrence(Kind.REJECTED, "entrada rejeitada")),
			Map.entry("04", new Occurrence(Kind.OTHER, "transferência de carteira/entrada")),
			Map.entry("05", new Occurrence(Kind.OTHER, "transferência de carteira/baixa")),
			Map.entry("06", new Occurrence(Kind.SETTLED, "liquidação")),
			Map.entry("09", new Occurrence(Kind.WRITE_OFF, "baixa")),
			Map.entry("11", new Occurrence(Kind.OTHER, "títulos em carteira (em ser)")),
			Map.entry("12", new Occurrence(Kind.OTHER, "confirmação de recebimento de instrução de abatimento")),
			Map.entry("13", new Occurrence(Kind.OTHER, "confirmação de cancelamento de abatimento")),
			Map.entry("14", new Occurrence(Kind.OTHER, "confirmação de alteração de vencimento")),
			Map.entry("17", new Occurrence(Kind.SETTLED, "liquidação após baixa ou de título não registrado")),
			Map.entry("19", new Occurrence(Kind.OTHER, "confirmação de recebimento de instrução de protesto")),
			Map.entry("20", new Occurrence(Kind.OTHER, "confirmação de sustação de protesto")),
			Map.entry("23", new Occurrence(Kind.OTHER, "remessa a cartório")),
			Map.entry("25", new Occurrence(Kind.WRITE_OFF, "protestado e baixado")),
			Map.entry("26", new Occurrence(Kind.REJECTED, "instrução rejeitada")),
			Map.entry("27", new Occurrence(Kind.OTHER, "confirmação do pedido de alteração de outros dados")),
			Map.entry("28", new Occurrence(Kind.OTHER, "débito de tarifas/custas")),
			Map.entry("30", new Occurrence(Kind.REJECTED, "alteração de dados rejeitada")));

	/** Bradesco 400. */
	private static final Map<String, Occurrence> BRADESCO_400 = Map.ofEntries(
			Map.entry("02", new Occurrence(Kind.OTHER, "entrada confirmada")),
			Map.entry("03", new Occurrence(Kind.REJECTED, "entrada rejeitada")),
			Map.entry("06", new Occurrence(Kind.SETTLED, "liquidação normal")),
			Map.entry("09", new Occurrence(Kind.WRITE_OFF, "baixado automaticamente via arquivo")),
			Map.entry("10", new Occurrence(Kind.WRITE_OFF, "baixado conforme instruções da agência")),
			Map.entry("15", new Occurrence(Kind.SETTLED, "liquidação em cartório")),
			Map.entry("17", new Occurrence(Kind.SETTLED, "liquidação após baixa ou título não registrado")),
			Map.entry("24", new Occurrence(Kind.REJECTED, "entrada rejeitada por CEP irregular")),
			Map.entry("28", new Occurrence(Kind.OTHER, "débito de tarifas/custas")),
			Map.entry("32", new Occurrence(Kind.REJECTED, "instrução rejeitada")));

	/** Itaú 400: 07 is a partial payment, 08 paid at the notary's. */
	private static final Map<String, Occurrence> ITAU_400 = Map.ofEntries(
			Map.entry("02", new Occurrence(Kind.OTHER, "entrada confirmada")),
			Map.entry("03", new Occurrence(Kind.REJECTED, "entrada rejeitada")),
			Map.entry("06", new Occurrence(Kind.SETTLED, "liquidação normal")),
			Map.entry("07", new Occurrence(Kind.SETTLED, "liquidação parcial")),
			Map.entry("08", new Occurrence(Kind.SETTLED, "liquidação em cartório")),
			Map.entry("09", new Occurrence(Kind.WRITE_OFF, "baixa simples")),
			Map.entry("10", new Occurrence(Kind.OTHER, "baixa por ter sido liquidado")),
			Map.entry("15", new Occurrence(Kind.REJECTED, "baixa rejeitada")),
			Map.entry("16", new Occurrence(Kind.REJECTED, "instrução rejeitada")),
			Map.entry("28", new Occurrence(Kind.OTHER, "tarifa")));

	/** Santander 400. */
	private static final Map<String, Occurrence> SANTANDER_400 = Map.ofEntries(
			Map.entry("02", new Occurrence(Kind.OTHER, "entrada confirmada")),
			Map.entry("03", new Occurrence(Kind.REJECTED, "entrada rejeitada")),
			Map.entry("06", new Occurrence(Kind.SETTLED, "liquidação normal")),
			Map.entry("07", new Occurrence(Kind.SETTLED, "liquidação por conta")),
			Map.entry("08", new Occurrence(Kind.SETTLED, "liquidação por saldo")),
			Map.entry("09", new Occurrence(Kind.WRITE_OFF, "baixa automática")),
			Map.entry("10", new Occurrence(Kind.WRITE_OFF, "baixa conforme instrução")),
			Map.entry("15", new Occurrence(Kind.SETTLED, "liquidação em cartório")),
			Map.entry("17", new Occurrence(Kind.SETTLED, "liquidação após baixa")));

	/** Caixa (SIGCB) 400: liquidação is 21, not 06. */
	private static final Map<String, Occurrence> CAIXA_400 = Map.ofEntries(
			Map.entry("01", new Occurrence(Kind.OTHER, "entrada confirmada")),
			Map.entry("02", new Occurrence(Kind.WRITE_OFF, "baixa confirmada")),
			Map.entry("03", new Occurrence(Kind.OTHER, "abatimento concedido")),
			Map.entry("06", new Occurrence(Kind.OTHER, "vencimento alterado")),
			Map.entry("21", new Occurrence(Kind.SETTLED, "liquidação")),
			Map.entry("22", new Occurrence(Kind.SETTLED, "liquidação em cartório")),
			Map.entry("23", new Occurrence(Kind.WRITE_OFF, "baixa por devolução")),
			Map.entry("24", new Occurrence(Kind.REJECTED, "entrada rejeitada")),
			Map.entry("99", new Occurrence(Kind.REJECTED, "rejeição do título")));

	/** Banco do Brasil and Sicoob 400 ("comandos"). */
	private static final Map<String, Occurrence> BB_400 = Map.ofEntries(
			Map.entry("02", new Occurrence(Kind.OTHER, "confirmação de entrada de título")),
			Map.entry("03", new Occurrence(Kind.REJECTED, "comando recusado")),
			Map.entry("05", new Occurrence(Kind.SETTLED, "liquidado sem registro")),
			Map.entry("06", new Occurrence(Kind.SETTLED, "liquidação normal")),
			Map.entry("07", new Occurrence(Kind.SETTLED, "liquidação por conta")),
			Map.entry("08", new Occurrence(Kind.SETTLED, "liquidação por saldo")),
			Map.entry("09", new Occurrence(Kind.WRITE_OFF, "baixa de título")),
			Map.entry("10", new Occurrence(Kind.WRITE_OFF, "baixa solicitada")),
			Map.entry("15", new Occurrence(Kind.SETTLED, "liquidação em cartório")),
			Map.entry("96", new Occurrence(Kind.OTHER, "despesas de protesto")));

	/**
	 * The banks read. 400 detail positions common to all: ocorrência 109-110, data da
	 * ocorrência 111-116, número do documento 117-126, vencimento 147-152, valor do
	 * título 153-165, valor pago 254-266; the rest differs.
	 */
	static final List<Bank> BANKS = List.of(
			new Bank("001", "bb", "Banco do Brasil",
					febraban240(new Field(33, 41), new NossoNumero(new Field(38, 57), false, true)), FEBRABAN_240,
					new Layout400(new Field(150, 156), '7', new NossoNumero(new Field(64, 80), false, true),
							new Field(109, 110), new Field(111, 116), new Field(117, 126), new Field(147, 152),
							new Field(153, 165), new Field(182, 188), new Field(254, 266), new Field(176, 181), null,
							new Field(81, 82)),
					BB_400),
			new Bank("341", "itau", "Itaú",
					febraban240(new Field(53, 72), new NossoNumero(new Field(41, 48), false, false)), FEBRABAN_240,
					new Layout400(new Field(27, 38), '1', new NossoNumero(new Field(63, 70), false, false),
							new Field(109, 110), new Field(111, 116), new Field(117, 126), new Field(147, 152),
							new Field(153, 165), new Field(176, 188), new Field(254, 266), new Field(296, 301),
							new Field(325, 354), new Field(378, 385)),
					ITAU_400),
			new Bank("237", "bradesco", "Bradesco",
					febraban240(new Field(33, 52), new NossoNumero(new Field(46, 57), true, false)), FEBRABAN_240,
					new Layout400(new Field(27, 46), '1', new NossoNumero(new Field(71, 82), true, false),
							new Field(109, 110), new Field(111, 116), new Field(117, 126), new Field(147, 152),
							new Field(153, 165), new Field(176, 188), new Field(254, 266), new Field(296, 301), null,
							new Field(319, 328)),
					BRADESCO_400),
			new Bank("104", "caixa", "Caixa Econômica Federal",
					febraban240(new Field(59, 64), new NossoNumero(new Field(42, 56), false, false)), FEBRABAN_240,
					new Layout400(new Field(27, 36), '1', new NossoNumero(new Field(59, 73), false, false),
							new Field(109, 110), new Field(111, 116), new Field(117, 126), new Field(147, 152),
							new Field(153, 165), new Field(176, 188), new Field(254, 266), new Field(294, 299), null,
							new Field(80, 82)),
					CAIXA_400),
			new Bank("033", "santander", "Santander", SANTANDER_240, FEBRABAN_240,
					new Layout400(new Field(27, 46), '1', new NossoNumero(new Field(63, 70), true, false),
							new Field(109, 110), new Field(111, 116), new Field(117, 126), new Field(147, 152),
							new Field(153, 165), new Field(176, 188), new Field(254, 266), new Field(296, 301), null,
							new Field(137, 139)),
					SANTANDER_400),
			new Bank("756", "sicoob", "Sicoob",
					febraban240(new Field(33, 52), new NossoNumero(new Field(38, 47), true, false)), FEBRABAN_240,
					new Layout400(new Field(32, 40), '1', new NossoNumero(new Field(63, 74), true, false),
							new Field(109, 110), new Field(111, 116), new Field(117, 126), new Field(147, 152),
							new Field(153, 165), new Field(182, 188), new Field(254, 266), new Field(176, 181), null,
							new Field(81, 82)),
					BB_400));

	private static final Map<String, Bank> BY_CODE = new HashMap<>();

	static {
		BANKS.forEach(bank -> BY_CODE.put(bank.code(), bank));
	}

	static @Nullable Bank bank(String code) {
		return BY_CODE.get(code);
	}

}
