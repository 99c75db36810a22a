package br.suite.bills.dre;

import java.math.BigDecimal;
import java.time.LocalDate;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/** One of the entries that make a DRE cell. */
record DreEntryResponse(@Schema(allowableValues = {
		"bill", "payment", "receipt", "transaction" },
		description = "bill: a bill's split by competence date (accrual; id is the bill's); payment: a payable's "
				+ "payment (id is the payment's), its share of one split or its interest, fine or discount; "
				+ "receipt: money allocated to a receivable installment's charge (id is the allocation's), its "
				+ "share of one split; transaction: a classified bank transaction's money that paid no title") String kind,
		long id, @Schema(nullable = true) @Nullable Long billId, @Schema(nullable = true) @Nullable Long transactionId,
		LocalDate date, String description,
		@Schema(type = "string", example = "166.67") @JsonSerialize(using = Money.Writer.class) BigDecimal amount,
		long categoryId, String categoryCode, String categoryName, String line,
		@Schema(nullable = true) @Nullable Long costCentreId,
		@Schema(description = "\"\" without a cost centre") String costCentreCode,
		@Schema(description = "\"\" without a cost centre") String costCentreName){

	static DreEntryResponse from(DreService.NamedEntry named) {
		DreSources.Entry e = named.entry();
		DreService.CostCentre cc = named.costCentre();
		return new DreEntryResponse(e.kind(), e.id(), e.billId(), e.transactionId(), e.date(), e.description(),
				e.amount(), named.category().id(), named.category().code(), named.category().name(),
				named.category().line().wire(), e.costCentreId(), cc == null ? "" : cc.code(),
				cc == null ? "" : cc.name());
	}

}
