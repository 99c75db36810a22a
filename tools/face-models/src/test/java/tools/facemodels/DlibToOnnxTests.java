package tools.facemodels;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

import br.suite.timeclock.face.ModelFormat;

class DlibToOnnxTests {

	/**
	 * The build's ONNX files and an in-memory conversion of the fetched .dat files are
	 * byte-identical.
	 */
	@Test
	void conversionIsDeterministicAndMatchesThePackagedModels() throws Exception {
		Path dats = Paths.get("target", "face-models");
		Path built = Paths.get("target", "classes", "face");
		assertThat(dats.resolve(ModelFormat.RESNET_DAT)).exists();
		byte[] detector = DlibToOnnx.convertDetector(Files.readAllBytes(dats.resolve(ModelFormat.DETECTOR_DAT)));
		assertThat(detector).isEqualTo(Files.readAllBytes(built.resolve(ModelFormat.DETECTOR_ONNX)));
		byte[] resnet = DlibToOnnx.convertResNet(Files.readAllBytes(dats.resolve(ModelFormat.RESNET_DAT)));
		assertThat(resnet).isEqualTo(Files.readAllBytes(built.resolve(ModelFormat.RESNET_ONNX)));
	}

	@Test
	void readsTheMmodOptionsStoredInTheModel() throws Exception {
		DlibNet net = DlibNet
			.readMmodDetector(Files.readAllBytes(Paths.get("target", "face-models", ModelFormat.DETECTOR_DAT)));
		assertThat(net.windowWidth).isEqualTo(80);
		assertThat(net.windowHeight).isEqualTo(80);
		assertThat(net.nmsIouThreshold).isBetween(0.33, 0.34);
		assertThat(net.nmsCoveredThreshold).isEqualTo(1.0);
		assertThat(net.outputToInputMapping()).containsExactly(8.0, 14.0);
	}

}
