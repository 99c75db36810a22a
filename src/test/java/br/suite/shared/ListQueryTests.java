package br.suite.shared;

import org.junit.jupiter.api.Test;

import br.suite.shared.lists.ListQuery;

import static org.assertj.core.api.Assertions.assertThat;

class ListQueryTests {

	@Test
	void likeWildcardsInTheQueryAreLiteral() {
		assertThat(ListQuery.containing("50%_off\\")).isEqualTo("%50\\%\\_off\\\\%");
		assertThat(ListQuery.containing("plain")).isEqualTo("%plain%");
	}

}
