package br.suite.imports;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * What a statement column may hold, with the headers Brazilian and foreign banks give it
 * (compared as {@link br.suite.imports.reader.StatementValues#key} forms, so
 * {@code "Descrição"}, {@code "DESCRICAO"} and {@code "descricao"} are one). The wire
 * name is what the {@code columns} option and {@code format.columns} use.
 */
public enum ImportField {

	TRANSACTION_DATE("data", "datalancamento", "datadolancamento", "dtlancamento", "dtlanc", "datamovimento", "datamov",
			"datadomovimento", "dtmovimento", "datatransacao", "datadatransacao", "dataoperacao", "datacontabil", "dia",
			"date", "transactiondate", "bookingdate", "postingdate", "valuedate"),

	POSTED_AT("datahora", "datahoralancamento", "dataehora", "postedat", "datetime", "timestamp"),

	TRANSACTION_TIME("hora", "horario", "horalancamento", "time"),

	AMOUNT("valor", "valorr", "valoremreais", "valorbrl", "valordolancamento", "valorlancamento", "valortransacao",
			"valordatransacao", "montante", "quantia", "amount", "value"),

	CREDIT_AMOUNT("credito", "creditos", "creditor", "valorcredito", "entrada", "entradas", "entradasr", "credit",
			"credits", "creditamount", "moneyin", "paidin"),

	DEBIT_AMOUNT("debito", "debitos", "debitor", "valordebito", "saida", "saidas", "saidasr", "debit", "debits",
			"debitamount", "moneyout", "paidout"),

	DIRECTION("tipo", "tipolancamento", "tipodelancamento", "tipomovimento", "tipotransacao", "natureza", "dc", "cd",
			"debitocredito", "creditodebito", "sinal", "type", "drcr", "creditdebit", "debitcredit"),

	DESCRIPTION("historico", "lancamento", "descricao", "descricaodolancamento", "historicodolancamento", "complemento",
			"detalhe", "detalhes", "memo", "observacao", "observacoes", "description", "details", "narrative",
			"transactiondescription"),

	PAYER_NAME("nome", "nomepagador", "nomedopagador", "pagador", "favorecido", "nomefavorecido", "nomedofavorecido",
			"contraparte", "nomecontraparte", "nomedacontraparte", "remetente", "beneficiario", "payer", "payername",
			"counterparty", "name"),

	PAYER_DOCUMENT("cpfcnpj", "cnpjcpf", "cpf", "cnpj", "documentopagador", "documentodopagador", "cpfcnpjpagador",
			"cpfcnpjdopagador", "cpfcnpjfavorecido", "cpfcnpjcontraparte", "documentocontraparte", "taxid",
			"payerdocument"),

	EXTERNAL_ID("identificador", "id", "idtransacao", "iddatransacao", "codigotransacao", "codigodatransacao",
			"idlancamento", "externalid", "transactionid", "fitid"),

	END_TO_END_ID("endtoendid", "endtoend", "e2e", "e2eid", "idfimafim", "identificadorfimafim", "idpix"),

	BANK_REFERENCE_ID("documento", "numerodocumento", "numerododocumento", "ndocumento", "nodocumento", "nrdocumento",
			"numdoc", "doc", "referencia", "reference", "checknumber", "bankreferenceid"),

	CORRELATION_ID("txid", "correlationid", "idcorrelacao"),

	CHARGE_EXTERNAL_ID("idcobranca", "cobranca", "chargeid", "chargeexternalid"),

	STATUS("situacao", "status", "estado");

	public final List<String> aliases;

	ImportField(String... aliases) {
		this.aliases = List.of(aliases);
	}

	public String wire() {
		return name().toLowerCase(Locale.ROOT);
	}

	public boolean isAmount() {
		return this == AMOUNT || this == CREDIT_AMOUNT || this == DEBIT_AMOUNT;
	}

	public static @Nullable ImportField fromWire(String wire) {
		return Arrays.stream(values()).filter(field -> field.wire().equals(wire)).findFirst().orElse(null);
	}

	public static String allowed() {
		return Arrays.stream(values()).map(ImportField::wire).collect(Collectors.joining(", "));
	}

}
