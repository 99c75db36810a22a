/**
 * The time clock: punch registration with real face verification, the append-only punch
 * ledger (Portaria MTP 671/2021: gap-free NSR per establishment, SHA-256 chain,
 * corrections as adjustment records) and the biometric data behind it (enrolled face
 * photos, punch snapshots with retention). It reads users through
 * {@link br.suite.access.AccessDirectory} and tells access which users have a photo
 * through the {@link br.suite.access.EmployeePhotos} port.
 * <p>
 * This package holds the module's API (its events, the ports it implements) and the
 * kernel every slice needs (establishments, the REP-P formats, the month lock, shared
 * problems); each sub-package is one sub-feature (a slice: {@code ledger},
 * {@code biometrics}, {@code closing}…), and {@code face} and {@code jornada} are its
 * pure leaves. The root uses no slice (docs/architecture.md, "Timeclock's slices").
 */
@ApplicationModule(allowedDependencies = { "shared", "access", "audit", "web" })
@NullMarked
package br.suite.timeclock;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
