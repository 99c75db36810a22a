package br.suite.bills.bill;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/** A bill as clients read it; what is paid and open derives from its installments. */
record BillResponse(long id, @Schema(allowableValues = {
		"payable", "receivable" }) String direction, @Nullable Long fornecedorId, @Nullable Long clienteId,
		String description, String documentNumber, LocalDate competenceDate,
		@Schema(description = "The category when the bill has one split; null with several") @Nullable Long categoryId,
		@Schema(description = "The cost centre when the bill has one split; null otherwise") @Nullable Long costCentreId,
		List<SplitResponse> splits,
		@Schema(type = "string", example = "1500.00") @JsonSerialize(using = Money.Writer.class) BigDecimal total,
		@Schema(allowableValues = { "open", "partially_paid", "paid", "cancelled" }) String status,
		@Schema(description = "An installment with money open is past its due date (America/Sao_Paulo)") boolean overdue,
		@Schema(type = "string", description = "What the installments settled") @JsonSerialize(
				using = Money.Writer.class) BigDecimal paidAmount,
		@Schema(type = "string", description = "total − paid_amount; 0 when cancelled") @JsonSerialize(
				using = Money.Writer.class) BigDecimal openAmount,
		@Schema(description = "The first bill of its monthly recurrence (its own id for the first); null when not "
				+ "recurring") @Nullable Long recurrenceId,
		@Schema(description = "A receivable's charge kind (pix, boleto, card, transfer, other); \"\" for a "
				+ "payable") String chargeKind,
		List<InstallmentResponse> installments,
		@Schema(description = "No split yet (a payable imported from an NF-e whose supplier has no default "
				+ "category): listed with uncategorised=true for review; PATCH category_id or splits") boolean uncategorised,
		@Schema(description = "The access key of the NF-e it was imported from (POST …/bills/nfe/); null otherwise") @Nullable String nfeAccessKey,
		@Schema(description = "The fiscal document registered with that NF-e; null otherwise") @Nullable Long fiscalDocumentId,
		Instant createdAt, Instant updatedAt){

	record SplitResponse(long categoryId, @Nullable Long costCentreId,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal amount) {
	}

	record InstallmentResponse(long id, int number, LocalDate dueDate,
			@Schema(type = "string") @JsonSerialize(using = Money.Writer.class) BigDecimal amount,
			@Schema(type = "string", description = "What its payments settled") @JsonSerialize(
					using = Money.Writer.class) BigDecimal paidAmount,
			@Schema(type = "string", description = "amount − paid_amount; 0 when cancelled") @JsonSerialize(
					using = Money.Writer.class) BigDecimal openAmount,
			@Schema(allowableValues = {
					"open", "partially_paid", "paid", "cancelled" }) String status,
			@Schema(description = "The latest payment's date; null when unpaid") @Nullable LocalDate paidOn,
			@Schema(description = "The finance charge backing a receivable installment; null otherwise") @Nullable Long chargeId){
	}

}
