package br.suite.bills.bill;

import java.math.BigDecimal;
import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The answer of a split by hours: the month's minutes and money per cost centre, and the
 * bill with its new splits.
 */
record HoursSplitResponse(long billId, @Schema(example = "2026-11") String month,
		@Schema(description = "The worked minutes of the month, every employee") long totalMinutes,
		@Schema(type = "string", example = "1500.00") @JsonSerialize(using = Money.Writer.class) BigDecimal total,
		@Schema(description = "Each cost centre with minutes, by id, \"sem centro de custo\" (cost_centre_id null) "
				+ "last") List<CentreResponse> costCentres,
		BillResponse bill) {

	record CentreResponse(@Nullable Long costCentreId, @Nullable String code, @Schema(
			description = "The cost centre's name; \"sem centro de custo\" for the employees without one") String name,
			@Schema(description = "Employees with worked minutes in the month") long employees, long minutes,
			@Schema(type = "string", description = "The sum of its new splits") @JsonSerialize(
					using = Money.Writer.class) BigDecimal amount) {
	}

}
