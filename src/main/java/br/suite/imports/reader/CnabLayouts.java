package br.suite.imports.reader;

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
public final class CnabLayouts {

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
	 * Where a bank writes the nosso número; {@link br.suite.finance.NossoNumeros} makes
	 * it the form charges store in {@code nosso_numero} (digits, without the check digit
	 * and leading zeros; Banco do Brasil's convênio and Caixa's modalidade are part of
	 * it).
	 *
	 * @param field where it is
	 * @param checkDigit whether its last character is a check digit (dropped)
	 */
	record NossoNumero(Field field, boolean checkDigit) {
	}

	/**
	 * What a 400 detail's {@code valor pago} (254-266) holds: what the payer paid
	 * ({@code GROSS}; the fee is debited apart), or what the bank credited after the fee
	 * ({@code NET}: the payer paid it plus the fee).
	 */
	enum Paid {

		GROSS, NET

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
			Field documentNumber, Field dueDate, Field faceValue, Field fee, Field paid, Paid paidIs, Field creditDate,
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
	 * A 400 detail with the positions common to every bank here: ocorrência 109-110, data
	 * da ocorrência 111-116, número do documento 117-126, vencimento 147-152, valor do
	 * título 153-165, valor pago 254-266.
	 */
	private static Layout400 febraban400(Field agreement, char detailType, NossoNumero nossoNumero, Field fee,
			Paid paidIs, Field creditDate, @Nullable Field payerName, Field reasons) {
		return new Layout400(agreement, detailType, nossoNumero, new Field(109, 110), new Field(111, 116),
				new Field(117, 126), new Field(147, 152), new Field(153, 165), fee, new Field(254, 266), paidIs,
				creditDate, payerName, reasons);
	}

	/**
	 * Occurrence codes written as a table: a line each, code, {@link Kind} and label.
	 */
	private static Map<String, Occurrence> occurrences(String table) {
		Map<String, Occurrence> occurrences = new HashMap<>();
		table.lines().map(String::strip).filter(line -> !line.isEmpty()).forEach(line -> {
			String[] parts = line.split("\\s+", 3);
			occurrences.put(parts[0], new Occurrence(Kind.valueOf(parts[1]), parts[2]));
		});
		return Map.copyOf(occurrences);
	}

	/**
	 * Santander's 240 segment T: agency and account are shorter, so everything after them
	 * is shifted (nosso número 41-53, the name 144-183…).
	 */
	private static final Layout240 SANTANDER_240 = new Layout240(new Field(33, 47),
			new NossoNumero(new Field(41, 53), true), new Field(55, 69), new Field(70, 77), new Field(78, 92),
			new Field(128, 128), new Field(129, 143), new Field(144, 183), new Field(194, 208), new Field(209, 218));

	/** FEBRABAN's códigos de movimento de retorno (240), shared by every bank here. */
	private static final Map<String, Occurrence> FEBRABAN_240 = occurrences("""
			02 OTHER     entrada confirmada
			03 REJECTED  entrada rejeitada
			04 OTHER     transferência de carteira/entrada
			05 OTHER     transferência de carteira/baixa
			06 SETTLED   liquidação
			09 WRITE_OFF baixa
			11 OTHER     títulos em carteira (em ser)
			12 OTHER     confirmação de recebimento de instrução de abatimento
			13 OTHER     confirmação de cancelamento de abatimento
			14 OTHER     confirmação de alteração de vencimento
			17 SETTLED   liquidação após baixa ou de título não registrado
			19 OTHER     confirmação de recebimento de instrução de protesto
			20 OTHER     confirmação de sustação de protesto
			23 OTHER     remessa a cartório
			25 WRITE_OFF protestado e baixado
			26 REJECTED  instrução rejeitada
			27 OTHER     confirmação do pedido de alteração de outros dados
			28 OTHER     débito de tarifas/custas
			30 REJECTED  alteração de dados rejeitada
			""");

	/** Bradesco 400. */
	private static final Map<String, Occurrence> BRADESCO_400 = occurrences("""
			02 OTHER     entrada confirmada
			03 REJECTED  entrada rejeitada
			06 SETTLED   liquidação normal
			09 WRITE_OFF baixado automaticamente via arquivo
			10 WRITE_OFF baixado conforme instruções da agência
			15 SETTLED   liquidação em cartório
			17 SETTLED   liquidação após baixa ou título não registrado
			24 REJECTED  entrada rejeitada por CEP irregular
			28 OTHER     débito de tarifas/custas
			32 REJECTED  instrução rejeitada
			""");

	/** Itaú 400: 07 is a partial payment, 08 paid at the notary's. */
	private static final Map<String, Occurrence> ITAU_400 = occurrences("""
			02 OTHER     entrada confirmada
			03 REJECTED  entrada rejeitada
			06 SETTLED   liquidação normal
			07 SETTLED   liquidação parcial
			08 SETTLED   liquidação em cartório
			09 WRITE_OFF baixa simples
			10 OTHER     baixa por ter sido liquidado
			15 REJECTED  baixa rejeitada
			16 REJECTED  instrução rejeitada
			28 OTHER     tarifa
			""");

