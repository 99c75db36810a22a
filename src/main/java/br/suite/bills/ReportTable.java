package br.suite.bills;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.DataFormat;
import org.apache.poi.ss.usermodel.Font;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.xssf.usermodel.XSSFWorkbook;
import org.jspecify.annotations.Nullable;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A report as a table (the cash flow, the DRE), written the same way for both as CSV or
 * XLSX, with the numbers the page shows: headers in Portuguese, amounts as numbers (in
 * the XLSX numeric cells with two decimals; in the CSV {@code 1234,56} with a decimal
 * comma and no thousands separator), dates as dates ({@code dd/mm/aaaa}), bold rows
 * (subtotals) bold in the XLSX. The CSV is what Excel in Portuguese opens as it is: UTF-8
 * with a byte order mark, {@code ;} between fields, CRLF. A text cell that a spreadsheet
 * would read as a formula ({@code =}, {@code +}, {@code -}, {@code @}) is written with a
 * leading apostrophe in the CSV.
 *
 * @param sheet the XLSX sheet's name (≤ 31 characters)
 * @param headers the column headers
 * @param rows the rows: each cell a {@link String}, a {@link BigDecimal}, a
 * {@link LocalDate} or null (empty)
 */
public record ReportTable(String sheet, List<String> headers, List<Line> rows) {

	/** One row; {@code bold} for subtotals and totals. */
	public record Line(List<@Nullable Object> cells, boolean bold) {

		public static Line of(boolean bold, @Nullable Object... cells) {
			List<@Nullable Object> values = new ArrayList<>();
			for (Object cell : cells) {
				values.add(cell);
			}
			return new Line(values, bold);
		}

	}

	private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("dd/MM/yyyy");

	public static final MediaType XLSX = MediaType
		.parseMediaType("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");

	public static final MediaType CSV = MediaType.parseMediaType("text/csv;charset=UTF-8");

	/** The CSV's bytes. */
	public byte[] csv() {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		bytes.writeBytes(new byte[] { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF });
		CSVFormat format = CSVFormat.EXCEL.builder().setDelimiter(';').get();
		try (CSVPrinter csv = new CSVPrinter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), format)) {
			csv.printRecord(this.headers);
			for (Line line : this.rows) {
				List<String> cells = new ArrayList<>();
				for (Object cell : line.cells()) {
					cells.add(csvText(cell));
				}
				csv.printRecord(cells);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	private static String csvText(@Nullable Object cell) {
		if (cell == null) {
			return "";
		}
		if (cell instanceof BigDecimal amount) {
			return amount.setScale(2).toPlainString().replace('.', ',');
		}
		if (cell instanceof LocalDate day) {
			return DAY.format(day);
		}
		String text = cell.toString();
		return !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
	}

	/** The XLSX's bytes: one sheet, the header row frozen. */
	public byte[] xlsx() {
		try (XSSFWorkbook book = new XSSFWorkbook(); ByteArrayOutputStream bytes = new ByteArrayOutputStream()) {
			Sheet sheet = book.createSheet(this.sheet.length() > 31 ? this.sheet.substring(0, 31) : this.sheet);
			DataFormat formats = book.createDataFormat();
			Font boldFont = book.createFont();
			boldFont.setBold(true);
			CellStyle[][] styles = new CellStyle[2][3];
			for (int bold = 0; bold < 2; bold++) {
				for (int kind = 0; kind < 3; kind++) {
					CellStyle style = book.createCellStyle();
					if (bold == 1) {
						style.setFont(boldFont);
					}
					if (kind == 1) {
						style.setDataFormat(formats.getFormat("#,##0.00"));
					}
					else if (kind == 2) {
						style.setDataFormat(formats.getFormat("dd/mm/yyyy"));
					}
					styles[bold][kind] = style;
				}
			}
			Row header = sheet.createRow(0);
			for (int c = 0; c < this.headers.size(); c++) {
				var cell = header.createCell(c);
				cell.setCellValue(this.headers.get(c));
				cell.setCellStyle(styles[1][0]);
			}
			for (int r = 0; r < this.rows.size(); r++) {
				Line line = this.rows.get(r);
				Row row = sheet.createRow(r + 1);
				int bold = line.bold() ? 1 : 0;
				for (int c = 0; c < line.cells().size(); c++) {
					Object value = line.cells().get(c);
					if (value == null) {
						continue;
					}
					var cell = row.createCell(c);
					if (value instanceof BigDecimal amount) {
						cell.setCellValue(amount.doubleValue());
						cell.setCellStyle(styles[bold][1]);
					}
					else if (value instanceof LocalDate day) {
						cell.setCellValue(day);
						cell.setCellStyle(styles[bold][2]);
					}
					else {
						cell.setCellValue(value.toString());
						cell.setCellStyle(styles[bold][0]);
					}
				}
			}
			sheet.createFreezePane(0, 1);
			for (int c = 0; c < this.headers.size(); c++) {
				sheet.setColumnWidth(c, Math.min(60, Math.max(12, this.headers.get(c).length() + 2)) * 256);
			}
			book.write(bytes);
			return bytes.toByteArray();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The download of the table as {@code format} ({@code csv} or {@code xlsx}), named
	 * {@code name} plus the extension.
	 */
	public ResponseEntity<byte[]> download(String name, String format) {
		boolean xlsx = "xlsx".equals(format);
		return ResponseEntity.ok()
			.contentType(xlsx ? XLSX : CSV)
			.header(HttpHeaders.CONTENT_DISPOSITION,
					ContentDisposition.attachment()
						.filename(name + (xlsx ? ".xlsx" : ".csv"), StandardCharsets.UTF_8)
						.build()
						.toString())
			.body(xlsx ? xlsx() : csv());
	}

}
