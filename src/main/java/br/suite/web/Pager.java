package br.suite.web;

/** One page of a list: {@code page} counts from 1; links carry {@code ?pagina=}. */
record Pager(int page, int size, long total) {

	static final int SIZE = 20;

	static Pager of(int page, long total) {
		return new Pager(Math.max(1, page), SIZE, total);
	}

	static int offset(int page) {
		return (Math.max(1, page) - 1) * SIZE;
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
