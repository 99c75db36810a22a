package br.suite.fins;

import org.springframework.stereotype.Service;

import br.suite.shared.Paging;

/** Fins records for callers inside the application (the web dashboard): the API's list filters. */
@Service
public class FinsDesk {

	private final FinsRecordService records;

	FinsDesk(FinsRecordService records) {
		this.records = records;
	}

	/** Records not concluded whose data_limite has passed (São Paulo's today). */
	public long countOverdue() {
		return this.records.list(new FinsRecordService.Filter(null, false, true, null, null), new Paging(1, 0)).total();
	}

}
