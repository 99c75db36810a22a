/**
 * Charges ({@code /api/finance/charges/}) with their Pix life (create at the provider, QR
 * code, cancel), payment links and the public payment page; {@code ChargeBills}
 * implements the root's {@code BillCharges} port for bills.
 */
@NullMarked
package br.suite.finance.charge;

import org.jspecify.annotations.NullMarked;
