package br.suite.processdocs;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;

import static br.suite.processdocs.DocumentStatus.APPROVED;
import static br.suite.processdocs.DocumentStatus.DRAFT;
import static br.suite.processdocs.DocumentStatus.IN_REVIEW;
import static br.suite.processdocs.DocumentStatus.OBSOLETE;
import static org.assertj.core.api.Assertions.assertThat;

class DocumentStatusTests {

	@Test
	void allowsExactlyTheLifecycleMoves() {
		assertThat(DRAFT.next()).containsExactlyInAnyOrder(IN_REVIEW);
		assertThat(IN_REVIEW.next()).containsExactlyInAnyOrder(APPROVED, DRAFT);
		assertThat(APPROVED.next()).containsExactlyInAnyOrder(OBSOLETE, IN_REVIEW);
		assertThat(OBSOLETE.next()).isEmpty();
	}

	@Test
	void refusesEveryOtherMoveIncludingStayingPut() {
		int allowed = 0;
		for (DocumentStatus from : DocumentStatus.values()) {
			for (DocumentStatus to : DocumentStatus.values()) {
				if (from.canMoveTo(to)) {
					allowed++;
				}
			}
			assertThat(from.canMoveTo(from)).isFalse();
		}
		assertThat(allowed).isEqualTo(5);
		assertThat(DRAFT.canMoveTo(APPROVED)).isFalse();
		assertThat(DRAFT.canMoveTo(OBSOLETE)).isFalse();
		assertThat(IN_REVIEW.canMoveTo(OBSOLETE)).isFalse();
		assertThat(APPROVED.canMoveTo(DRAFT)).isFalse();
		assertThat(OBSOLETE.canMoveTo(APPROVED)).isFalse();
	}

	@Test
	void locksContentOnlyWhileApprovedOrObsolete() {
		assertThat(EnumSet.allOf(DocumentStatus.class).stream().filter(DocumentStatus::isContentLocked))
			.containsExactlyInAnyOrder(APPROVED, OBSOLETE);
	}

}
