package br.suite.timeclock.face;

import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;

/** Decodes uploaded bytes with ImageIO into upright RGB; returns null for anything it cannot read. */
final class ImageDecoder {

    /** Refuse decompression bombs before allocating their pixels. */
    static final long MAX_PIXELS = 40_000_000L;

    private ImageDecoder() {
    }

    static RgbImage decode(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            return null;
        }
        BufferedImage img;
        // A memory-cached stream: ImageIO's default may spill to temp files.
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(bytes))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            if (!readers.hasNext()) {
                return null;
            }
            ImageReader reader = readers.next();
            try {
                reader.setInput(in, true, true);
                long pixels = (long) reader.getWidth(0) * reader.getHeight(0);
                if (pixels <= 0 || pixels > MAX_PIXELS) {
                    return null;
                }
                img = reader.read(0);
            } finally {
                reader.dispose();
            }
        } catch (IOException | RuntimeException e) {
            // Corrupt or unsupported input (e.g. CMYK JPEG, truncated PNG) is the caller's "unreadable_image".
            return null;
        }
        if (img == null) {
            return null;
        }
        return ExifOrientation.apply(toRgb(img), ExifOrientation.read(bytes));
    }

    /**
     * Takes the decoded samples as they are (no colour management), like numpy/PIL do for
     * face_recognition; only palette and packed images go through getRGB.
     */
    static RgbImage toRgb(BufferedImage img) {
        int w = img.getWidth();
        int h = img.getHeight();
        byte[] out = new byte[w * h * 3];
        ColorModel cm = img.getColorModel();
        Raster raster = img.getRaster();
        int bands = raster.getNumBands();
        int csType = cm.getColorSpace().getType();
        if (cm instanceof ComponentColorModel && csType == ColorSpace.TYPE_RGB && (bands == 3 || bands == 4)) {
            int shift = Math.max(0, cm.getComponentSize(0) - 8);
            int[] row = new int[w * bands];
            for (int y = 0; y < h; y++) {
                raster.getPixels(0, y, w, 1, row);
                for (int x = 0; x < w; x++) {
                    int d = (y * w + x) * 3;
                    out[d] = (byte) (row[x * bands] >> shift);
                    out[d + 1] = (byte) (row[x * bands + 1] >> shift);
                    out[d + 2] = (byte) (row[x * bands + 2] >> shift);
                }
            }
        } else if (cm instanceof ComponentColorModel && csType == ColorSpace.TYPE_GRAY && (bands == 1 || bands == 2)) {
            // getRGB would treat the samples as linear gray and brighten them.
            int shift = Math.max(0, cm.getComponentSize(0) - 8);
            int[] row = new int[w * bands];
            for (int y = 0; y < h; y++) {
                raster.getPixels(0, y, w, 1, row);
                for (int x = 0; x < w; x++) {
                    byte v = (byte) (row[x * bands] >> shift);
                    int d = (y * w + x) * 3;
                    out[d] = v;
                    out[d + 1] = v;
                    out[d + 2] = v;
                }
            }
        } else {
            int[] row = new int[w];
            for (int y = 0; y < h; y++) {
                img.getRGB(0, y, w, 1, row, 0, w);
                for (int x = 0; x < w; x++) {
                    int p = row[x];
                    int d = (y * w + x) * 3;
                    out[d] = (byte) (p >> 16);
                    out[d + 1] = (byte) (p >> 8);
                    out[d + 2] = (byte) p;
                }
            }
        }
        return new RgbImage(w, h, out);
    }
}
