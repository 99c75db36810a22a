package br.suite.timeclock.face;

/**
 * Outcome of comparing a stored descriptor with a snapshot, as the tests measure the
 * engine (the service compares through its own recognition rules, see
 * timeclock/FaceRecognition).
 *
 * @param match true when a descriptor was computed and its distance is at most the
 * engine's threshold
 * @param distance Euclidean distance between the descriptors, or NaN when none could be
 * computed
 * @param reason why no descriptor was computed, or null when one was
 */
record Verification(boolean match, double distance, Reason reason) {

	/** Analyses the snapshot and compares it with a descriptor stored at enrolment. */
	static Verification of(FaceEngine engine, float[] enrolledDescriptor, byte[] snapshot) {
		Analysis a = engine.analyze(snapshot);
		if (!a.hasDescriptor()) {
			return new Verification(false, Double.NaN, a.reason());
		}
		double d = FaceEngine.distance(enrolledDescriptor, a.descriptor());
		return new Verification(d <= engine.settings().threshold(), d, null);
	}
}
