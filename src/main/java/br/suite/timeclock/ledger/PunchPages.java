package br.suite.timeclock.ledger;

import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Requires;
import br.suite.web.DashboardTile;
import br.suite.web.Pager;

/**
 * The time clock's ledger, and its review queue (punches whose face check did not pass).
 */
@Controller
class PunchPages {

	private final PunchLedger ledger;

	PunchPages(PunchLedger ledger) {
		this.ledger = ledger;
	}

	@GetMapping({ "/app/punches", "/app/punches/" })
	@Requires("timeclock.punches.view")
	String list(@RequestParam(defaultValue = "false") boolean review, @RequestParam(defaultValue = "1") int pagina,
			Model model) {
		ListQuery.Page<Punch> page = this.ledger.list(PunchLedger.Filter.needingReview(review ? Boolean.TRUE : null),
				new Paging(Pager.SIZE, Pager.offset(pagina)));
		model.addAttribute("punches", page.items());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		model.addAttribute("review", review);
		return "punches";
	}

	/** Punches whose face check did not pass, to review. */
	@Bean
	static DashboardTile punchesToReviewTile(PunchLedger ledger) {
		return DashboardTile.of("timeclock.punches.view",
				() -> new DashboardTile.Count(10, "contagem-ponto",
						ledger.list(PunchLedger.Filter.needingReview(true), new Paging(1, 0)).total(),
						"dashboard.punchesToReview", "/app/punches/?review=true"));
	}

}
