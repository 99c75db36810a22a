package br.suite.finance.collection;

import java.time.Instant;
import java.time.LocalTime;
import java.util.List;

import org.jspecify.annotations.Nullable;

import br.suite.finance.collection.CollectionTemplates.Templates;

/** The régua de cobrança after its checks, as it is stored. */
record Policy(boolean enabled, LocalTime sendTime, List<Integer> steps, Templates templates, boolean receipt,
		@Nullable Instant updatedAt) {

	static final Policy DEFAULT = new Policy(false, LocalTime.of(9, 0), List.of(-3, 0, 3, 10),
			CollectionTemplates.DEFAULTS, false, null);

}
