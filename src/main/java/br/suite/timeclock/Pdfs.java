package br.suite.timeclock;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * Plain text documents as PDF (A4, Helvetica), one line per entry, new pages as needed.
 */
public final class Pdfs {

	private static final float MARGIN = 50;

	private Pdfs() {
	}

	/**
	 * A line of text; {@code bold} for titles and headings, {@code struck} draws a line
	 * through it.
	 */
	public record Line(String text, boolean bold, boolean struck) {

		public static Line of(String text) {
			return new Line(text, false, false);
		}

		public static Line bold(String text) {
			return new Line(text, true, false);
		}

	}

	public static byte[] document(String title, List<Line> lines) {
		PDType1Font regular = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
		PDType1Font bold = new PDType1Font(Standard14Fonts.FontName.HELVETICA_BOLD);
		float size = 10;
		float leading = 14;
		try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
			document.getDocumentInformation().setTitle(printable(title));
			PDPageContentStream stream = null;
			float y = 0;
			for (Line line : lines) {
				if (stream == null || y < MARGIN) {
					if (stream != null) {
						stream.close();
					}
					PDPage page = new PDPage(PDRectangle.A4);
					document.addPage(page);
					stream = new PDPageContentStream(document, page);
					y = page.getMediaBox().getHeight() - MARGIN;
				}
				String text = printable(line.text());
				PDType1Font font = line.bold() ? bold : regular;
				stream.beginText();
				stream.setFont(font, size);
				stream.newLineAtOffset(MARGIN, y);
				stream.showText(text);
				stream.endText();
				if (line.struck()) {
					float width = font.getStringWidth(text) / 1000 * size;
					stream.moveTo(MARGIN, y + 3);
					stream.lineTo(MARGIN + width, y + 3);
					stream.stroke();
				}
				y -= leading;
			}
			if (stream != null) {
				stream.close();
			}
			document.save(out);
			return out.toByteArray();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * What Helvetica's WinAnsi encoding can show: ISO-8859-1 without control characters.
	 */
	private static String printable(String text) {
		StringBuilder out = new StringBuilder();
		for (char c : Afd.latin1(text).toCharArray()) {
			out.append(c < 32 || (c >= 127 && c < 160) ? '?' : c);
		}
		return out.toString();
	}

}
