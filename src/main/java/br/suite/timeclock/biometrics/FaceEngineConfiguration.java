package br.suite.timeclock.biometrics;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.timeclock.face.FaceEngine;

/**
 * One face engine per process: its ONNX Runtime sessions are created once and shared by
 * all requests. They are created on a background thread while the rest of the application
 * starts (reading the 23 MB of models and optimising the networks takes about a second of
 * CPU), so start-up overlaps it with the database's start and the migrations; the context
 * still finishes only once the engine is ready, so the first punch never waits for it
 * (docs/performance.md). A second application context in the same process (the tests
 * start many) with the same models and settings shares the engine instead of loading it
 * again; it is closed with the last context that uses it.
 */
@Configuration(proxyBeanMethods = false)
class FaceEngineConfiguration implements DisposableBean {

	private static final Logger log = LoggerFactory.getLogger(FaceEngineConfiguration.class);

	private record Key(@Nullable Path modelDirectory, FaceEngine.Settings settings) {
	}

	private static final class Shared {

		private final FaceEngine engine;

		private int users;

		Shared(FaceEngine engine) {
			this.engine = engine;
		}

	}

	private static final Map<Key, Shared> ENGINES = new HashMap<>();

	private volatile @Nullable Key acquired;

	@Bean(destroyMethod = "", bootstrap = Bean.Bootstrap.BACKGROUND)
	FaceEngine faceEngine(FaceSettings settings) {
		FaceEngine.Settings engine = FaceEngine.Settings.defaults()
			.withThreshold(settings.threshold())
			.withMinFacePx(settings.minFacePx())
			.withMaxConcurrent(settings.maxConcurrent())
			.withMaxDetectionSide(settings.maxDetectionSide())
			.withMaxWaitMillis(settings.maxWait().toMillis());
		Key key = new Key(settings.modelDirectory(), engine);
		synchronized (ENGINES) {
			Shared shared = ENGINES.get(key);
			if (shared == null) {
				long started = System.nanoTime();
				shared = new Shared(new FaceEngine(settings.modelDirectory(), engine));
				log.info("Face engine ready in {} ms", (System.nanoTime() - started) / 1_000_000);
				ENGINES.put(key, shared);
			}
			shared.users++;
			this.acquired = key;
			return shared.engine;
		}
	}

	/** The engine closed when no other context of the process uses it. */
	@Override
	public void destroy() {
		Key key = this.acquired;
		if (key == null) {
			return;
		}
		this.acquired = null;
		synchronized (ENGINES) {
			Shared shared = Objects.requireNonNull(ENGINES.get(key));
			if (--shared.users == 0) {
				ENGINES.remove(key);
				shared.engine.close();
			}
		}
	}

}
