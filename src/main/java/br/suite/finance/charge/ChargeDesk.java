package br.suite.finance.charge;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.finance.FinanceProblems;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.Versioned;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Charges for callers inside the application (the web pages): the same filters, checks
 * and errors as {@code /api/finance/charges/}. Edits carry the version the form was read
 * at, as an {@code If-Match} would, so a charge changed in between is refused (412)
 * instead of overwritten.
 */
@Service
public class ChargeDesk {

	private final ChargeService charges;

	private final JsonMapper json;

	private final PixCharges pixCharges;

	ChargeDesk(ChargeService charges, JsonMapper json, PixCharges pixCharges) {
		this.charges = charges;
		this.json = json;
		this.pixCharges = pixCharges;
	}

	public record ChargeView(long id, String kind, String provider, String externalId, String txid, String nossoNumero,
			String endToEndId, String payerName, String payerDocument, BigDecimal amount, BigDecimal paidAmount,
			BigDecimal openAmount, String status, @Nullable LocalDate dueDate, @Nullable LocalDate paidOn,
			String description, @Nullable Long fiscalDocumentId, long version, String pixKind, String pixStatus,
			@Nullable String paymentUrl) {

		static ChargeView of(ChargeResponse c, long version) {
			return new ChargeView(c.id(), c.kind(), c.provider(), c.externalId(), c.txid(), c.nossoNumero(),
					c.endToEndId(), c.payerName(), c.payerDocument(), c.amount(), c.paidAmount(), c.openAmount(),
					c.status(), c.dueDate(), c.paidOn(), c.description(), c.fiscalDocumentId(), version, c.pixKind(),
					c.pixStatus(), c.paymentUrl());
		}

		public boolean cancelled() {
			return this.status.equals("cancelled");
		}

	}

	public record ChargePage(List<ChargeView> charges, long total) {
	}

	/**
	 * The fields the page edits; the others (end-to-end id, fiscal document) are kept as
	 * they are.
	 */
	public record ChargeForm(String kind, String provider, String externalId, String txid, String nossoNumero,
			String payerName, String payerDocument, @Nullable BigDecimal amount, @Nullable LocalDate dueDate,
			String description) {
	}

	/** Newest due date first (none on top); the list's versions are not read (0). */
	public ChargePage list(@Nullable String status, @Nullable String kind, @Nullable LocalDate dueFrom,
			@Nullable LocalDate dueTo, @Nullable String payerDocument, @Nullable String q, int limit, int offset) {
		ListQuery.Page<ChargeResponse> listing = this.charges.list(
				new ChargeService.Filter(status, kind, dueFrom, dueTo, null, null, payerDocument, q),
				new Paging(limit, offset));
		return new ChargePage(listing.items().stream().map(c -> ChargeView.of(c, 0)).toList(), listing.total());
	}

	public ChargeView get(long id) {
		return view(this.charges.get(id));
	}

	public ChargeView create(ChargeForm form) {
		return view(this.charges.create(new ChargeRequest(form.kind(), form.provider(), form.externalId(), form.txid(),
				form.nossoNumero(), null, form.payerName(), form.payerDocument(), form.amount(), form.dueDate(),
				form.description(), null, null)));
	}

	/**
	 * Every field of the form replaces the charge's (an empty due date clears it), with
	 * the rules of PATCH.
	 */
	public ChargeView update(long id, ChargeForm form, long version) {
		ObjectNode patch = this.json.createObjectNode()
			.put("kind", form.kind())
			.put("provider", form.provider())
			.put("external_id", form.externalId())
			.put("txid", form.txid())
			.put("nosso_numero", form.nossoNumero())
			.put("payer_name", form.payerName())
			.put("payer_document", form.payerDocument())
			.put("description", form.description());
		if (form.amount() == null) {
			patch.putNull("amount");
		}
		else {
			patch.put("amount", form.amount().toPlainString());
		}
		if (form.dueDate() == null) {
			patch.putNull("due_date");
		}
		else {
			patch.put("due_date", form.dueDate().toString());
		}
		return view(this.charges.update(id, patch, ExpectedVersion.of(version)));
	}

	/**
	 * Refused (409) while anything is allocated to it; cancelling twice changes nothing.
	 * A charge active at a Pix provider is removed there first (502 when it cannot be).
	 */
	public ChargeView cancel(long id, long version) {
		return view(this.pixCharges.cancel(id, ExpectedVersion.of(version), false));
	}

	/**
	 * The BR Code the charge's page shows (the provider's while active, else the static
	 * one), or null when it has none.
	 */
	public @Nullable String pixCode(long id) {
		try {
			return this.pixCharges.brCode(id);
		}
		catch (FinanceProblems.NoBrCode none) {
			return null;
		}
	}

	private static ChargeView view(Versioned<ChargeResponse> charge) {
		return ChargeView.of(charge.body(), charge.version());
	}

}
