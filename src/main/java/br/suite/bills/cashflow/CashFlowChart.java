package br.suite.bills.cashflow;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The cash flow's chart as SVG, drawn by the app (no script, no library): per period a
 * bar of money in and one of money out, each the realised part solid and the projected
 * part lighter on top of it, and a line through the projected closing balances. Styled
 * only by classes of the stylesheet (the pages' CSP refuses inline styles). The table
 * below it on the page carries the same numbers for who cannot see it.
 */
final class CashFlowChart {

	private static final int WIDTH = 720;

	private static final int HEIGHT = 300;

	private static final int LEFT = 92;

	private static final int RIGHT = 12;

	private static final int TOP = 16;

	private static final int BOTTOM = 64;

	/** At most this many period labels under the bars. */
	private static final int MAX_LABELS = 12;

	private CashFlowChart() {
	}

	/** The words of the chart, in the page's language. */
	record Words(String title, String description, String in, String out, String projected, String balance) {
	}

	/**
	 * The SVG element; {@code label} names a period under its bars, {@code money} writes
	 * an amount on the axis.
	 */
	static String svg(List<CashFlow.Period> periods, Words words, Function<CashFlow.Period, String> label,
			Function<BigDecimal, String> money) {
		BigDecimal max = BigDecimal.ZERO;
		BigDecimal min = BigDecimal.ZERO;
		for (CashFlow.Period p : periods) {
			max = max.max(p.realised().in().add(p.projected().in()))
				.max(p.realised().out().add(p.projected().out()))
				.max(p.closingProjected());
			min = min.min(p.closingProjected());
		}
		if (max.compareTo(min) == 0) {
			max = min.add(BigDecimal.ONE);
		}
		double top = max.doubleValue();
		double bottom = min.doubleValue();
		double plotHeight = HEIGHT - TOP - BOTTOM;
		double plotWidth = WIDTH - LEFT - RIGHT;
		Function<Double, Double> y = v -> TOP + (top - v) / (top - bottom) * plotHeight;
		StringBuilder svg = new StringBuilder();
		svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"grafico\" id=\"grafico-fluxo\" role=\"img\" ")
			.append("viewBox=\"0 0 ")
			.append(WIDTH)
			.append(' ')
			.append(HEIGHT)
			.append("\" aria-labelledby=\"grafico-titulo grafico-descricao\">")
			.append("<title id=\"grafico-titulo\">")
			.append(escape(words.title()))
			.append("</title><desc id=\"grafico-descricao\">")
			.append(escape(words.description()))
			.append("</desc>");
		// Grid lines and their amounts: five, the zero line darker.
		for (int i = 0; i <= 4; i++) {
			BigDecimal value = min.add(max.subtract(min)
				.multiply(BigDecimal.valueOf(i))
				.divide(BigDecimal.valueOf(4), 2, RoundingMode.HALF_UP));
			double at = y.apply(value.doubleValue());
			svg.append(line(LEFT, at, WIDTH - RIGHT, at, "grade"));
			svg.append(text(LEFT - 6, at + 4, "fim", money.apply(value)));
		}
		if (min.signum() < 0) {
			double zero = y.apply(0.0);
			svg.append(line(LEFT, zero, WIDTH - RIGHT, zero, "zero"));
		}
		int n = Math.max(1, periods.size());
		double slot = plotWidth / n;
		double bar = Math.max(1, slot * 0.36);
		int every = (n + MAX_LABELS - 1) / MAX_LABELS;
		StringBuilder points = new StringBuilder();
		for (int i = 0; i < periods.size(); i++) {
			CashFlow.Period p = periods.get(i);
			double x = LEFT + i * slot + slot * 0.1;
			svg.append(stack(x, bar, y, p.realised().in(), p.projected().in(), "entrada"));
			svg.append(stack(x + bar, bar, y, p.realised().out(), p.projected().out(), "saida"));
			double centre = LEFT + i * slot + slot / 2;
			points.append(points.isEmpty() ? "" : " ")
				.append(number(centre))
				.append(',')
				.append(number(y.apply(p.closingProjected().doubleValue())));
			if (i % every == 0) {
				svg.append(text(centre, HEIGHT - BOTTOM + 16, "meio", label.apply(p)));
			}
		}
		if (!periods.isEmpty()) {
			svg.append("<polyline class=\"saldo\" points=\"").append(points).append("\"/>");
			for (String point : points.toString().split(" ")) {
				String[] xy = point.split(",");
				svg.append("<circle class=\"saldo-ponto\" r=\"3\" cx=\"")
					.append(xy[0])
					.append("\" cy=\"")
					.append(xy[1])
					.append("\"/>");
			}
		}
		// The legend, under the labels.
		double legend = HEIGHT - 20;
		svg.append(key(LEFT, legend, "entrada", words.in()));
		svg.append(key(LEFT + 150, legend, "saida", words.out()));
		svg.append(key(LEFT + 300, legend, "entrada previsto", words.projected()));
		svg.append(line(LEFT + 450, legend - 4, LEFT + 470, legend - 4, "saldo"));
		svg.append(text(LEFT + 476, legend, "inicio", words.balance()));
		return svg.append("</svg>").toString();
	}

	private static String stack(double x, double width, Function<Double, Double> y, BigDecimal realised,
			BigDecimal projected, String kind) {
		double base = y.apply(0.0);
		double done = y.apply(realised.doubleValue());
		double all = y.apply(realised.add(projected).doubleValue());
		return rect(x, done, width, base - done, kind) + rect(x, all, width, done - all, kind + " previsto");
	}

	private static String rect(double x, double y, double width, double height, String kind) {
		if (height <= 0) {
			return "";
		}
		return "<rect class=\"" + kind + "\" x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" + number(width)
				+ "\" height=\"" + number(height) + "\"/>";
	}

	private static String key(double x, double y, String kind, String words) {
		return rect(x, y - 10, 12, 12, kind) + text(x + 18, y, "inicio", words);
	}

	private static String line(double x1, double y1, double x2, double y2, String kind) {
		return "<line class=\"" + kind + "\" x1=\"" + number(x1) + "\" y1=\"" + number(y1) + "\" x2=\"" + number(x2)
				+ "\" y2=\"" + number(y2) + "\"/>";
	}

	private static String text(double x, double y, String anchor, String words) {
		return "<text class=\"" + anchor + "\" x=\"" + number(x) + "\" y=\"" + number(y) + "\">" + escape(words)
				+ "</text>";
	}

	private static String number(double value) {
		return String.format(Locale.ROOT, "%.1f", value);
	}

	static String escape(String text) {
		return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
	}

}
