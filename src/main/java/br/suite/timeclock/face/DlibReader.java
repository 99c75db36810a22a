package br.suite.timeclock.face;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads dlib's portable serialization format (dlib/serialize.h): variable-length
 * integers, floats as (mantissa, exponent) pairs, length-prefixed strings, and DNN
 * tensors. Public for the build-time converter ({@code tools/face-models}), which reads
 * the networks with it; the service reads only the landmarks model.
 */
public final class DlibReader {

	private final byte[] data;

	private int pos;

	public DlibReader(byte[] data) {
		this.data = data;
	}

	public int position() {
		return pos;
	}

	public boolean atEnd() {
		return pos >= data.length;
	}

	private int nextByte() throws IOException {
		if (pos >= data.length) {
			throw new IOException("unexpected end of dlib data at offset " + pos);
		}
		return data[pos++] & 0xFF;
	}

	/**
	 * Signed and unsigned integers share one layout: a control byte (size, sign bit 0x80)
	 * then little-endian bytes.
	 */
	public long readLong() throws IOException {
		int control = nextByte();
		boolean negative = (control & 0x80) != 0;
		int size = control & 0x0F;
		if (size == 0 || size > 8) {
			throw new IOException(
					"bad integer control byte 0x" + Integer.toHexString(control) + " at offset " + (pos - 1));
		}
		long value = 0;
		for (int i = 0; i < size; i++) {
			value |= ((long) nextByte()) << (8 * i);
		}
		return negative ? -value : value;
	}

	public int readInt() throws IOException {
		long v = readLong();
		if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
			throw new IOException("integer out of range: " + v);
		}
		return (int) v;
	}

	public boolean readBool() throws IOException {
		int b = nextByte();
		if (b == '1') {
			return true;
		}
		if (b == '0') {
			return false;
		}
		throw new IOException("bad bool byte " + b + " at offset " + (pos - 1));
	}

	public double readDouble() throws IOException {
		// The legacy ASCII float format has bits 0x70 set in its first byte; those files
		// predate the models we use.
		if ((data[pos] & 0x70) != 0) {
			throw new IOException("legacy ASCII float encoding is not supported (offset " + pos + ")");
		}
		long mantissa = readLong();
		int exponent = (int) readLong();
		switch (exponent) {
			case 32000:
				return Double.POSITIVE_INFINITY;
			case 32001:
				return Double.NEGATIVE_INFINITY;
			case 32002:
				return Double.NaN;
			default:
				return Math.scalb((double) mantissa, exponent);
		}
	}

	public float readFloat() throws IOException {
		return (float) readDouble();
	}

	public String readString() throws IOException {
		int len = (int) readLong();
		if (len < 0 || pos + len > data.length) {
			throw new IOException("bad string length " + len + " at offset " + pos);
		}
		String s = new String(data, pos, len, StandardCharsets.ISO_8859_1);
		pos += len;
		return s;
	}

	public void expectString(String... accepted) throws IOException {
		String s = readString();
		for (String a : accepted) {
			if (a.equals(s)) {
				return;
			}
		}
		throw new IOException("expected " + String.join("|", accepted) + " but found '" + s + "' at offset " + pos);
	}

	/** A resizable_tensor (version 2): shape then raw little-endian IEEE floats. */
	public Tensor readTensor() throws IOException {
		int version = readInt();
		if (version != 2) {
			throw new IOException("unsupported tensor version " + version + " at offset " + pos);
		}
		long n = readLong();
		long k = readLong();
		long nr = readLong();
		long nc = readLong();
		long count = n * k * nr * nc;
		if (count < 0 || count > Integer.MAX_VALUE || pos + count * 4 > data.length) {
			throw new IOException("bad tensor size " + n + "x" + k + "x" + nr + "x" + nc);
		}
		float[] values = new float[(int) count];
		ByteBuffer.wrap(data, pos, (int) count * 4).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(values);
		pos += (int) count * 4;
		return new Tensor(new long[] { n, k, nr, nc }, values);
	}

	/**
	 * An alias_tensor only records a shape; its data lives in the layer's params tensor.
	 */
	public long[] readAliasTensor() throws IOException {
		int version = readInt();
		if (version != 1) {
			throw new IOException("unsupported alias_tensor version " + version);
		}
		return new long[] { readLong(), readLong(), readLong(), readLong() };
	}

	/**
	 * dlib::matrix: negative row/column counts mark the current format; elements are
	 * row-major floats.
	 */
	public float[] readFloatMatrix() throws IOException {
		long nr = Math.abs(readLong());
		long nc = Math.abs(readLong());
		long count = nr * nc;
		if (count > 10_000_000) {
			throw new IOException("matrix too large: " + nr + "x" + nc);
		}
		float[] m = new float[(int) count];
		for (int i = 0; i < m.length; i++) {
			m[i] = readFloat();
		}
		return m;
	}

	public static final class Tensor {

		public final long[] shape;

		public final float[] values;

		Tensor(long[] shape, float[] values) {
			this.shape = shape;
			this.values = values;
		}

		public int size() {
			return values.length;
		}

	}

}
