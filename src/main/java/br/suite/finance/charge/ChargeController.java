package br.suite.finance.charge;

import java.time.LocalDate;
import java.util.List;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.jspecify.annotations.Nullable;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import br.suite.shared.ExpectedVersion;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.PathIds;
import br.suite.shared.Requires;
import tools.jackson.databind.node.ObjectNode;

@RestController
@RequestMapping("/api/finance/charges")
@Tag(name = "Finance: charges")
class ChargeController {

	private static final String RULES = " kind (pix, boleto, card, transfer, other) and amount (positive) are "
			+ "required. external_id is unique per provider (409 naming the existing charge); txid is a Pix txid "
			+ "(26-35 letters and digits); end_to_end_id a Pix end-to-end id (32); payer_document a CPF/CNPJ with "
			+ "valid check digits; fiscal_document_id must exist (400). paid_amount, open_amount, paid_on and status "
			+ "(open, partially_paid, paid, overpaid, cancelled) derive from the allocations.";

	private final ChargeService charges;

	private final PixCharges pixCharges;

	ChargeController(ChargeService charges, PixCharges pixCharges) {
		this.charges = charges;
		this.pixCharges = pixCharges;
	}

	/** The optional body of {@code POST …/pix/}. */
	record PixChargeRequest(@Schema(description = "The connection (with pix_api credentials) to create it at; "
			+ "default: the one already holding it, or the only enabled one") @Nullable Long connectionId) {
	}

	@GetMapping
	@Requires("finance.charges.view")
	@Operation(summary = "List charges", description = "A bare array, latest due_date first (charges without one "
			+ "on top), then id (newest first). Filters: status, kind, due_from/due_to (inclusive, on due_date), "
			+ "paid_from/paid_to (inclusive, on paid_on), payer_document (any valid CPF/CNPJ form), q (substring of "
			+ "description, payer name or document, external_id, txid, nosso_numero). Optional limit/offset add "
			+ "X-Total-Count.")
	ResponseEntity<List<ChargeResponse>> list(
			@RequestParam(required = false) @Parameter(
					description = "open, partially_paid, paid, overpaid or " + "cancelled") @Nullable String status,
			@RequestParam(required = false) @Nullable String kind,
			@RequestParam(name = "due_from",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dueFrom,
			@RequestParam(name = "due_to",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate dueTo,
			@RequestParam(name = "paid_from",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate paidFrom,
			@RequestParam(name = "paid_to",
					required = false) @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) @Nullable LocalDate paidTo,
			@RequestParam(name = "payer_document", required = false) @Nullable String payerDocument,
			@RequestParam(required = false) @Nullable String q, @RequestParam(required = false) @Nullable Integer limit,
			@RequestParam(required = false) @Nullable Integer offset) {
		Paging paging = new Paging(limit, offset);
		ListQuery.Page<ChargeResponse> listing = this.charges
			.list(new ChargeService.Filter(status, kind, dueFrom, dueTo, paidFrom, paidTo, payerDocument, q), paging);
		return paging.respond(listing.items(), listing.total());
	}

	@PostMapping
	@Requires("finance.charges.change")
	@Operation(summary = "Create a charge", description = "Status starts open." + RULES)
	ResponseEntity<ChargeResponse> create(@RequestBody ChargeRequest request) {
		var created = this.charges.create(request);
		return created.created("/api/finance/charges/" + created.body().id() + "/");
	}

	@GetMapping(PathIds.ID)
	@Requires("finance.charges.view")
	@Operation(summary = "Read a charge")
	ResponseEntity<ChargeResponse> get(@PathVariable long id) {
		return this.charges.get(id).ok();
	}

	@PatchMapping(PathIds.ID)
	@Requires("finance.charges.change")
	@Operation(summary = "Change some fields of a charge",
			description = "Changes only the fields sent, with the " + "rules of create." + RULES
					+ " A cancelled charge no longer changes (409); amount cannot go below " + "paid_amount (409).",
			requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(
					content = @Content(schema = @Schema(implementation = ChargeRequest.class))))
	ResponseEntity<ChargeResponse> update(@PathVariable long id, @RequestBody ObjectNode patch,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch) {
		return this.charges.update(id, patch, ExpectedVersion.ifMatch(ifMatch)).ok();
	}

	@PostMapping(PathIds.ID + "/pix")
	@Requires("finance.charges.change")
	@Operation(summary = "Create the charge at the Pix provider",
			description = "PUT /cob/{txid} at the provider when the charge has no due date (immediate, expiring after "
					+ "suite.finance.pix-providers.cob-expiration, 1 day), PUT /cobv/{txid} when it has one (needs "
					+ "payer_name and payer_document: 409 naming the field). The txid is the charge's, or one Suite "
					+ "generates (32 letters and digits) and stores before calling, so calling again after a failure "
					+ "(or after a change of amount) revises the same charge at the provider. Stores the answer's "
					+ "pixCopiaECola (or brcode; or a BR Code built from its location), location and status: "
					+ "qrcode.png and the payment page then show this dynamic code. 409 for a charge that is not pix, "
					+ "is cancelled or has nothing open; 400 naming connection_id when several connections could "
					+ "hold it; 502 when the provider refuses or cannot be reached.")
	ResponseEntity<ChargeResponse> createAtProvider(@PathVariable long id,
			@RequestBody(required = false) @Nullable PixChargeRequest request) {
		return this.pixCharges.create(id, request == null ? null : request.connectionId()).ok();
	}

	@GetMapping(value = PathIds.ID + "/qrcode.png", produces = MediaType.IMAGE_PNG_VALUE)
	@Requires("finance.charges.view")
	@Operation(summary = "The charge's Pix QR code (PNG)",
			description = "The provider's dynamic BR Code (pix_copia_e_cola) while the charge created by POST …/pix/ "
					+ "is active there; otherwise a static BR Code built by Suite (EMV QRCPS-MPM, "
					+ "CRC16-CCITT): the company's Pix key (SUITE_PIX_KEY), merchant name and city, the charge's open "
					+ "amount and its pix_reference in field 62/05, so the Pix that pays it arrives with that "
					+ "reference as txid and the automatic matching allocates it. 409 for a charge that is not pix, "
					+ "is cancelled or has nothing open, or when no Pix key is configured. 400 × 400 pixels.")
	ResponseEntity<byte[]> qrCode(@PathVariable long id) {
		return ResponseEntity.ok()
			.contentType(MediaType.IMAGE_PNG)
			.cacheControl(CacheControl.noStore())
			.body(QrCodes.png(this.pixCharges.brCode(id)));
	}

	@PostMapping(PathIds.ID + "/cancel")
	@Requires("finance.charges.change")
	@Operation(summary = "Cancel a charge", description = "Status becomes cancelled; refused (409) while "
			+ "transactions are allocated to it. Cancelling a cancelled charge changes nothing. Charges are never "
			+ "deleted. A charge active at a Pix provider (POST …/pix/) is removed there first (PATCH status "
			+ "REMOVIDA_PELO_USUARIO_RECEBEDOR); when the provider refuses or cannot be reached nothing changes "
			+ "(502); local_only=true cancels in Suite alone, leaving the provider's charge as it is.")
	ResponseEntity<ChargeResponse> cancel(@PathVariable long id,
			@RequestHeader(name = HttpHeaders.IF_MATCH, required = false) @Nullable String ifMatch,
			@RequestParam(name = "local_only", defaultValue = "false") boolean localOnly) {
		return this.pixCharges.cancel(id, ExpectedVersion.ifMatch(ifMatch), localOnly).ok();
	}

}
