package br.suite.finance.collection;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.finance.collection.CollectionTemplates.Template;
import br.suite.finance.collection.CollectionTemplates.Templates;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.Versioned;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The régua de cobrança's one policy row ({@code finance_collection_policy}, id 1): the
 * defaults until it is first saved; every change audited.
 */
@Service
class Policies {

	static final int MIN_OFFSET = -60;

	static final int MAX_OFFSET = 120;

	static final int MAX_STEPS = 10;

	private static final Pattern TIME = Pattern.compile("([01][0-9]|2[0-3]):[0-5][0-9]");

	private static final DateTimeFormatter HH_MM = DateTimeFormatter.ofPattern("HH:mm");

	private final JdbcClient jdbc;

	private final JsonMapper json;

	private final AuditLog audit;

	private final Mailer mailer;

	Policies(JdbcClient jdbc, JsonMapper json, AuditLog audit, Mailer mailer) {
		this.jdbc = jdbc;
		this.json = json;
		this.audit = audit;
		this.mailer = mailer;
	}

	@Transactional(readOnly = true)
	Versioned<Policy> current() {
		return find(false);
	}

	@Transactional(readOnly = true)
	Versioned<PolicyResponse> get() {
		Versioned<Policy> policy = find(false);
		return new Versioned<>(response(policy.body()), policy.version());
	}

