package dev.eventual.bench.cost;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of {@code wrk --latency} printed, followed by the shell's {@code times}.
 *
 * @param requests       requests answered
 * @param seconds        wrk's own duration of the run
 * @param non2xx         answers other than 2xx/3xx (for the refusal step: the 409 refusals)
 * @param socketErrors   connect, read, write and timeout errors
 * @param p99Ms          the 99th percentile of wrk's latency distribution
 * @param generatorCpuMs wrk's own CPU (user + system), from {@code times}; NaN when absent
 */
public record WrkOutput(long requests, double seconds, long non2xx, long socketErrors, double p99Ms,
                        double generatorCpuMs) {

    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in ([0-9.]+)(us|ms|s|m|h)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern P99 = Pattern.compile("^\\s*99(?:\\.0+)?%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$", Pattern.MULTILINE);
    /** The second line of {@code times}: the children's user and system time, e.g. {@code 0m1.234s 0m0.567s}. */
    private static final Pattern CHILD_TIMES = Pattern.compile("(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s\\s*$");

    static WrkOutput parse(String output) {
        Matcher total = find(TOTAL, output);
        Matcher non2xx = NON_2XX.matcher(output);
        long socketErrors = 0;
        Matcher errors = ERRORS.matcher(output);
        if (errors.find()) {
            for (int g = 1; g <= 4; g++) {
                socketErrors += Long.parseLong(errors.group(g));
            }
        }
        Matcher p99 = find(P99, output);
        Matcher times = CHILD_TIMES.matcher(output.strip());
        double cpuMs = times.find() ? (Long.parseLong(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                + Long.parseLong(times.group(3)) * 60 + Double.parseDouble(times.group(4))) * 1000 : Double.NaN;
        return new WrkOutput(Long.parseLong(total.group(1)), millis(total.group(2), total.group(3)) / 1000,
                non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0, socketErrors,
                millis(p99.group(1), p99.group(2)), cpuMs);
    }

    /** Requests answered 2xx or 3xx (reads and accepted orders). */
    long ok() {
        return requests - non2xx;
    }

    private static double millis(String value, String unit) {
        double v = Double.parseDouble(value);
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "us" -> v / 1000;
            case "ms" -> v;
            case "s" -> v * 1000;
            case "m" -> v * 60_000;
            default -> v * 3_600_000;
        };
    }

    private static Matcher find(Pattern pattern, String output) {
        Matcher m = pattern.matcher(output);
        if (!m.find()) {
            throw new IllegalStateException("wrk printed no " + pattern + ": " + output);
        }
        return m;
    }
}
