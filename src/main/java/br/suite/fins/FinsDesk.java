package br.suite.fins;

import java.time.LocalDate;
import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.shared.BeanChecks;
import br.suite.shared.DateTimes;
import br.suite.shared.Paging;

/**
 * Fins records for callers inside the application (the web pages): the same filters,
 * checks and errors as {@code /api/fins/}.
 */
@Service
public class FinsDesk {

	private final FinsRecordService records;

	private final Validator validator;

	FinsDesk(FinsRecordService records, Validator validator) {
		this.records = records;
		this.validator = validator;
	}

	public record FinsView(long id, long cliente, String titulo, String descricao, @Nullable LocalDate dataLimite,
			boolean concluido, boolean overdue) {

		static FinsView of(FinsRecordResponse r) {
			LocalDate today = LocalDate.now(DateTimes.BRAZIL);
			return new FinsView(r.id(), r.cliente(), r.titulo(), r.descricao(), r.dataLimite(), r.concluido(),
					!r.concluido() && r.dataLimite() != null && r.dataLimite().isBefore(today));
		}

	}

	public record FinsPage(List<FinsView> records, long total) {
	}

	/** Records not concluded whose data_limite has passed (São Paulo's today). */
	public long countOverdue() {
		return this.records.list(new FinsRecordService.Filter(null, false, true, null, null), new Paging(1, 0)).total();
	}

	/**
	 * A customer's records ({@code cliente} null: everyone's), optionally only the
	 * overdue ones.
	 */
	public FinsPage list(@Nullable Long cliente, boolean onlyOverdue, int limit, int offset) {
		FinsRecordService.Listing listing = this.records.list(new FinsRecordService.Filter(cliente,
				onlyOverdue ? false : null, onlyOverdue ? true : null, null, null), new Paging(limit, offset));
		return new FinsPage(listing.records().stream().map(FinsView::of).toList(), listing.total());
	}

	public FinsView create(@Nullable Long cliente, String titulo, @Nullable String descricao,
			@Nullable LocalDate dataLimite) {
		FinsRecordRequest request = new FinsRecordRequest(cliente, titulo, descricao, dataLimite, null);
		BeanChecks.check(this.validator, request);
		return FinsView.of(FinsRecordResponse.from(this.records.create(request)));
	}

}
