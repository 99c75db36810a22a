package br.suite.finance.charge;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

import br.suite.finance.FinanceProblems.NoBrCode;
import br.suite.finance.pix.PixSettings;

/**
 * What the public payment page of a pix charge shows, found by its token: only what a
 * boleto shows (payee, amount, due date, description, the BR Code) and whether it is
 * open, paid or cancelled. Nothing of the payer, no ids.
 */
@Service
class PublicPayments {

	/** The page's content; {@code state} is aberta, paga or cancelada. */
	record Payment(String token, String payee, BigDecimal amount, @Nullable LocalDate dueDate, String description,
			String state, String copiaECola) {
	}

	private final JdbcClient jdbc;

	private final ChargeService charges;

	private final PixCharges pixCharges;

	private final PixSettings pix;

	PublicPayments(JdbcClient jdbc, ChargeService charges, PixCharges pixCharges, PixSettings pix) {
		this.jdbc = jdbc;
		this.charges = charges;
		this.pixCharges = pixCharges;
		this.pix = pix;
	}

	/** The pix charge with that token; empty for a malformed or unknown one. */
	Optional<Payment> find(String token) {
		if (!PaymentLinks.TOKEN.matcher(token).matches()) {
			return Optional.empty();
		}
		Optional<Long> id = this.jdbc.sql("SELECT id FROM finance_charge WHERE payment_token = ? AND kind = 'pix'")
			.param(token)
			.query(Long.class)
			.optional();
		if (id.isEmpty()) {
			return Optional.empty();
		}
		ChargeResponse charge = this.charges.get(id.get()).body();
		String state = switch (charge.status()) {
			case "cancelled" -> "cancelada";
			case "paid", "overpaid" -> "paga";
			default -> "aberta";
		};
		String code = "";
		if (state.equals("aberta")) {
			try {
				code = this.pixCharges.brCode(charge.id());
			}
			catch (NoBrCode ex) {
				// Neither a provider's charge nor the company's Pix key: the page says
				// so.
			}
		}
		String payee = this.pix.merchantName().isBlank() ? "" : this.pix.merchantName().strip();
		return Optional.of(new Payment(token, payee, state.equals("aberta") ? charge.openAmount() : charge.amount(),
				charge.dueDate(), charge.description(), state, code));
	}

}
