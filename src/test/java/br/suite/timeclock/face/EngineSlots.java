package br.suite.timeclock.face;

/**
 * Keeps every analysis slot of an engine taken, as a flood of other images would, until
 * closed.
 */
public final class EngineSlots implements AutoCloseable {

	private final FaceEngine engine;

	private EngineSlots(FaceEngine engine) {
		this.engine = engine;
	}

	public static EngineSlots takeAll(FaceEngine engine) {
		engine.slots().acquireUninterruptibly(engine.settings().maxConcurrent());
		return new EngineSlots(engine);
	}

	@Override
	public void close() {
		engine.slots().release(engine.settings().maxConcurrent());
	}

}
