package br.suite.timeclock;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.util.List;

import jakarta.validation.Validator;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;

import br.suite.access.AccessDirectory;
import br.suite.shared.BeanChecks;
import br.suite.shared.CurrentUser;
import br.suite.shared.DateTimes;
import br.suite.shared.Paging;

/**
 * The time clock's back office for callers inside the application (the web pages):
 * adjustments, the espelho de ponto, the AFD and establishments, through the same
 * services, checks and errors as the {@code /api/timeclock/} endpoints, with the caller
 * passed in.
 */
@Service
public class TimeclockAdministration {

	private final Establishments establishments;

	private final PunchAdjustments adjustments;

	private final PunchLedger ledger;

	private final Timesheets timesheets;

	private final AfdExport afd;

	private final AfdSigner signer;

	private final Comprovantes comprovantes;

	private final AccessDirectory users;

	private final Validator validator;

	private final RepSettings settings;

	TimeclockAdministration(Establishments establishments, PunchAdjustments adjustments, PunchLedger ledger,
			Timesheets timesheets, AfdExport afd, AfdSigner signer, Comprovantes comprovantes, AccessDirectory users,
			Validator validator, RepSettings settings) {
		this.settings = settings;
		this.establishments = establishments;
		this.adjustments = adjustments;
		this.ledger = ledger;
		this.timesheets = timesheets;
		this.afd = afd;
		this.signer = signer;
		this.comprovantes = comprovantes;
		this.users = users;
		this.validator = validator;
	}

	/** An establishment as a list or a form shows it. */
	public record EstablishmentView(long id, String name, @Nullable String employerDocument, String ceiCaepfCno,
			String address, String timeZone, boolean active, long lastNsr) {

		static EstablishmentView of(Establishment e) {
			return new EstablishmentView(e.id(), e.name(), e.employerDocument(), e.ceiCaepfCno(), e.address(),
					e.timeZone().getId(), e.active(), e.lastNsr());
		}

	}

	/** What the establishment form sends. */
	public record EstablishmentForm(String name, String employerDocument, String ceiCaepfCno, String address,
			String timeZone, boolean active) {
	}

	public List<EstablishmentView> establishments() {
		return this.establishments.list().stream().map(EstablishmentView::of).toList();
	}

	public EstablishmentView establishment(long id) {
		return EstablishmentView.of(this.establishments.get(id));
	}

	/**
	 * Creates the establishment; its employer data become its AFD type-2 record, the
	 * caller responsible.
	 */
	public EstablishmentView createEstablishment(EstablishmentForm form, CurrentUser caller) {
		return EstablishmentView.of(this.establishments.create(request(form), caller.id()));
	}

	public EstablishmentView updateEstablishment(long id, EstablishmentForm form, CurrentUser caller) {
		return EstablishmentView.of(this.establishments.update(id, current -> request(form), caller.id()));
	}

	private EstablishmentRequest request(EstablishmentForm form) {
		EstablishmentRequest request = new EstablishmentRequest(form.name(), form.employerDocument(),
				form.ceiCaepfCno(), form.address(), form.timeZone(), form.active());
		BeanChecks.check(this.validator, request);
		return request;
	}

	/**
	 * An adjustment as the list shows it; {@code occurredAt} in the zone of the
	 * employee's establishment.
	 */
	public record AdjustmentView(long id, String kind, long employeeId, String employeeName, @Nullable Long punchId,
			@Nullable Long punchNsr, @Nullable String eventType, @Nullable OffsetDateTime occurredAt, String reason,
			long createdBy, String createdByName, Instant createdAt) {
	}

	public record AdjustmentPage(List<AdjustmentView> adjustments, long total) {
	}

	public AdjustmentPage adjustments(@Nullable Long employeeId, int limit, int offset) {
		List<AdjustmentView> page = this.adjustments.list(employeeId, new Paging(limit, offset))
			.stream()
			.map(this::view)
			.toList();
		return new AdjustmentPage(page, this.adjustments.count(employeeId));
	}

	private AdjustmentView view(AdjustmentResponse a) {
		Punch punch = a.punchId() == null ? null : this.ledger.get(a.punchId()).orElse(null);
		OffsetDateTime at = punch != null ? punch.occurredAtLocal()
				: a.occurredAt() == null ? null : a.occurredAt().atZone(zoneOf(a.employeeId())).toOffsetDateTime();
		return new AdjustmentView(a.id(), a.kind(), a.employeeId(), name(a.employeeId()), a.punchId(),
				punch == null ? null : punch.nsr(), punch != null ? punch.eventType() : a.eventType(), at, a.reason(),
				a.createdBy(), name(a.createdBy()), a.createdAt());
	}

	private String name(long userId) {
		return this.users.find(userId).map(AccessDirectory.UserSummary::displayName).orElse("#" + userId);
	}

	/**
	 * The zone of the employee's establishment (the default establishment's when none is
	 * set).
	 */
	public ZoneId zoneOf(long employeeId) {
		Long establishment = this.users.find(employeeId).map(AccessDirectory.UserSummary::establishmentId).orElse(null);
		return this.establishments.find(establishment == null ? Establishments.DEFAULT : establishment)
			.map(Establishment::timeZone)
			.orElse(DateTimes.BRAZIL);
	}

