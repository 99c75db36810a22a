package br.suite.bills.dre;

import java.math.BigDecimal;
import java.util.List;

import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

import br.suite.shared.Money;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * The DRE as clients read it: the months, the lines in their fixed order with a value per
 * month and the total, and the categories with money in the months.
 */
record DreResponse(@ArraySchema(schema = @Schema(example = "2026-03", description = "YYYY-MM")) List<String> months,
		String basis, @Schema(nullable = true) @Nullable Long costCentreId, List<LineRow> lines,
		List<CategoryRow> categories) {

	@Schema(name = "DreLine")
	record LineRow(@Schema(example = "gross_revenue") String line, @Schema(example = "Receita bruta") String label,
			@Schema(description = "A subtotal (net_revenue, gross_profit, operating_result, result_before_taxes, "
					+ "net_result): may be negative; every other line is a positive magnitude") boolean subtotal,
			@ArraySchema(schema = @Schema(type = "string", example = "1000.00")) @JsonSerialize(
					contentUsing = Money.Writer.class) List<BigDecimal> values,
			@Schema(type = "string",
					example = "12000.00") @JsonSerialize(using = Money.Writer.class) BigDecimal total) {
	}

	@Schema(name = "DreCategory")
	record CategoryRow(long categoryId, String code, String name, String line,
			@ArraySchema(schema = @Schema(type = "string", example = "1000.00")) @JsonSerialize(
					contentUsing = Money.Writer.class) List<BigDecimal> values,
			@Schema(type = "string",
					example = "12000.00") @JsonSerialize(using = Money.Writer.class) BigDecimal total) {
	}

	static DreResponse of(Dre.Report report, String basis, @Nullable Long costCentreId) {
		return new DreResponse(report.months().stream().map(Object::toString).toList(), basis, costCentreId,
				report.lines()
					.stream()
					.map(l -> new LineRow(l.line().wire(), l.line().label, l.line().subtotal(), l.values(), l.total()))
					.toList(),
				report.categories()
					.stream()
					.map(c -> new CategoryRow(c.category().id(), c.category().code(), c.category().name(),
							c.category().line().wire(), c.values(), c.total()))
					.toList());
	}

}
