/**
 * The warm-up before readiness ({@code StartupWarmup}, {@code suite.warmup.*}): real
 * requests over loopback so the first user's request finds the service compiled and
 * connected.
 */
@NullMarked
package br.suite.access.warmup;

import org.jspecify.annotations.NullMarked;
