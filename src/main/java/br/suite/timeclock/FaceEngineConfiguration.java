package br.suite.timeclock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import br.suite.timeclock.face.FaceEngine;

/** One face engine per process: its ONNX Runtime sessions are created once and shared by all requests. */
@Configuration(proxyBeanMethods = false)
class FaceEngineConfiguration {

	@Bean(destroyMethod = "close")
	FaceEngine faceEngine(FaceSettings settings) {
		FaceEngine.Settings engine = FaceEngine.Settings.defaults()
			.withThreshold(settings.threshold())
			.withMinFacePx(settings.minFacePx())
			.withMaxConcurrent(settings.maxConcurrent())
			.withMaxDetectionSide(settings.maxDetectionSide())
			.withMaxWaitMillis(settings.maxWait().toMillis());
		return new FaceEngine(settings.modelDirectory(), engine);
	}

}
