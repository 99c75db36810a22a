package br.suite.shared.lists;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;

import br.suite.shared.documents.TaxId;

/**
 * How every list endpoint reads: filters added only when the caller gave them, text
 * search with LIKE's wildcards taken literally, one fixed order (ending on a unique
 * column, so pages never overlap), and one query straight into the response records; the
 * count only when a page was asked for (it becomes {@code X-Total-Count}).
 *
 * <pre>{@code
 * ListQuery.of(this.jdbc, "id, nome, ativo", "customers_cliente")
 *     .where("ativo = :ativo", "ativo", filter.ativo())
 *     .orderBy("nome_busca, id")
 *     .page(paging, (rs, n) -> new ClienteResponse(...));
 * }</pre>
 */
public final class ListQuery {

	private final JdbcClient jdbc;

	private final String select;

	private final String from;

	private final StringBuilder where = new StringBuilder(" WHERE true");

	private final Map<String, Object> params = new HashMap<>();

	private String orderBy = "id";

	private ListQuery(JdbcClient jdbc, String columns, String from) {
		this.jdbc = jdbc;
		this.select = "SELECT " + columns;
		this.from = " FROM " + from;
	}

	/**
	 * {@code SELECT columns FROM from}; the count reads the same {@code from} and
	 * conditions.
	 */
	public static ListQuery of(JdbcClient jdbc, String columns, String from) {
		return new ListQuery(jdbc, columns, from);
	}

	/**
	 * Adds a condition that always applies (no parameter, or parameters given with
	 * {@link #param}).
	 */
	public ListQuery where(String condition) {
		this.where.append(" AND ").append(condition);
		return this;
	}

	/**
	 * Adds {@code condition} with {@code :name} bound to {@code value}, only when the
	 * value is present.
	 */
	public ListQuery where(String condition, String name, @Nullable Object value) {
		if (value != null) {
			where(condition);
			this.params.put(name, value);
		}
		return this;
	}

	/** Binds a parameter that a condition added with {@link #where(String)} names. */
	public ListQuery param(String name, Object value) {
		this.params.put(name, value);
		return this;
	}

	/**
	 * Text search: {@code (matches)} with {@code :q} bound to {@code text} as a LIKE
	 * pattern found anywhere; when the text is a CPF or CNPJ (masked or not), rows whose
	 * {@code documentColumn} holds its digits match too. Nothing is added for empty text.
	 */
	public ListQuery search(String matches, String text, String documentColumn) {
		if (text.isEmpty()) {
			return this;
		}
		if (TaxId.isValid(text)) {
			where("(" + matches + " OR " + documentColumn + " = :document)");
			param("document", TaxId.parse(text).value());
		}
		else {
			where("(" + matches + ")");
		}
		return param("q", containing(text));
	}

	/** The rows' order: a fixed order that ends on a unique column. */
	public ListQuery orderBy(String orderBy) {
		this.orderBy = orderBy;
		return this;
	}

	/**
	 * A LIKE pattern matching {@code text} anywhere, with LIKE's own wildcards
	 * ({@code % _ \}) taken literally.
	 */
	public static String containing(String text) {
		return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
	}

	/**
	 * The page's rows, and how many rows match in all when a page was asked for (else the
	 * rows' count).
	 */
	public <T> Page<T> page(Paging paging, RowMapper<T> rows) {
		List<T> page = this.jdbc.sql(this.select + this.from + this.where + " ORDER BY " + this.orderBy + paging.sql())
			.params(this.params)
			.query(rows)
			.list();
		long total = paging.requested() ? this.jdbc.sql("SELECT count(*)" + this.from + this.where)
			.params(this.params)
			.query(Long.class)
			.single() : page.size();
		return new Page<>(page, total);
	}

	/** One page of a list and the number of all matching rows. */
	public record Page<T>(List<T> items, long total) {
	}

}
