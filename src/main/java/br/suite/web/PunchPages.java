package br.suite.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.timeclock.PunchDesk;

/**
 * The time clock's ledger, and its review queue (punches whose face check did not pass).
 */
@Controller
class PunchPages {

	private final PunchDesk punches;

	PunchPages(PunchDesk punches) {
		this.punches = punches;
	}

	@GetMapping({ "/app/punches", "/app/punches/" })
	String list(@RequestParam(defaultValue = "false") boolean review, @RequestParam(defaultValue = "1") int pagina,
			Model model) {
		PunchDesk.PunchPage page = this.punches.list(review ? Boolean.TRUE : null, Pager.SIZE, Pager.offset(pagina));
		model.addAttribute("punches", page.punches());
		model.addAttribute("pager", Pager.of(pagina, page.total()));
		model.addAttribute("review", review);
		return "punches";
	}

}
