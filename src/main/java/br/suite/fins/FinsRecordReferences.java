package br.suite.fins;

import org.springframework.stereotype.Component;

import br.suite.customers.ClienteReferences;

/** Keeps customers that fins records refer to from being deleted. */
@Component
class FinsRecordReferences implements ClienteReferences {

	private final FinsRecordRepository records;

	FinsRecordReferences(FinsRecordRepository records) {
		this.records = records;
	}

	@Override
	public String kind() {
		return "fins";
	}

	@Override
	public long countReferring(long clienteId) {
		return this.records.countByClienteId(clienteId);
	}

}
