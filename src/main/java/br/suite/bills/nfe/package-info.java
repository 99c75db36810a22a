/**
 * A supplier's NF-e XML read and verified (secure parsing, the enveloped XMLDSig of the
 * {@code infNFe}, the access key against the document): the pure leaf the NF-e import of
 * {@code bills.bill} builds a payable from.
 */
@NullMarked
package br.suite.bills.nfe;

import org.jspecify.annotations.NullMarked;
