/**
 * The one way the service calls out (webhook receivers, Pix providers): which URLs it may
 * call ({@code OutboundUrls}) and the bounded, address-checked client
 * ({@code OutboundHttp}).
 */
@NullMarked
package br.suite.shared.outbound;

import org.jspecify.annotations.NullMarked;
