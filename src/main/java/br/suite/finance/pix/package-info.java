/**
 * The Pix providers: the API client and its tokens, the scheduled and on-demand sync into
 * the ledger, the webhooks, and the connection pages that test, sync and register them.
 */
@NullMarked
package br.suite.finance.pix;

import org.jspecify.annotations.NullMarked;