	@Transactional
	Versioned<PolicyResponse> put(PolicyRequest request, ExpectedVersion expected) {
		Policy next = check(request);
		Versioned<Policy> current = find(true);
		expected.check(current.version());
		Instant now = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS).toInstant();
		String steps = "{" + String.join(",", next.steps().stream().map(String::valueOf).toList()) + "}";
		long version = this.jdbc.sql("""
				INSERT INTO finance_collection_policy (id, enabled, send_time, steps, templates, receipt, version,
				    updated_at)
				VALUES (1, :enabled, :sendTime, CAST(:steps AS integer[]), CAST(:templates AS jsonb), :receipt, 1, :now)
				ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, send_time = excluded.send_time,
				    steps = excluded.steps, templates = excluded.templates, receipt = excluded.receipt,
				    version = finance_collection_policy.version + 1, updated_at = excluded.updated_at
				RETURNING version""")
			.param("enabled", next.enabled())
			.param("sendTime", next.sendTime())
			.param("steps", steps)
			.param("templates", this.json.writeValueAsString(templatesJson(next.templates())))
			.param("receipt", next.receipt())
			.param("now", OffsetDateTime.ofInstant(now, ZoneOffset.UTC))
			.query(Long.class)
			.single();
		AuditLog.Changes changes = AuditLog.Changes.between(audited(current.body()), audited(next));
		if (!changes.isEmpty()) {
			this.audit.record("finance.collection_policy.updated", "collection_policy", 1, changes);
		}
		return new Versioned<>(response(find(false).body()), version);
	}

	private Versioned<Policy> find(boolean forUpdate) {
		return this.jdbc
			.sql("SELECT enabled, send_time, steps, templates::text AS templates, receipt, version, updated_at "
					+ "FROM finance_collection_policy WHERE id = 1" + (forUpdate ? " FOR UPDATE" : ""))
			.query((rs, n) -> new Versioned<>(map(rs), rs.getLong("version")))
			.optional()
			.orElse(new Versioned<>(Policy.DEFAULT, 0));
	}

	private Policy map(ResultSet rs) throws SQLException {
		Array array = rs.getArray("steps");
		Integer[] steps = (Integer[]) array.getArray();
		JsonNode templates = this.json.readTree(rs.getString("templates"));
		OffsetDateTime updated = rs.getObject("updated_at", OffsetDateTime.class);
		return new Policy(rs.getBoolean("enabled"), rs.getObject("send_time", LocalTime.class),
				List.copyOf(Arrays.asList(steps)),
				new Templates(template(templates.path("before")), template(templates.path("due")),
						template(templates.path("after"))),
				rs.getBoolean("receipt"), updated == null ? null : updated.toInstant());
	}

	private static Template template(JsonNode node) {
		return new Template(node.path("subject").asString(""), node.path("text").asString(""));
	}

	private ObjectNode templatesJson(Templates templates) {
		ObjectNode node = this.json.createObjectNode();
		node.putObject("before").put("subject", templates.before().subject()).put("text", templates.before().text());
		node.putObject("due").put("subject", templates.due().subject()).put("text", templates.due().text());
		node.putObject("after").put("subject", templates.after().subject()).put("text", templates.after().text());
		return node;
	}

	PolicyResponse response(Policy policy) {
		List<String> placeholders = CollectionTemplates.PLACEHOLDERS.stream().sorted().toList();
		return new PolicyResponse(policy.enabled(), HH_MM.format(policy.sendTime()),
				policy.steps().stream().map(PolicyResponse.Step::new).toList(),
				new PolicyResponse.Templates(wire(policy.templates().before()), wire(policy.templates().due()),
						wire(policy.templates().after())),
				policy.receipt(), this.mailer.configured(), placeholders, policy.updatedAt());
	}

	private static PolicyResponse.Template wire(Template template) {
		return new PolicyResponse.Template(template.subject(), template.text());
	}

	/** The request's checks; every error at once, naming its field. */
	static Policy check(PolicyRequest request) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		LocalTime sendTime = Policy.DEFAULT.sendTime();
		if (request.sendTime() != null) {
			String text = request.sendTime().strip();
			if (!TIME.matcher(text).matches()) {
				errors.add("send_time", "must be HH:MM, 00:00 to 23:59 (America/Sao_Paulo)");
			}
			else {
				try {
					sendTime = LocalTime.parse(text, HH_MM);
				}
				catch (DateTimeParseException ex) {
					errors.add("send_time", "must be HH:MM, 00:00 to 23:59 (America/Sao_Paulo)");
				}
			}
		}
		List<Integer> steps = Policy.DEFAULT.steps();
		if (request.steps() != null) {
			Set<Integer> seen = new LinkedHashSet<>();
			if (request.steps().isEmpty() || request.steps().size() > MAX_STEPS) {
				errors.add("steps", "must hold 1 to " + MAX_STEPS + " steps");
			}
			for (int i = 0; i < request.steps().size(); i++) {
				PolicyRequest.Step step = request.steps().get(i);
				String field = "steps[" + i + "].offset_days";
				if (step == null || step.offsetDays() == null) {
					errors.add(field, "is required");
				}
				else if (step.offsetDays() < MIN_OFFSET || step.offsetDays() > MAX_OFFSET) {
					errors.add(field, "must be between " + MIN_OFFSET + " and " + MAX_OFFSET);
				}
				else if (!seen.add(step.offsetDays())) {
					errors.add(field, "repeats offset_days " + step.offsetDays());
				}
			}
			List<Integer> sorted = new ArrayList<>(seen);
			sorted.sort(null);
			steps = List.copyOf(sorted);
		}
		Templates defaults = CollectionTemplates.DEFAULTS;
		PolicyRequest.Templates sent = request.templates();
		Templates templates = new Templates(
				template(sent == null ? null : sent.before(), defaults.before(), "templates.before", errors),
				template(sent == null ? null : sent.due(), defaults.due(), "templates.due", errors),
				template(sent == null ? null : sent.after(), defaults.after(), "templates.after", errors));
		errors.throwIfAny();
		return new Policy(Boolean.TRUE.equals(request.enabled()), sendTime, steps, templates,
				Boolean.TRUE.equals(request.receipt()), null);
	}

	private static Template template(PolicyRequest.@Nullable Template sent, Template fallback, String field,
			InvalidRequest.Builder errors) {
		if (sent == null) {
			return fallback;
		}
		Template template = new Template(Objects.requireNonNullElse(sent.subject(), "").strip(),
				Objects.requireNonNullElse(sent.text(), "").replace("\r\n", "\n").strip());
		CollectionTemplates.check(template, field, errors);
		return template;
	}

	private static Map<String, @Nullable Object> audited(Policy policy) {
		Map<String, @Nullable Object> fields = new LinkedHashMap<>();
		fields.put("enabled", policy.enabled());
		fields.put("send_time", HH_MM.format(policy.sendTime()));
		fields.put("steps", policy.steps().toString());
		fields.put("templates.before.subject", policy.templates().before().subject());
		fields.put("templates.before.text", policy.templates().before().text());
		fields.put("templates.due.subject", policy.templates().due().subject());
		fields.put("templates.due.text", policy.templates().due().text());
		fields.put("templates.after.subject", policy.templates().after().subject());
		fields.put("templates.after.text", policy.templates().after().text());
		fields.put("receipt", policy.receipt());
		return fields;
	}

}
