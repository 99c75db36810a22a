package br.suite.timeclock.face;

/**
 * Outcome of comparing a stored descriptor with a snapshot.
 *
 * @param match    true when a descriptor was computed and its distance is at most the threshold
 * @param distance Euclidean distance between the descriptors, or NaN when none could be computed
 * @param reason   why no descriptor was computed, or null when one was
 */
public record Verification(boolean match, double distance, Reason reason) {
}
