package br.suite.bills.category;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import br.suite.audit.AuditLog;
import br.suite.bills.BillsFields;
import br.suite.bills.category.CategoryProblems.CategoryCodeTaken;
import br.suite.bills.category.CategoryProblems.CategoryKindInUse;
import br.suite.bills.category.CategoryProblems.CategoryNotFound;
import br.suite.shared.ClosedSet;
import br.suite.shared.ExpectedVersion;
import br.suite.shared.InvalidRequest;
import br.suite.shared.lists.ListQuery;
import br.suite.shared.lists.Paging;
import br.suite.shared.json.PartialUpdates;
import br.suite.shared.Versioned;
import tools.jackson.databind.node.ObjectNode;

/**
 * The management chart of accounts: categories are created and changed, never deleted.
 */
@Service
class CategoryService {

	private static final Pattern CODE = Pattern.compile("[0-9]+(\\.[0-9]+)*");

	private final CategoryRepository categories;

	private final PartialUpdates partialUpdates;

	private final AuditLog audit;

	CategoryService(CategoryRepository categories, PartialUpdates partialUpdates, AuditLog audit) {
		this.categories = categories;
		this.partialUpdates = partialUpdates;
		this.audit = audit;
	}

	record Filter(@Nullable String kind, @Nullable Boolean active, @Nullable Long parentId, @Nullable String q) {
	}

	/** A category's checked fields, as stored. */
	record Content(String code, String name, CategoryKind kind, @Nullable Long parentId, DreLine dreLine,
			boolean active) {

		Map<String, @Nullable Object> audited() {
			Map<String, @Nullable Object> fields = new LinkedHashMap<>();
			fields.put("code", this.code);
			fields.put("name", this.name);
			fields.put("kind", ClosedSet.wire(this.kind));
			fields.put("parent_id", this.parentId);
			fields.put("dre_line", ClosedSet.wire(this.dreLine));
			fields.put("active", this.active);
			return fields;
		}

	}

	@Transactional(readOnly = true)
	ListQuery.Page<CategoryResponse> list(Filter filter, Paging paging) {
		String q = BillsFields.parameter(filter.q(), "q");
		CategoryKind kind = filter.kind() == null ? null : ClosedSet.parse(CategoryKind.class, "kind", filter.kind());
		return this.categories.list(kind, filter.active(), filter.parentId(), q, paging);
	}

	@Transactional(readOnly = true)
	Versioned<CategoryResponse> get(long id) {
		return find(id, false);
	}

	@Transactional
	Versioned<CategoryResponse> create(CategoryRequest request) {
		Content content = check(request, null);
		long id = this.categories.insert(content, BillsFields.now())
			.orElseThrow(
					() -> new CategoryCodeTaken(content.code(), this.categories.idOfCode(content.code()).orElse(0L)));
		this.audit.record("finance.category.created", "category", id, AuditLog.Changes.created(content.audited()));
		return find(id, false);
	}

	/** PATCH: the fields sent are laid over the category and checked like a create. */
	@Transactional
	Versioned<CategoryResponse> update(long id, ObjectNode patch, ExpectedVersion expected) {
		return update(id, current -> this.partialUpdates.merge(current, patch, CategoryRequest.class), expected);
	}

	/**
	 * The category as {@code edit} makes it from its current fields (read under the row's
	 * lock, after the version check), checked like a create.
	 */
	@Transactional
	Versioned<CategoryResponse> update(long id, UnaryOperator<CategoryRequest> edit, ExpectedVersion expected) {
		Versioned<CategoryResponse> current = find(id, true);
		expected.check(current.version());
		CategoryRequest fields = CategoryRequest.of(current.body());
		Content before = check(fields, null);
		Content content = check(edit.apply(fields), id);
		if (content.kind() != before.kind() && this.categories.inUse(id)) {
			throw new CategoryKindInUse(id);
		}
		if (!content.code().equals(before.code())) {
			this.categories.idOfCode(content.code()).filter(existing -> existing != id).ifPresent(existing -> {
				throw new CategoryCodeTaken(content.code(), existing);
			});
		}
		AuditLog.Changes changes = AuditLog.Changes.between(before.audited(), content.audited());
		if (changes.isEmpty()) {
			return current;
		}
		this.categories.update(id, content, BillsFields.now());
		this.audit.record("finance.category.updated", "category", id, changes);
		return find(id, false);
	}

	private Content check(CategoryRequest request, @Nullable Long id) {
		InvalidRequest.Builder errors = InvalidRequest.builder();
		String code = BillsFields.text(request.code(), "code", 20, true, errors);
		if (!code.isEmpty() && !CODE.matcher(code).matches()) {
			errors.add("code", "must be numbers separated by dots, e.g. 4.2.05");
		}
		String name = BillsFields.text(request.name(), "name", 200, true, errors);
		CategoryKind kind = ClosedSet.requiredStripped(CategoryKind.class, "kind", request.kind(), errors);
		DreLine dreLine = ClosedSet.requiredStripped(DreLine.class, "dre_line", request.dreLine(), errors);
		if (kind != null && dreLine != null && !dreLine.fits(kind)) {
			errors.add("dre_line", "a " + ClosedSet.wire(kind) + " category cannot fall on " + ClosedSet.wire(dreLine)
					+ " in the DRE");
		}
		Long parentId = request.parentId();
		if (parentId != null) {
			String parentKind = this.categories.kindOf(parentId).orElse(null);
			if (parentKind == null) {
				errors.add("parent_id", "category " + parentId + " does not exist");
			}
			else if (kind != null && !parentKind.equals(ClosedSet.wire(kind))) {
				errors.add("parent_id", "category " + parentId + " is a " + parentKind + " category");
			}
			else if (id != null && this.categories.isSelfOrDescendant(parentId, id)) {
				errors.add("parent_id", "must not be the category itself or one of its sub-categories");
			}
		}
		errors.throwIfAny();
		return new Content(code, name, Objects.requireNonNull(kind), parentId, Objects.requireNonNull(dreLine),
				!Boolean.FALSE.equals(request.active()));
	}

	private Versioned<CategoryResponse> find(long id, boolean forUpdate) {
		return this.categories.find(id, forUpdate).orElseThrow(() -> new CategoryNotFound(id));
	}

}
