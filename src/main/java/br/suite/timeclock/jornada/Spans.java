package br.suite.timeclock.jornada;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs of minutes on the time line, each {@code [start, end)}: their length, union and
 * difference, and how many of a variation's minutes count (§6).
 */
final class Spans {

	private Spans() {
	}

	static long length(List<long[]> spans) {
		return spans.stream().mapToLong(s -> s[1] - s[0]).sum();
	}

	/**
	 * §6: every minute when the kind's total passes the daily limit, else the variations
	 * above the per-mark one.
	 */
	static int counted(List<long[]> variations, Schedule schedule) {
		long total = length(variations);
		if (total > schedule.toleranceDailyMinutes()) {
			return (int) total;
		}
		return (int) variations.stream()
			.mapToLong(v -> v[1] - v[0])
			.filter(v -> v > schedule.tolerancePerMarkMinutes())
			.sum();
	}

	/** Sorted, with overlapping or touching intervals merged and empty ones dropped. */
	static List<long[]> normalize(List<long[]> spans) {
		List<long[]> sorted = new ArrayList<>(spans.stream().filter(s -> s[1] > s[0]).toList());
		sorted.sort(Comparator.comparingLong(s -> s[0]));
		List<long[]> merged = new ArrayList<>();
		for (long[] span : sorted) {
			long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
			if (last != null && span[0] <= last[1]) {
				last[1] = Math.max(last[1], span[1]);
			}
			else {
				merged.add(new long[] { span[0], span[1] });
			}
		}
		return merged;
	}

	/** {@code a \ b} as maximal runs (both normalized). */
	static List<long[]> subtract(List<long[]> a, List<long[]> b) {
		List<long[]> out = new ArrayList<>();
		for (long[] span : a) {
			long cursor = span[0];
			for (long[] cut : b) {
				if (cut[1] <= cursor) {
					continue;
				}
				if (cut[0] >= span[1]) {
					break;
				}
				if (cut[0] > cursor) {
					out.add(new long[] { cursor, cut[0] });
				}
				cursor = Math.max(cursor, cut[1]);
				if (cursor >= span[1]) {
					break;
				}
			}
			if (cursor < span[1]) {
				out.add(new long[] { cursor, span[1] });
			}
		}
		return out;
	}

}
