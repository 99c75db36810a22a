package br.suite.bills.bill;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.bills.bill.BillDrafts.Draft;
import br.suite.bills.bill.BillDrafts.Split;
import br.suite.bills.bill.BillProblems.NfeAlreadyImported;
import br.suite.bills.bill.InstallmentPlan.Planned;
import br.suite.bills.category.CategoryChecks;
import br.suite.bills.category.CategoryKind;
import br.suite.bills.nfe.NfeXml;
import br.suite.customers.FornecedorDirectory;
import br.suite.finance.ReceivedInvoices;
import br.suite.shared.InvalidRequest;
import br.suite.shared.documents.TaxId;
import br.suite.shared.Versioned;
import br.suite.timeclock.Establishment;
import br.suite.timeclock.Establishments;

/**
 * A supplier's NF-e XML turned into a payable ({@code POST /api/finance/bills/nfe/}): the
 * XML read and its signature verified ({@link NfeXml}), the recipient checked against the
 * company's establishments, the emitter found or created as the fornecedor, the fiscal
 * document registered through finance's {@link ReceivedInvoices}, and the bill written as
 * {@link BillService#create} writes one; all in one database transaction, so a refusal
 * writes nothing.
 */
@Service
class NfeImports {

	private final BillService bills;

	private final BillRepository rows;

	private final FornecedorDirectory fornecedores;

	private final CategoryChecks categories;

	private final ReceivedInvoices invoices;

	private final Establishments establishments;

	private final JdbcClient jdbc;

	NfeImports(BillService bills, BillRepository rows, FornecedorDirectory fornecedores, CategoryChecks categories,
			ReceivedInvoices invoices, Establishments establishments, JdbcClient jdbc) {
		this.bills = bills;
		this.rows = rows;
		this.fornecedores = fornecedores;
		this.categories = categories;
		this.invoices = invoices;
		this.establishments = establishments;
		this.jdbc = jdbc;
	}

	/**
	 * The payable of the NF-e in {@code xml}.
	 * @throws InvalidRequest (400, nothing written) on {@code xml}, {@code signature},
	 * {@code access_key} or {@code dest_cnpj}
	 * @throws NfeAlreadyImported (409 with {@code existing_id}) for a key imported before
	 */
	@Transactional
	Versioned<BillResponse> importXml(byte @Nullable [] xml) {
		NfeXml nfe = NfeXml.read(xml);
		checkRecipient(nfe.recipient());
		String emitter = nfe.emitter().document();
		if (!TaxId.isValid(emitter)) {
			throw InvalidRequest.of("xml", "emit document " + emitter + " has wrong check digits");
		}
		String key = nfe.accessKey().toString();
		// Two imports of the same document take turns, so the second sees the first's
		// bill.
		this.jdbc.sql("SELECT pg_advisory_xact_lock(hashtextextended(?, 7431)) IS NULL")
			.param("bills.nfe:" + key)
			.query(Boolean.class)
			.single();
		this.rows.byNfe(key).ifPresent(existing -> {
			throw new NfeAlreadyImported(key, existing.billId(), existing.fiscalDocumentId());
		});
		FornecedorDirectory.Supplier supplier = this.fornecedores.findOrCreate(nfe.emitter().name(), emitter)
			.supplier();
		long document = this.invoices.register(new ReceivedInvoices.Invoice(key, nfe.number(), nfe.series(),
				nfe.issueDate(), nfe.total(), nfe.recipient().name(), nfe.recipient().document()));
		List<Planned> installments = installments(nfe);
		BigDecimal total = InstallmentPlan.sum(installments.stream().map(Planned::amount).toList());
		Long category = supplier.defaultCategoryId();
		List<Split> splits = category != null && this.categories.refusal(category, CategoryKind.EXPENSE) == null
				? List.of(new Split(category, null, total)) : List.of();
		String number = nfe.number() + "/" + nfe.series();
		String description = "NF-e " + number + " " + nfe.emitter().name();
		Draft draft = new Draft(BillDirection.PAYABLE, supplier.id(), null,
				description.length() > 500 ? description.substring(0, 500) : description, number, nfe.issueDate(),
				total, splits, installments, 1, "");
		return this.bills.write(draft, new BillService.NfeLink(key, document));
	}

	/**
	 * The duplicatas ({@code cobr/dup}) in their order, or one installment of {@code vNF}
	 * due at the emission date.
	 */
	static List<Planned> installments(NfeXml nfe) {
		if (nfe.duplicatas().isEmpty()) {
			return List.of(new Planned(1, nfe.issueDate(), nfe.total()));
		}
		List<Planned> planned = new ArrayList<>();
		for (NfeXml.Duplicata dup : nfe.duplicatas()) {
			planned.add(new Planned(planned.size() + 1, dup.dueDate(), dup.amount()));
		}
		return planned;
	}

	/**
	 * The recipient must be the company: its CNPJ root (the first 8 characters) that of
	 * an establishment's employer CNPJ.
	 */
	private void checkRecipient(NfeXml.Party recipient) {
		List<String> roots = this.establishments.list()
			.stream()
			.map(Establishment::employerDocument)
			.filter(Objects::nonNull)
			.filter(document -> document.length() == 14)
			.map(document -> document.substring(0, 8))
			.distinct()
			.toList();
		if (roots.isEmpty()) {
			throw InvalidRequest.of("dest_cnpj", "no establishment has the company's CNPJ yet, so dest/CNPJ "
					+ recipient.document() + " cannot be checked: set employer_document on an establishment");
		}
		String document = recipient.document();
		if (document.length() != 14 || !roots.contains(document.substring(0, 8))) {
			throw InvalidRequest.of("dest_cnpj", "dest/CNPJ " + document + " is not the company's: the NF-e is "
					+ "addressed to someone else (the company's CNPJ roots: " + String.join(", ", roots) + ")");
		}
	}

}
