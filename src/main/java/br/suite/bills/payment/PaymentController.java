package br.suite.bills.payment;

import java.net.URI;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.CurrentUser;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;

@RestController
@RequestMapping("/api/finance/bills" + PathIds.ID + "/installments/{number:" + PathIds.PATTERN + "}/payments")
@Tag(name = "Bills: payments")
class PaymentController {

	private final PaymentService payments;

	PaymentController(PaymentService payments) {
		this.payments = payments;
	}

	@GetMapping
	@Requires("finance.bills.view")
	@Operation(summary = "List the payments of an installment", description = "A bare array by paid_on, then id.")
	List<PaymentResponse> list(@PathVariable long id, @PathVariable long number) {
		return this.payments.list(id, number);
	}

	@PostMapping
	@Requires("finance.bills.change")
	@Operation(summary = "Pay an installment of a payable bill",
			description = "amount (the money that left), optional interest, fine, discount (default 0) and "
					+ "transaction_id (a settled debit: its amount is allocated to this payment; a credit, a debit "
					+ "not settled or without that much unallocated is a 409). paid_on is required without a "
					+ "transaction (a manual payment) and defaults to the transaction's date with one. The payment "
					+ "settles amount + discount − interest − fine of the installment, which must be more than 0 "
					+ "and at most its open amount (409 naming open_amount). Receivable installments are paid "
					+ "through their charges (409).")
	ResponseEntity<PaymentResponse> create(@PathVariable long id, @PathVariable long number,
			@RequestBody PaymentRequest request) {
		PaymentResponse payment = this.payments.create(id, number, request, CurrentUser.get().id());
		return ResponseEntity.status(HttpStatus.CREATED)
			.location(URI
				.create("/api/finance/bills/" + id + "/installments/" + number + "/payments/" + payment.id() + "/"))
			.body(payment);
	}

	@DeleteMapping("/{paymentId:" + PathIds.PATTERN + "}")
	@Requires("finance.bills.change")
	@Operation(summary = "Delete a payment", description = "The installment reopens by what it settled; a debit's "
			+ "allocation to it is removed (the money is unallocated again).")
	ResponseEntity<Void> delete(@PathVariable long id, @PathVariable long number, @PathVariable long paymentId) {
		this.payments.delete(id, number, paymentId);
		return ResponseEntity.noContent().build();
	}

}
