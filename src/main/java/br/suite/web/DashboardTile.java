package br.suite.web;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;

/**
 * One count on the back office's first page ({@code /app/}), contributed by the module
 * that owns what is counted: a bean of the module implementing this interface. The
 * dashboard asks only the tiles whose {@link #permission()} the signed-in person holds,
 * and shows them in {@link Count#order()}.
 */
public interface DashboardTile {

	/** Who sees the tile: the permission of the page it links to. */
	String permission();

	/** The count now. */
	Count count();

	/** A tile for holders of {@code permission}, counting with {@code count}. */
	static DashboardTile of(String permission, Supplier<Count> count) {
		return new DashboardTile() {

			@Override
			public String permission() {
				return permission;
			}

			@Override
			public Count count() {
				return count.get();
			}

		};
	}

	/**
	 * What the tile shows: {@code value} under the message {@code label} (of the pages'
	 * catalogue, with {@code arguments}), a link to {@code link}; {@code id} is the
	 * count's element id. A tile of money sets {@code amount} instead ({@link #money}),
	 * shown as R$.
	 */
	record Count(int order, String id, long value, String label, List<Object> arguments, String link,
			@Nullable BigDecimal amount) {

		public Count(int order, String id, long value, String label, List<Object> arguments, String link) {
			this(order, id, value, label, arguments, link, null);
		}

		public Count(int order, String id, long value, String label, String link) {
			this(order, id, value, label, List.of(), link);
		}

		/** A tile showing an amount of money rather than a count. */
		public static Count money(int order, String id, BigDecimal amount, String label, String link) {
			return new Count(order, id, 0, label, List.of(), link, amount);
		}

		public Object[] labelArguments() {
			return this.arguments.toArray();
		}

	}

}
