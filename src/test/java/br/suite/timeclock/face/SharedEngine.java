package br.suite.timeclock.face;

/**
 * One engine for all test classes of the run, like the single bean the service will have.
 */
final class SharedEngine {

	private static FaceEngine engine;

	private SharedEngine() {
	}

	static synchronized FaceEngine get() {
		if (engine == null) {
			engine = FaceEngine.create(FaceEngine.Settings.defaults());
			Runtime.getRuntime().addShutdownHook(new Thread(engine::close));
		}
		return engine;
	}

}
