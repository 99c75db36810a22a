package br.suite.timeclock.request;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.shared.CurrentUser;
import br.suite.shared.InvalidRequest;
import br.suite.timeclock.absence.Absences;

/**
 * The certificate of an absence request (health data, LGPD art. 11): attached by the
 * employee while pending, read by managers with {@code timeclock.certificates.view},
 * every read audited; approving copies it onto the absence.
 */
@Service
class TimeclockRequestCertificates {

	private final JdbcClient jdbc;

	private final TimeclockRequests requests;

	private final AuditLog audit;

	TimeclockRequestCertificates(JdbcClient jdbc, TimeclockRequests requests, AuditLog audit) {
		this.jdbc = jdbc;
		this.requests = requests;
		this.audit = audit;
	}

	/** The employee attaches the certificate of their pending absence request. */
	@Transactional
	TimeclockRequestResponse attach(long id, byte @Nullable [] body, CurrentUser caller) {
		TimeclockRequestResponse request = this.requests.locked(id);
		if (request.employeeId() != caller.id()) {
			throw new TimeclockRequestProblems.RequestNotFound(id);
		}
		if (!"absence".equals(request.kind())) {
			throw InvalidRequest.of("certificate", "only an absence request has a certificate");
		}
		if (!"pending".equals(request.status())) {
			throw new TimeclockRequestProblems.RequestDecided(id, request.status());
		}
		Absences.Certificate certificate = Absences.Certificate.checked(body);
		this.jdbc.sql("""
				UPDATE timeclock_request SET certificate = :body, certificate_content_type = :type,
				    certificate_sha256 = :sha WHERE id = :id""").params(certificate.columns(id)).update();
		this.audit.record("timeclock.request.certificate_attached", "request", id, certificate.attached());
		return this.requests.get(id);
	}

	/** The certificate of a request (health data): the read is audited. */
	@Transactional
	Absences.Certificate certificate(long id) {
		TimeclockRequestResponse request = this.requests.get(id);
		if (!request.hasCertificate()) {
			throw new TimeclockRequestProblems.RequestNotFound(id);
		}
		byte[] bytes = this.requests.certificateBytes(id);
		this.audit.record("timeclock.request.certificate_read", "request", id,
				AuditLog.Changes.of().put("employee_id", null, request.employeeId()));
		return new Absences.Certificate(bytes, request.certificateContentType());
	}

}
