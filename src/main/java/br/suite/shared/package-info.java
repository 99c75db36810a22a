/**
 * Wire conventions every module shares: problem-details errors, money and date-time
 * formats, path ids, trailing-slash tolerance, request size limits, partial updates, the
 * current caller, and the Brazilian document validators. It holds no business rules and
 * publishes no events.
 *
 * <p>
 * The root holds the vocabulary every module uses and uses none of its slices:
 * {@code http}, {@code json}, {@code documents}, {@code lists}, {@code crypto},
 * {@code outbound} (docs/architecture.md, the shared row).
 */
@ApplicationModule(type = ApplicationModule.Type.OPEN)
@NullMarked
package br.suite.shared;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
