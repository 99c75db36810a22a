package br.suite.audit;

import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.BindParam;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import tools.jackson.databind.JsonNode;

import br.suite.shared.InvalidRequest;
import br.suite.shared.Requires;
import br.suite.web.FormErrors;
import br.suite.web.FormInput;
import br.suite.web.Pager;

/**
 * The audit log with the API's filters (who, action, resource, days), newest first, a
 * page at a time.
 */
@Controller
class AuditPages {

	private final AuditEvents events;

	AuditPages(AuditEvents events) {
		this.events = events;
	}

	/**
	 * One changed field; values as JSON text ({@code null} when absent, strings without
	 * quotes).
	 */
	record Change(String field, @Nullable String before, @Nullable String after) {
	}

	/** An event as the page lists it, its changes as rows of field, before and after. */
	record Entry(long id, Instant at, @Nullable Long actorId, String actorName, @Nullable String clientAddress,
			@Nullable String requestId, String action, String resourceType, @Nullable String resourceId,
			List<Change> changes) {
	}

	/** The list's filters as typed (the API's names); blank for any. */
	record ListFilter(@BindParam("actor_id") String actorId, String action,
			@BindParam("resource_type") String resourceType, @BindParam("resource_id") String resourceId,
			@BindParam("date_from") String dateFrom, @BindParam("date_to") String dateTo) {

		ListFilter {
			actorId = actorId == null ? "" : actorId;
			action = action == null ? "" : action;
			resourceType = resourceType == null ? "" : resourceType;
			resourceId = resourceId == null ? "" : resourceId;
			dateFrom = dateFrom == null ? "" : dateFrom;
			dateTo = dateTo == null ? "" : dateTo;
		}

		/** The API's filter; the actor and the days are read at once (400). */
		AuditEvents.Filter filter() {
			LocalDate from = FormInput.day("date_from", this.dateFrom);
			LocalDate to = FormInput.day("date_to", this.dateTo);
			if (from != null && to != null && to.isBefore(from)) {
				throw InvalidRequest.of("date_to", "{form.dateOrder}");
			}
			return new AuditEvents.Filter(actor(this.actorId), FormInput.blank(this.action),
					FormInput.blank(this.resourceType), FormInput.blank(this.resourceId), from, to);
		}

	}

	@GetMapping({ "/app/audit", "/app/audit/" })
	@Requires("audit.events.view")
	String list(ListFilter filter, @RequestParam(defaultValue = "1") int pagina, Model model) {
		model.addAttribute("actorId", filter.actorId());
		model.addAttribute("action", filter.action());
		model.addAttribute("resourceType", filter.resourceType());
		model.addAttribute("resourceId", filter.resourceId());
		model.addAttribute("dateFrom", filter.dateFrom());
		model.addAttribute("dateTo", filter.dateTo());
		model.addAttribute("entries", List.of());
		model.addAttribute("pager", Pager.of(1, 0));
		return FormErrors.submit(model, () -> this.events.list(filter.filter(), Pager.paging(pagina)), page -> {
			model.addAttribute("entries", page.items().stream().map(AuditPages::entry).toList());
			model.addAttribute("pager", Pager.of(pagina, page.total()));
			return "audit";
		}, () -> "audit");
	}

	private static @Nullable Long actor(String value) {
		if (value.isBlank()) {
			return null;
		}
		try {
			return Long.valueOf(value.strip());
		}
		catch (NumberFormatException ex) {
			throw InvalidRequest.of("actor_id", "{form.actor}");
		}
	}

	private static Entry entry(AuditEventResponse e) {
		List<Change> changes = new ArrayList<>();
		if (e.changes().isObject()) {
			for (Map.Entry<String, JsonNode> field : e.changes().properties()) {
				JsonNode value = field.getValue();
				if (value.isObject() && (value.has("before") || value.has("after"))) {
					changes.add(new Change(field.getKey(), text(value.get("before")), text(value.get("after"))));
				}
				else {
					changes.add(new Change(field.getKey(), null, text(value)));
				}
			}
		}
		return new Entry(e.id(), e.at(), e.actorId(), e.actorName(), e.clientAddress(), e.requestId(), e.action(),
				e.resourceType(), e.resourceId(), changes);
	}

	private static @Nullable String text(@Nullable JsonNode value) {
		if (value == null || value.isNull() || value.isMissingNode()) {
			return null;
		}
		return value.isString() ? value.asString() : value.toString();
	}

}
