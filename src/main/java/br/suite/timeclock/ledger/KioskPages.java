package br.suite.timeclock.ledger;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import jakarta.servlet.http.HttpSession;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import br.suite.access.AccessDirectory;
import br.suite.access.EmployeeLookup;
import br.suite.shared.CurrentUser;
import br.suite.shared.Requires;
import br.suite.timeclock.TimeclockProblems;
import br.suite.web.FormErrors;

/**
 * The punch kiosk: a tablet signed in with a kiosk account. A person says who they are,
 * sees their name, picks the event and registers; the snapshot comes from the camera, or
 * a blank frame when there is none (the punch is then recorded for review, never
 * refused). The result offers the punch's comprovante as a PDF: only to the kiosk session
 * that registered it, and only for a few minutes (the person still at the tablet), so a
 * kiosk account cannot read other people's comprovantes (name, CPF) by trying punch ids.
 */
@Controller
class KioskPages {

	private final EmployeeLookup employees;

	private final PunchLedger ledger;

	/**
	 * The session attribute listing this kiosk session's recent punches: punch id → when
	 * it was registered.
	 */
	static final String RECENT = KioskPages.class.getName() + ".recent";

	private final Comprovantes comprovantes;

	// Read at each request (a test shortens it on the running service).
	private Duration comprovanteWindow;

	KioskPages(EmployeeLookup employees, PunchLedger ledger, Comprovantes comprovantes,
			@Value("${suite.web.kiosk-comprovante-window:5m}") Duration comprovanteWindow) {
		this.employees = employees;
		this.ledger = ledger;
		this.comprovantes = comprovantes;
		this.comprovanteWindow = comprovanteWindow;
	}

	@GetMapping({ "/kiosk", "/kiosk/" })
	@Requires("timeclock.punches.register")
	String kiosk(Model model) {
		model.addAttribute("eventTypes", EventType.wireValues());
		return "kiosk";
	}

	/**
	 * htmx: the name of the employee behind an identifier, to confirm before punching.
	 */
	@GetMapping("/kiosk/employee")
	@Requires("timeclock.punches.register")
	String employee(@RequestParam(defaultValue = "") String identifier, Model model) {
		Optional<AccessDirectory.UserSummary> employee = this.employees.find(identifier);
		model.addAttribute("employee", employee.orElse(null));
		model.addAttribute("identifier", identifier);
		model.addAttribute("eventTypes", EventType.wireValues());
		return "kiosk :: confirmation";
	}

	/**
	 * The kiosk's punch as sent: who (0 when nobody was confirmed), the mark, the
	 * camera's snapshot and state, and the key that makes a repeated send one punch.
	 */
	record PunchForm(@BindParam("employee_id") @Nullable Long employeeId,
			@BindParam("event_type") @Nullable String eventType, @Nullable String snapshot, @Nullable String camera,
			@BindParam("idempotency_key") @Nullable String key) {

		PunchForm {
			employeeId = employeeId == null ? 0L : employeeId;
			eventType = eventType == null ? "" : eventType;
			snapshot = snapshot == null ? "" : snapshot;
			camera = camera == null || camera.isEmpty() ? "none" : camera;
		}

		/** The API's registration. */
		PunchRequest request() {
			return new PunchRequest(this.eventType, this.employeeId, this.snapshot, "device", null, null, null);
		}

		@Nullable String idempotencyKey() {
			return this.key == null || this.key.isBlank() ? null : this.key;
		}

	}

	@PostMapping("/kiosk/punch")
	@Requires("timeclock.punches.register")
	String punch(PunchForm form, HttpSession session, Model model) {
		// The API's registration: same checks, face verification and ledger; a face that
		// does not match is recorded for review, never refused.
		return FormErrors.submit(model,
				() -> this.ledger.register(form.request(), form.idempotencyKey(), CurrentUser.get()).punch(), punch -> {
					model.addAttribute("punch", punch);
					model.addAttribute("cameraMissing", !"ok".equals(form.camera()));
					remember(session, punch.id());
					return "kiosk :: result";
				}, () -> "kiosk :: refused");
	}

	/**
	 * The comprovante (Portaria 671 art. 79) of a punch this kiosk session registered a
	 * moment ago; else 404.
	 */
	@GetMapping("/kiosk/comprovante/{id:\\d+}")
	@Requires("timeclock.punches.register")
	ResponseEntity<byte[]> comprovante(@PathVariable long id, HttpSession session) {
		if (!recent(session).containsKey(id)) {
			return ResponseEntity.status(HttpStatus.NOT_FOUND).build();
		}
		Comprovante comprovante = this.comprovantes
			.of(this.ledger.get(id).orElseThrow(() -> new TimeclockProblems.PunchNotFound(id)));
		return ResponseEntity.ok()
			.contentType(MediaType.APPLICATION_PDF)
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.attachment().filename(Comprovantes.fileName(comprovante)).build().toString())
			.header(HttpHeaders.CACHE_CONTROL, "no-store")
			.body(this.comprovantes.pdf(comprovante));
	}

	private void remember(HttpSession session, long punchId) {
		Map<Long, Instant> recent = new LinkedHashMap<>(recent(session));
		recent.put(punchId, Instant.now());
		session.setAttribute(RECENT, recent);
	}

	/** The session's punches still within the window (the expired ones are dropped). */
	private Map<Long, Instant> recent(HttpSession session) {
		Instant oldest = Instant.now().minus(this.comprovanteWindow);
		LinkedHashMap<Long, Instant> recent = new LinkedHashMap<>();
		if (session.getAttribute(RECENT) instanceof Map<?, ?> stored) {
			stored.forEach((id, at) -> {
				if (id instanceof Long punch && at instanceof Instant when && when.isAfter(oldest)) {
					recent.put(punch, when);
				}
			});
		}
		return recent;
	}

}