	/**
	 * Includes a forgotten punch at a local date and time of the employee's
	 * establishment, as {@code POST
	 * /api/timeclock/punch-adjustments/} with kind {@code include} (400 naming fields,
	 * 409 for one's own punches).
	 */
	public AdjustmentView include(@Nullable Long employeeId, @Nullable String eventType, @Nullable LocalDateTime at,
			String reason, CurrentUser caller) {
		OffsetDateTime occurredAt = at == null || employeeId == null ? null
				: at.atZone(zoneOf(employeeId)).toOffsetDateTime();
		return record(new AdjustmentRequest("include", null, employeeId, eventType, occurredAt, reason), caller);
	}

	/**
	 * Disregards a punch, as {@code POST /api/timeclock/punch-adjustments/} with kind
	 * {@code disregard}.
	 */
	public AdjustmentView disregard(long punchId, String reason, CurrentUser caller) {
		return record(new AdjustmentRequest("disregard", punchId, null, null, null, reason), caller);
	}

	private AdjustmentView record(AdjustmentRequest request, CurrentUser caller) {
		BeanChecks.check(this.validator, request);
		return view(this.adjustments.record(request, caller));
	}

	/** A punch as the disregard confirmation shows it, in its establishment's zone. */
	public record PunchSummary(long id, long nsr, String eventType, long employeeId, String employeeName,
			OffsetDateTime occurredAt, boolean disregarded, boolean needsReview, String recognitionReason) {
	}

	public PunchSummary punch(long id) {
		Punch p = this.ledger.get(id).orElseThrow(() -> new TimeclockProblems.PunchNotFound(id));
		return new PunchSummary(p.id(), p.nsr(), p.eventType(), p.employeeId(), p.employeeName(), p.occurredAtLocal(),
				p.disregarded(), p.needsReview(), p.recognitionReason());
	}

	/**
	 * One mark of a day: a punch (possibly disregarded) or an included one, at its local
	 * time.
	 */
	public record MarkView(OffsetDateTime at, String eventType, String origin, @Nullable Long punchId,
			@Nullable Long nsr, boolean disregarded, boolean needsReview, @Nullable String reason) {
	}

	public record DayView(LocalDate date, String weekday, List<MarkView> marks, long workedMinutes,
			List<String> flags) {
	}

	public record TimesheetView(long employeeId, String employeeName, @Nullable String employeeCpf,
			String establishmentName, String timeZone, String month, List<DayView> days, long workedMinutes,
			long flaggedDays) {
	}

	/**
	 * The espelho de ponto of an employee's month ({@code YYYY-MM}); 400 naming
	 * employee_id or month.
	 */
	public TimesheetView timesheet(@Nullable Long employeeId, @Nullable String month) {
		Timesheet sheet = this.timesheets.of(employeeId, month);
		return new TimesheetView(sheet.employeeId(), sheet.employeeName(), sheet.employeeCpf(),
				sheet.establishmentName(), sheet.timeZone(), sheet.month(),
				sheet.days()
					.stream()
					.map(d -> new DayView(d.date(), d.weekday(),
							d.marks()
								.stream()
								.map(m -> new MarkView(m.at(), m.eventType(), m.origin(), m.punchId(), m.nsr(),
										m.disregarded(), m.needsReview(), m.reason()))
								.toList(),
							d.workedMinutes(), d.flags()))
					.toList(),
				sheet.workedMinutes(), sheet.flaggedDays());
	}

	public byte[] timesheetPdf(@Nullable Long employeeId, @Nullable String month) {
		return this.timesheets.pdf(this.timesheets.of(employeeId, month));
	}

	/**
	 * An exported AFD: the file's name, its bytes, and the generation time that
	 * reproduces them.
	 */
	public record AfdFile(String name, byte[] bytes, Instant generatedAt) {
	}

	/**
	 * The AFD as {@code GET /api/timeclock/afd/}: 400 naming establishment_id or date_to,
	 * 409 when the establishment has no employer document or (without
	 * {@code allowIncomplete}) punches of employees without CPF, listed in the problem's
	 * {@code employees}.
	 */
	public AfdFile afd(@Nullable Long establishmentId, @Nullable LocalDate from, @Nullable LocalDate to,
			boolean allowIncomplete, @Nullable Instant generatedAt) {
		AfdExport.File file = this.afd.export(new AfdRequest(establishmentId, from, to, allowIncomplete, generatedAt));
		return new AfdFile(file.name(), file.bytes(), file.generatedAt());
	}

	/** Whether a signing key store is configured (without one the .p7s is a 503). */
	public boolean afdSignatureConfigured() {
		return this.settings.signatureKeystore() != null;
	}

	/**
	 * The detached CAdES signature of exactly that AFD; 503 when no signing key is
	 * configured.
	 */
	public byte[] afdSignature(AfdFile file) {
		return this.signer.sign(file.bytes());
	}

	/** A comprovante as a PDF and its file name. */
	public record ComprovantePdf(String fileName, byte[] pdf) {
	}

	/**
	 * The comprovante (Portaria 671 art. 79) of a punch, as {@code GET
	 * /api/timeclock/punches/{id}/comprovante}.
	 */
	public ComprovantePdf comprovante(long punchId) {
		Punch punch = this.ledger.get(punchId).orElseThrow(() -> new TimeclockProblems.PunchNotFound(punchId));
		Comprovante comprovante = this.comprovantes.of(punch);
		return new ComprovantePdf("comprovante-" + comprovante.establishmentId() + "-" + comprovante.nsr() + ".pdf",
				this.comprovantes.pdf(comprovante));
	}

}
