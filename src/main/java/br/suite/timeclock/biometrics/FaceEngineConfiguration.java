package br.suite.timeclock.biometrics;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.timeclock.face.FaceEngine;

/**
 * One face engine per process: its ONNX Runtime sessions are created once and shared by
 * all requests. They are created on a background thread while the rest of the application
 * starts (reading the 23 MB of models and optimising the networks takes about a second of
 * CPU), so start-up overlaps it with the database's start and the migrations; the context
 * still finishes only once the engine is ready, so the first punch never waits for it
 * (docs/performance.md).
 */
@Configuration(proxyBeanMethods = false)
class FaceEngineConfiguration {

	private static final Logger log = LoggerFactory.getLogger(FaceEngineConfiguration.class);

	@Bean(destroyMethod = "close", bootstrap = Bean.Bootstrap.BACKGROUND)
	FaceEngine faceEngine(FaceSettings settings) {
		FaceEngine.Settings engine = FaceEngine.Settings.defaults()
			.withThreshold(settings.threshold())
			.withMinFacePx(settings.minFacePx())
			.withMaxConcurrent(settings.maxConcurrent())
			.withMaxDetectionSide(settings.maxDetectionSide())
			.withMaxWaitMillis(settings.maxWait().toMillis());
		long started = System.nanoTime();
		FaceEngine created = new FaceEngine(settings.modelDirectory(), engine);
		log.info("Face engine ready in {} ms", (System.nanoTime() - started) / 1_000_000);
		return created;
	}

}
