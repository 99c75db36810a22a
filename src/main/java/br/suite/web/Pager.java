package br.suite.web;

import br.suite.shared.lists.Paging;

/** One page of a list: {@code page} counts from 1; links carry {@code ?pagina=}. */
public record Pager(int page, int size, long total) {

	public static final int SIZE = 20;

	public static Pager of(int page, long total) {
		return new Pager(Math.max(1, page), SIZE, total);
	}

	public static int offset(int page) {
		return (Math.max(1, page) - 1) * SIZE;
	}

	/** The page as a list query takes it (counted, so the pager knows the total). */
	public static Paging paging(int page) {
		return new Paging(SIZE, offset(page));
	}

	public long pages() {
		return Math.max(1, (this.total + this.size - 1) / this.size);
	}

	public boolean hasPrevious() {
		return this.page > 1;
	}

	public boolean hasNext() {
		return this.page < pages();
	}

	public int previous() {
		return this.page - 1;
	}

	public int next() {
		return this.page + 1;
	}

}
