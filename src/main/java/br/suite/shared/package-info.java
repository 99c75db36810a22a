/**
 * Wire conventions every module shares: problem-details errors, money and date-time
 * formats, path ids, trailing-slash tolerance, request size limits, partial updates, the
 * current caller, and the Brazilian document validators. It holds no business rules and
 * publishes no events.
 */
@ApplicationModule(type = ApplicationModule.Type.OPEN)
@NullMarked
package br.suite.shared;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
