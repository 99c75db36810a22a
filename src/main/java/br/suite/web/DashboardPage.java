package br.suite.web;

import java.util.Comparator;
import java.util.List;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import br.suite.shared.NoPermission;

/**
 * The back office's first page: the day's work, counted by the modules' tiles
 * ({@link DashboardTile}), each shown only to who may act on it.
 */
@Controller
class DashboardPage {

	private final ObjectProvider<DashboardTile> tiles;

	DashboardPage(ObjectProvider<DashboardTile> tiles) {
		this.tiles = tiles;
	}

	@GetMapping({ "/app", "/app/" })
	@NoPermission("every signed-in person has a first page; each tile checks its own permission")
	String dashboard(Model model) {
		PageModel.Me me = PageModel.current();
		List<DashboardTile.Count> counts = this.tiles.stream()
			.filter(tile -> me != null && me.holds(tile.permission()))
			.map(DashboardTile::count)
			.sorted(Comparator.comparingInt(DashboardTile.Count::order))
			.toList();
		model.addAttribute("tiles", counts);
		return "dashboard";
	}

}
