/**
 * Biometrics: enrolled face photos and their descriptors, consent, recognition of a
 * punch's snapshot (through the {@code face} engine), image decoding and snapshot
 * retention. {@code FaceEnrolments} implements access's {@code EmployeePhotos} port.
 */
@NullMarked
package br.suite.timeclock.biometrics;

import org.jspecify.annotations.NullMarked;
