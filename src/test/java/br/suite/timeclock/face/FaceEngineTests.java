package br.suite.timeclock.face;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class FaceEngineTests {

	/**
	 * Relaxed minimum for the small faces cut out of the screenshots (80 px) and the
	 * astronaut (96 px).
	 */
	private static final int SMALL_FACE_PX = 60;

	/**
	 * The same man ("M") in ten photos, as (file, left, top, right, bottom): detector
	 * boxes found at full resolution and picked by eye. facematch's big "selected face"
	 * and its first grid cell are the same photo, so only the big one is used; the
	 * face-painted cell and the less certain matches further right in the grid are left
	 * out. Each is cut out with half a box of margin: at 80 px these faces sit at the
	 * detector's minimum and it needs the surrounding context.
	 */
	private static final Object[][] M_FACES = { { "screenshot-faceid.jpg", 36, 156, 115, 235 },
			{ "screenshot-facedetect.jpg", 44, 372, 123, 451 }, { "screenshot-facematch.jpg", 21, 33, 157, 170 },
			{ "screenshot-facematch.jpg", 116, 292, 195, 371 }, { "screenshot-facematch.jpg", 340, 292, 419, 371 },
			{ "screenshot-facematch.jpg", 444, 292, 523, 371 }, { "screenshot-facematch.jpg", 548, 292, 627, 371 },
			{ "screenshot-facematch.jpg", 652, 292, 731, 371 }, { "screenshot-facematch.jpg", 868, 300, 947, 379 },
			{ "screenshot-facematch.jpg", 1076, 292, 1155, 371 }, };

	/**
	 * A woman ("W1") seen in two of the group photos: a point inside her face in each.
	 */
	private static final Object[][] W1_FACES = { { "sample1.jpg", 1567, 315 }, { "sample3.jpg", 1138, 367 }, };

	private static final int[] GROUP_SIZES = { 3, 3, 3, 4, 5, 4 };

	private static FaceEngine engine;

	@BeforeAll
	static void start() {
		engine = SharedEngine.get();
	}

	@Test
	void samePersonPairsMatchAndDifferentPeopleDoNot() {
		Map<String, float[]> m = new LinkedHashMap<>();
		for (Object[] f : M_FACES) {
			RgbImage img = FaceTestPhotos.image((String) f[0]);
			Analysis a = engine.analyze(
					FaceTestPhotos.cropPng(img, (int) f[1], (int) f[2], (int) f[3], (int) f[4], 0.5), SMALL_FACE_PX);
			assertThat(a.reason()).as("M in %s at %s,%s", f[0], f[1], f[2]).isNull();
			m.put(f[0] + "@" + f[1] + "," + f[2], a.descriptor());
		}

		// Faces in one group photo are different people; faces across group photos may
		// not be, so those are not paired.
		List<List<float[]>> groups = new ArrayList<>();
		float[][] w1 = new float[2][];
		for (int i = 0; i < GROUP_SIZES.length; i++) {
			String file = "sample" + (i + 1) + ".jpg";
			Analysis whole = engine.analyze(FaceTestPhotos.bytes(file));
			assertThat(whole.reason()).as(file).isEqualTo(Reason.MULTIPLE_FACES);
			assertThat(whole.faces()).as(file).hasSize(GROUP_SIZES[i]);
			RgbImage img = FaceTestPhotos.image(file);
			List<float[]> group = new ArrayList<>();
			for (Face face : whole.faces()) {
				Analysis a = engine.analyze(FaceTestPhotos.cropPng(img, face.x(), face.y(), face.x() + face.width() - 1,
						face.y() + face.height() - 1, 0.4));
				assertThat(a.reason()).as("%s face at %d,%d", file, face.x(), face.y()).isNull();
				group.add(a.descriptor());
				for (int k = 0; k < W1_FACES.length; k++) {
					if (W1_FACES[k][0].equals(file) && contains(face, (int) W1_FACES[k][1], (int) W1_FACES[k][2])) {
						w1[k] = a.descriptor();
					}
				}
			}
			groups.add(group);
		}
		assertThat(w1[0]).as("W1 in sample1").isNotNull();
		assertThat(w1[1]).as("W1 in sample3").isNotNull();
		Analysis astronaut = engine.analyze(FaceTestPhotos.bytes("astronaut.png"), SMALL_FACE_PX);
		Analysis hopper = engine.analyze(FaceTestPhotos.bytes("grace_hopper.jpg"));
		assertThat(astronaut.reason()).isNull();
		assertThat(hopper.reason()).isNull();

		List<Double> same = new ArrayList<>();
		List<float[]> mList = new ArrayList<>(m.values());
		for (int i = 0; i < mList.size(); i++) {
			for (int j = i + 1; j < mList.size(); j++) {
				same.add(FaceEngine.distance(mList.get(i), mList.get(j)));
			}
		}
		same.add(FaceEngine.distance(w1[0], w1[1]));

		List<Double> different = new ArrayList<>();
		List<float[]> everyGroupFace = new ArrayList<>();
		for (List<float[]> g : groups) {
			everyGroupFace.addAll(g);
			for (int i = 0; i < g.size(); i++) {
				for (int j = i + 1; j < g.size(); j++) {
					different.add(FaceEngine.distance(g.get(i), g.get(j)));
				}
			}
		}
		List<float[]> others = new ArrayList<>(everyGroupFace);
		others.add(astronaut.descriptor());
		others.add(hopper.descriptor());
		for (float[] man : mList) {
			for (float[] o : others) {
				different.add(FaceEngine.distance(man, o));
			}
		}
		for (float[] o : everyGroupFace) {
			different.add(FaceEngine.distance(astronaut.descriptor(), o));
			different.add(FaceEngine.distance(hopper.descriptor(), o));
		}
		different.add(FaceEngine.distance(astronaut.descriptor(), hopper.descriptor()));

		double threshold = engine.settings().threshold();
		double maxSame = same.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
		double minDifferent = different.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
		FaceMetrics.record("same-person pairs", same.size());
		FaceMetrics.record("same-person distance mean", mean(same));
		FaceMetrics.record("same-person distance max", maxSame);
		FaceMetrics.record("different-person pairs", different.size());
		FaceMetrics.record("different-person distance mean", mean(different));
		FaceMetrics.record("different-person distance min", minDifferent);
		FaceMetrics.record("same-person largest distances", top(same, 3, true));
		FaceMetrics.record("different-person smallest distances", top(different, 3, false));
		FaceMetrics.record("false accepts at 0.6", different.stream().filter(d -> d <= 0.6).count());
		FaceMetrics.record("false rejects at 0.6", same.stream().filter(d -> d > 0.6).count());
		FaceMetrics.record("false accepts at " + threshold, different.stream().filter(d -> d <= threshold).count());
		FaceMetrics.record("false rejects at " + threshold, same.stream().filter(d -> d > threshold).count());

		assertThat(same).allSatisfy(d -> assertThat(d).isLessThanOrEqualTo(threshold));
		assertThat(different).allSatisfy(d -> assertThat(d).isGreaterThan(threshold));
	}

	@Test
	void verifyAcceptsTheSameWomanInAnotherPhotoAndRejectsSomeoneElse() {
		RgbImage s1 = FaceTestPhotos.image("sample1.jpg");
		// W1 enrolled from sample3, snapshots cut from sample1: W1 herself and the woman
		// beside her.
		Analysis enrolment = engine
			.analyze(FaceTestPhotos.cropPng(FaceTestPhotos.image("sample3.jpg"), 1020, 249, 1256, 485, 0.4));
		assertThat(enrolment.reason()).isNull();
		Verification self = Verification.of(engine, enrolment.descriptor(),
				FaceTestPhotos.cropPng(s1, 1469, 217, 1666, 414, 0.4));
		Verification other = Verification.of(engine, enrolment.descriptor(),
				FaceTestPhotos.cropPng(s1, 832, 436, 1029, 633, 0.4));
		assertThat(self.match()).isTrue();
		assertThat(self.distance()).isLessThanOrEqualTo(engine.settings().threshold());
		assertThat(other.match()).isFalse();
		assertThat(other.distance()).isGreaterThan(engine.settings().threshold());
		Verification none = Verification.of(engine, enrolment.descriptor(), FaceTestPhotos.png(new RgbImage(320, 240)));
		assertThat(none.match()).isFalse();
		assertThat(none.distance()).isNaN();
		assertThat(none.reason()).isEqualTo(Reason.NO_FACE);
	}

	@Test
	void imagesWithoutAFaceReportNoFace() {
		RgbImage gray = new RgbImage(640, 480);
		Arrays.fill(gray.rgb, (byte) 128);
		assertThat(engine.analyze(FaceTestPhotos.png(gray)).reason()).isEqualTo(Reason.NO_FACE);
		// Real photo content without a face: the astronaut's suit and flag below her
		// chin.
		RgbImage astronaut = FaceTestPhotos.image("astronaut.png");
		Analysis suit = engine.analyze(FaceTestPhotos.jpeg(FaceTestPhotos.crop(astronaut, 0, 200, 512, 312)));
		assertThat(suit.reason()).isEqualTo(Reason.NO_FACE);
		assertThat(suit.faces()).isEmpty();
		assertThat(suit.hasDescriptor()).isFalse();
		assertThat(suit.descriptor()).isNull();
		assertThat(engine.analyze(FaceTestPhotos.png(new RgbImage(5, 5))).reason()).isEqualTo(Reason.NO_FACE);
	}

	@Test
	void groupPhotoReportsMultipleFaces() {
		Analysis a = engine.analyze(FaceTestPhotos.bytes("sample5.jpg"));
		assertThat(a.reason()).isEqualTo(Reason.MULTIPLE_FACES);
		assertThat(a.reason().code()).isEqualTo("multiple_faces");
		assertThat(a.faces()).hasSize(5);
		assertThat(a.faces()).allSatisfy(f -> assertThat(f.sizePx()).isGreaterThanOrEqualTo(100));
		assertThat(a.imageWidth()).isEqualTo(1920);
		assertThat(a.descriptor()).isNull();
	}

	@Test
	void facesBelowTheMinimumSizeReportFaceTooSmall() {
		// The astronaut's face is 96 px, just under the 100 px default.
		Analysis a = engine.analyze(FaceTestPhotos.bytes("astronaut.png"));
		assertThat(a.reason()).isEqualTo(Reason.FACE_TOO_SMALL);
		assertThat(a.faces()).singleElement().satisfies(f -> assertThat(f.sizePx()).isBetween(90, 99));
		assertThat(engine.analyze(FaceTestPhotos.bytes("astronaut.png"), 90).hasDescriptor()).isTrue();
	}

	@Test
	void unreadableInputReportsUnreadableImage() {
		byte[] jpeg = FaceTestPhotos.bytes("grace_hopper.jpg");
		assertThat(engine.analyze(new byte[0]).reason()).isEqualTo(Reason.UNREADABLE_IMAGE);
		assertThat(engine.analyze(null).reason()).isEqualTo(Reason.UNREADABLE_IMAGE);
		assertThat(engine.analyze("not an image".getBytes()).reason()).isEqualTo(Reason.UNREADABLE_IMAGE);
		assertThat(engine.analyze(Arrays.copyOf(jpeg, 600)).reason().code()).isIn("unreadable_image", "no_face");
		assertThat(engine.analyze(Arrays.copyOf(jpeg, 20)).reason()).isEqualTo(Reason.UNREADABLE_IMAGE);
	}

	@Test
	void descriptorIsDeterministicAndMatchesDlib() {
		byte[] photo = FaceTestPhotos.bytes("grace_hopper.jpg");
		Analysis first = engine.analyze(photo);
		Analysis second = engine.analyze(photo);
		assertThat(first.descriptor()).hasSize(128).containsExactly(second.descriptor());
		assertThat(first.faces()).singleElement()
			.isEqualTo(new Face(160, 115, 198, 198, 198, first.faces().get(0).confidence()));
		// Reference values printed by dlib 19.24 (C++) for the same decoded pixels.
		float[] d = first.descriptor();
		assertThat(d[0]).isCloseTo(-0.0509891f, within(1e-4f));
		assertThat(d[1]).isCloseTo(0.0344803f, within(1e-4f));
		assertThat(d[2]).isCloseTo(0.0622715f, within(1e-4f));
		assertThat(d[3]).isCloseTo(0.0636431f, within(1e-4f));
		assertThat(d[63]).isCloseTo(-0.0241653f, within(1e-4f));
		assertThat(d[127]).isCloseTo(0.0047025f, within(1e-4f));
	}

	private static boolean contains(Face f, int x, int y) {
		return x >= f.x() && x < f.x() + f.width() && y >= f.y() && y < f.y() + f.height();
	}

	private static String top(List<Double> values, int n, boolean largest) {
		return values.stream()
			.sorted(largest ? java.util.Comparator.reverseOrder() : java.util.Comparator.naturalOrder())
			.limit(n)
			.map(v -> String.format(java.util.Locale.ROOT, "%.4f", v))
			.toList()
			.toString();
	}

	private static double mean(List<Double> values) {
		return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
	}

}
