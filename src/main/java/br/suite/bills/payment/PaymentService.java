package br.suite.bills.payment;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillsFields;
import br.suite.bills.bill.BillDirection;
import br.suite.bills.bill.BillLedger;
import br.suite.bills.bill.BillLedger.LockedInstallment;
import br.suite.bills.bill.InstallmentPayments;
import br.suite.finance.DebitAllocations;
import br.suite.shared.ApiProblem;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Money;

/**
 * Payments of payable installments: manual, or by a settled debit allocated to the
 * payment through finance. Partial payments leave the installment partially paid;
 * deleting a payment (or its debit going away in an import) reopens it.
 */
@Service
class PaymentService implements DebitAllocations.Released, InstallmentPayments {

	private final PaymentRepository payments;

	private final BillLedger ledger;

	private final DebitAllocations debits;

	private final AuditLog audit;

	PaymentService(PaymentRepository payments, BillLedger ledger, DebitAllocations debits, AuditLog audit) {
		this.payments = payments;
		this.ledger = ledger;
		this.debits = debits;
		this.audit = audit;
	}

	static final class PaymentNotFound extends ApiProblem.NotFound {

		PaymentNotFound(long id) {
			super("Payment", id);
		}

	}

	/** A payment that would settle nothing, or more than the installment has open. */
	static final class PaymentExceedsOpen extends ApiProblem.Conflict {

		PaymentExceedsOpen(int number, BigDecimal open, BigDecimal settled) {
			super("Installment " + number + " has " + Money.format(open) + " open; this payment would settle "
					+ Money.format(settled)
					+ " (amount + discount − interest − fine), which must be more than 0 and at most what is open.");
			with("field", "amount").with("open_amount", Money.format(open))
				.with("settled_amount", Money.format(settled));
		}

	}

	@Override
	@Transactional(readOnly = true)
	public List<Paid> of(long billId) {
		return this.payments.ofBill(billId)
			.stream()
			.map(p -> new Paid(p.id(), p.installmentNumber(), p.paidOn(), p.amount(), p.interest(), p.fine(),
					p.discount(), p.settledAmount(), p.transactionId()))
			.toList();
	}

	@Transactional(readOnly = true)
	List<PaymentResponse> list(long billId, long number) {
		if (!this.payments.installmentExists(billId, number)) {
			throw new ApiProblem.NotFound("Installment " + number + " of bill", billId);
		}
		return this.payments.ofInstallment(billId, number);
	}

	@Transactional
	PaymentResponse create(long billId, long number, PaymentRequest request, long userId) {
		LockedInstallment installment = this.ledger.lock(billId, number);
		InvalidRequest.Builder errors = InvalidRequest.builder();
		BigDecimal amount = BillsFields.amount(request.amount(), "amount", false, errors);
		BigDecimal interest = optional(request.interest(), "interest", errors);
		BigDecimal fine = optional(request.fine(), "fine", errors);
		BigDecimal discount = optional(request.discount(), "discount", errors);
		if (request.paidOn() == null && request.transactionId() == null) {
			errors.add("paid_on", "is required for a manual payment (without transaction_id)");
		}
		errors.throwIfAny();
		if (installment.direction() != BillDirection.PAYABLE) {
			throw new ApiProblem.Conflict("Bill " + billId + " is a receivable: its installments are paid through "
					+ "their charges, not here.")
				.with("field", "direction");
		}
		if (installment.cancelled()) {
			throw new ApiProblem.Conflict("Bill " + billId + " is cancelled: it takes no payments.");
		}
		BigDecimal settled = PaymentArithmetic.settled(Objects.requireNonNull(amount), interest, fine, discount);
		BigDecimal open = installment.openAmount();
		if (settled.signum() <= 0 || settled.compareTo(open) > 0) {
			throw new PaymentExceedsOpen((int) number, open, settled);
		}
		long id = this.payments.insert(new PaymentRepository.NewPayment(installment.installmentId(), request.paidOn(),
				amount, interest, fine, discount, settled, request.transactionId(), userId));
		if (request.transactionId() != null) {
			LocalDate debitDate = this.debits.allocate(request.transactionId(), id, amount, userId);
			if (request.paidOn() == null) {
				this.payments.paidOn(id, debitDate);
			}
		}
		resettle(installment);
		PaymentResponse payment = find(id);
		this.audit.record("finance.bill_payment.created", "bill_payment", id,
				AuditLog.Changes.of()
					.created("bill_id", billId)
					.created("installment_number", number)
					.created("paid_on", payment.paidOn().toString())
					.created("amount", Money.format(amount))
					.created("interest", Money.format(interest))
					.created("fine", Money.format(fine))
					.created("discount", Money.format(discount))
					.created("settled_amount", Money.format(settled))
					.created("transaction_id", request.transactionId()));
		return payment;
	}

	@Transactional
	void delete(long billId, long number, long paymentId) {
		LockedInstallment installment = this.ledger.lock(billId, number);
		PaymentResponse payment = find(paymentId);
		if (payment.billId() != billId || payment.installmentNumber() != number) {
			throw new PaymentNotFound(paymentId);
		}
		remove(payment);
		resettle(installment);
	}

	/**
	 * The import took the debits of these payments away: the payments go, the
	 * installments reopen.
	 */
	@Override
	public void released(List<Long> billPaymentIds) {
		for (Long id : billPaymentIds) {
			PaymentResponse payment = this.payments.find(id).orElse(null);
			if (payment == null) {
				continue;
			}
			LockedInstallment installment = this.ledger.lock(payment.billId(), payment.installmentNumber());
			remove(payment);
			resettle(installment);
		}
	}

	private void remove(PaymentResponse payment) {
		this.debits.release(payment.id());
		this.payments.delete(payment.id());
		this.audit.record("finance.bill_payment.deleted", "bill_payment", payment.id(),
				AuditLog.Changes.of()
					.put("bill_id", payment.billId(), null)
					.put("installment_number", payment.installmentNumber(), null)
					.put("amount", Money.format(payment.amount()), null)
					.put("settled_amount", Money.format(payment.settledAmount()), null)
					.put("transaction_id", payment.transactionId(), null));
	}

	/** The installment's paid amount and date from its payments, in one place. */
	private void resettle(LockedInstallment installment) {
		PaymentRepository.Sum sum = this.payments.sumOf(installment.installmentId());
		this.ledger.settled(installment.billId(), installment.installmentId(), sum.settled(), sum.paidOn());
	}

	private PaymentResponse find(long id) {
		return this.payments.find(id).orElseThrow(() -> new PaymentNotFound(id));
	}

	private static BigDecimal optional(@Nullable BigDecimal value, String field, InvalidRequest.Builder errors) {
		if (value == null) {
			return BigDecimal.ZERO.setScale(2);
		}
		BigDecimal checked = BillsFields.amount(value, field, true, errors);
		return checked == null ? BigDecimal.ZERO.setScale(2) : checked;
	}

}
