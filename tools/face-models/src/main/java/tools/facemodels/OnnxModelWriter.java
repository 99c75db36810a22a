package tools.facemodels;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the small subset of the ONNX protobuf schema (onnx.proto3) that our converted
 * networks need, so the build does not depend on a protobuf library. Field numbers follow
 * onnx.proto.
 */
final class OnnxModelWriter {

	private static final long IR_VERSION = 8;

	private static final long OPSET = 17;

	private static final int FLOAT = 1;

	private static final int INT64 = 7;

	private final Proto graph = new Proto();

	private final Map<String, String> metadata = new LinkedHashMap<>();

	private final String graphName;

	private int nodeCount;

	OnnxModelWriter(String graphName) {
		this.graphName = graphName;
	}

	void metadata(String key, String value) {
		metadata.put(key, value);
	}

	/**
	 * dims: a positive value is fixed, a non-positive one becomes a named symbolic
	 * dimension.
	 */
	void input(String name, Object... dims) {
		graph.bytes(11, valueInfo(name, dims));
	}

	void output(String name, Object... dims) {
		graph.bytes(12, valueInfo(name, dims));
	}

	void floatInitializer(String name, long[] dims, float[] values) {
		ByteBuffer raw = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
		raw.asFloatBuffer().put(values);
		Proto t = new Proto();
		for (long d : dims) {
			t.varint(1, d);
		}
		t.varint(2, FLOAT);
		t.string(8, name);
		t.bytes(9, raw.array());
		graph.bytes(5, t.toByteArray());
	}

	void int64Initializer(String name, long[] values) {
		ByteBuffer raw = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
		raw.asLongBuffer().put(values);
		Proto t = new Proto();
		t.varint(1, values.length);
		t.varint(2, INT64);
		t.string(8, name);
		t.bytes(9, raw.array());
		graph.bytes(5, t.toByteArray());
	}

	/** attributes: alternating name, value (Long, long[], Float or String). */
	void node(String opType, String[] inputs, String[] outputs, Object... attributes) {
		Proto n = new Proto();
		for (String in : inputs) {
			n.string(1, in);
		}
		for (String out : outputs) {
			n.string(2, out);
		}
		n.string(3, opType + "_" + (nodeCount++));
		n.string(4, opType);
		for (int i = 0; i < attributes.length; i += 2) {
			n.bytes(5, attribute((String) attributes[i], attributes[i + 1]));
		}
		graph.bytes(1, n.toByteArray());
	}

	byte[] toByteArray() {
		Proto g = new Proto();
		g.string(2, graphName);
		Proto model = new Proto();
		model.varint(1, IR_VERSION);
		model.string(2, "suite-dlib-to-onnx");
		Proto opset = new Proto();
		opset.string(1, "");
		opset.varint(2, OPSET);
		model.bytes(8, opset.toByteArray());
		byte[] body = graph.toByteArray();
		byte[] head = g.toByteArray();
		byte[] graphBytes = new byte[head.length + body.length];
		System.arraycopy(head, 0, graphBytes, 0, head.length);
		System.arraycopy(body, 0, graphBytes, head.length, body.length);
		model.bytes(7, graphBytes);
		for (Map.Entry<String, String> e : metadata.entrySet()) {
			Proto kv = new Proto();
			kv.string(1, e.getKey());
			kv.string(2, e.getValue());
			model.bytes(14, kv.toByteArray());
		}
		return model.toByteArray();
	}

	private static byte[] valueInfo(String name, Object... dims) {
		Proto shape = new Proto();
		for (Object d : dims) {
			Proto dim = new Proto();
			if (d instanceof String) {
				dim.string(2, (String) d);
			}
			else {
				dim.varint(1, ((Number) d).longValue());
			}
			shape.bytes(1, dim.toByteArray());
		}
		Proto tensorType = new Proto();
		tensorType.varint(1, FLOAT);
		tensorType.bytes(2, shape.toByteArray());
		Proto type = new Proto();
		type.bytes(1, tensorType.toByteArray());
		Proto vi = new Proto();
		vi.string(1, name);
		vi.bytes(2, type.toByteArray());
		return vi.toByteArray();
	}

	private static byte[] attribute(String name, Object value) {
		Proto a = new Proto();
		a.string(1, name);
		if (value instanceof Long || value instanceof Integer) {
			a.varint(3, ((Number) value).longValue());
			a.varint(20, 2);
		}
		else if (value instanceof Float) {
			a.fixed32(2, Float.floatToIntBits((Float) value));
			a.varint(20, 1);
		}
		else if (value instanceof long[]) {
			for (long v : (long[]) value) {
				a.varint(8, v);
			}
			a.varint(20, 7);
		}
		else if (value instanceof String) {
			a.bytes(4, ((String) value).getBytes(StandardCharsets.UTF_8));
			a.varint(20, 3);
		}
		else {
			throw new IllegalArgumentException("unsupported attribute type for " + name);
		}
		return a.toByteArray();
	}

	/** Protobuf wire-format encoder for one message. */
	private static final class Proto {

		private final ByteArrayOutputStream out = new ByteArrayOutputStream();

		void varint(int field, long value) {
			rawVarint(((long) field << 3));
			rawVarint(value);
		}

		void fixed32(int field, int value) {
			rawVarint(((long) field << 3) | 5);
			for (int i = 0; i < 4; i++) {
				out.write((value >>> (8 * i)) & 0xFF);
			}
		}

		void string(int field, String value) {
			bytes(field, value.getBytes(StandardCharsets.UTF_8));
		}

		void bytes(int field, byte[] value) {
			rawVarint(((long) field << 3) | 2);
			rawVarint(value.length);
			out.write(value, 0, value.length);
		}

		private void rawVarint(long v) {
			while ((v & ~0x7FL) != 0) {
				out.write((int) ((v & 0x7F) | 0x80));
				v >>>= 7;
			}
			out.write((int) v);
		}

		byte[] toByteArray() {
			return out.toByteArray();
		}

	}

}