	/** Santander 400. */
	private static final Map<String, Occurrence> SANTANDER_400 = occurrences("""
			02 OTHER     entrada confirmada
			03 REJECTED  entrada rejeitada
			06 SETTLED   liquidação normal
			07 SETTLED   liquidação por conta
			08 SETTLED   liquidação por saldo
			09 WRITE_OFF baixa automática
			10 WRITE_OFF baixa conforme instrução
			15 SETTLED   liquidação em cartório
			17 SETTLED   liquidação após baixa
			""");

	/** Caixa (SIGCB) 400: liquidação is 21, not 06. */
	private static final Map<String, Occurrence> CAIXA_400 = occurrences("""
			01 OTHER     entrada confirmada
			02 WRITE_OFF baixa confirmada
			03 OTHER     abatimento concedido
			06 OTHER     vencimento alterado
			21 SETTLED   liquidação
			22 SETTLED   liquidação em cartório
			23 WRITE_OFF baixa por devolução
			24 REJECTED  entrada rejeitada
			99 REJECTED  rejeição do título
			""");

	/** Banco do Brasil and Sicoob 400 ("comandos"). */
	private static final Map<String, Occurrence> BB_400 = occurrences("""
			02 OTHER     confirmação de entrada de título
			03 REJECTED  comando recusado
			05 SETTLED   liquidado sem registro
			06 SETTLED   liquidação normal
			07 SETTLED   liquidação por conta
			08 SETTLED   liquidação por saldo
			09 WRITE_OFF baixa de título
			10 WRITE_OFF baixa solicitada
			15 SETTLED   liquidação em cartório
			96 OTHER     despesas de protesto
			""");

	/**
	 * The banks read. Nosso número: Banco do Brasil's 17 digits (convênio of 7 and
	 * sequence of 10) are read whole from 240 segment T 38-57 (left-aligned) and 400
	 * (CBR643, detail 7) 64-80; Caixa's 17 (modalidade 14/24 and 15 digits) from 240 T
	 * 40-56 and 400 57-73; Itaú's 8 without carteira and DAC; Bradesco, Santander and
	 * Sicoob with their check digit last. The 400 {@code valor pago} is gross except
	 * Itaú's (its "valor principal" is what was credited after the fee at 176-188).
	 */
	static final List<Bank> BANKS = List.of(
			new Bank("001", "bb", "Banco do Brasil",
					febraban240(new Field(33, 41), new NossoNumero(new Field(38, 57), false)), FEBRABAN_240,
					febraban400(new Field(150, 156), '7', new NossoNumero(new Field(64, 80), false),
							new Field(182, 188), Paid.GROSS, new Field(176, 181), null, new Field(81, 82)),
					BB_400),
			new Bank("341", "itau", "Itaú", febraban240(new Field(53, 72), new NossoNumero(new Field(41, 48), false)),
					FEBRABAN_240,
					febraban400(new Field(27, 38), '1', new NossoNumero(new Field(63, 70), false), new Field(176, 188),
							Paid.NET, new Field(296, 301), new Field(325, 354), new Field(378, 385)),
					ITAU_400),
			new Bank("237", "bradesco", "Bradesco",
					febraban240(new Field(33, 52), new NossoNumero(new Field(46, 57), true)), FEBRABAN_240,
					febraban400(new Field(27, 46), '1', new NossoNumero(new Field(71, 82), true), new Field(176, 188),
							Paid.GROSS, new Field(296, 301), null, new Field(319, 328)),
					BRADESCO_400),
			new Bank("104", "caixa", "Caixa Econômica Federal",
					febraban240(new Field(59, 64), new NossoNumero(new Field(40, 56), false)), FEBRABAN_240,
					febraban400(new Field(27, 36), '1', new NossoNumero(new Field(57, 73), false), new Field(176, 188),
							Paid.GROSS, new Field(294, 299), null, new Field(80, 82)),
					CAIXA_400),
			new Bank("033", "santander", "Santander", SANTANDER_240, FEBRABAN_240,
					febraban400(new Field(27, 46), '1', new NossoNumero(new Field(63, 70), true), new Field(176, 188),
							Paid.GROSS, new Field(296, 301), null, new Field(137, 139)),
					SANTANDER_400),
			new Bank("756", "sicoob", "Sicoob",
					febraban240(new Field(33, 52), new NossoNumero(new Field(38, 47), true)), FEBRABAN_240,
					febraban400(new Field(32, 40), '1', new NossoNumero(new Field(63, 74), true), new Field(182, 188),
							Paid.GROSS, new Field(176, 181), null, new Field(81, 82)),
					BB_400));

	private static final Map<String, Bank> BY_CODE = new HashMap<>();

	static {
		BANKS.forEach(bank -> BY_CODE.put(bank.code(), bank));
	}

	static @Nullable Bank bank(String code) {
		return BY_CODE.get(code);
	}

}
