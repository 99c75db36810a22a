/**
 * How every list endpoint reads: optional {@code limit}/{@code offset} ({@code Paging})
 * and the one query builder for filters, text search, order and the total
 * ({@code ListQuery}).
 */
@NullMarked
package br.suite.shared.lists;

import org.jspecify.annotations.NullMarked;
