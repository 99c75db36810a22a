package br.suite.bills;

import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import br.suite.customers.ClienteDirectory;
import br.suite.customers.ClientePageSection;
import br.suite.finance.CollectionHistory;
import br.suite.web.PageModel;

/**
 * The cliente's collection e-mails (régua de cobrança) on the cliente's page: those of
 * the charges with its CPF/CNPJ or written to its e-mail, the latest 20, to who holds
 * {@code finance.collection.view}.
 */
@Component
class CollectionSection implements ClientePageSection {

	private final ClienteDirectory clientes;

	private final CollectionHistory history;

	CollectionSection(ClienteDirectory clientes, CollectionHistory history) {
		this.clientes = clientes;
		this.history = history;
	}

	@Override
	public String fragment() {
		return "collection-fragments :: clienteSection";
	}

	@Override
	public boolean addTo(Model model, long clienteId, int page) {
		PageModel.Me me = PageModel.current();
		if (me == null || !me.holds("finance.collection.view")) {
			return false;
		}
		Map.Entry<String, String> contact = this.clientes.documentAndEmail(clienteId).orElse(null);
		List<CollectionHistory.Entry> messages = contact == null ? List.of()
				: this.history.forPayer(contact.getKey(), contact.getValue(), 20);
		model.addAttribute("collectionMessages", messages);
		return true;
	}

}
