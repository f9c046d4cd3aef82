package dev.eventual.bench.cost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Saturation refusals/s from one closed-loop step with Debian's {@code wrk} (1 thread, 16 connections),
 * a native generator that leaves the CPU to the services. A Lua script gives each request its own
 * Idempotency-Key; wrk's own CPU comes from the shell's {@code times} after it exits.
 */
final class WrkSaturation {

    static final String WRK = "/usr/bin/wrk";
    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses:\\s+(\\d+)");
    private static final Pattern ERRORS = Pattern.compile("Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    /** The second line of {@code times}: the children's user and system time, e.g. {@code 0m1.234s 0m0.567s}. */
    private static final Pattern CHILD_TIMES = Pattern.compile("(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s\\s*$");

    private WrkSaturation() {
    }

    static boolean available() {
        return Files.isExecutable(Path.of(WRK));
    }

    /** @param body the order, the same for every request; the key and the token go into headers */
    static SaturationStep run(int port, String token, String body, Duration duration, Path work) {
        try {
            Path script = work.resolve("cost-refusals.lua");
            Files.writeString(script, """
                    wrk.method = "POST"
                    wrk.body = '%s'
                    wrk.headers["Content-Type"] = "application/json"
                    wrk.headers["Authorization"] = "Bearer %s"
                    local n = 0
                    request = function()
                      n = n + 1
                      wrk.headers["Idempotency-Key"] = "wrk-%d-" .. n
                      return wrk.format()
                    end
                    """.formatted(body, token, System.currentTimeMillis()));
            String command = WRK + " -t1 -c16 -d" + duration.toSeconds() + "s -s " + script
                    + " http://127.0.0.1:" + port + "/api/orders && times";
            Process wrk = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
            String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (wrk.waitFor() != 0) {
                throw new IllegalStateException("wrk failed: " + output);
            }
            long requests = Long.parseLong(find(TOTAL, output, 1));
            Matcher non2xx = NON_2XX.matcher(output);
            long refusalsOrOther = non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0;
            Matcher errors = ERRORS.matcher(output);
            long socketErrors = 0;
            if (errors.find()) {
                for (int g = 1; g <= 4; g++) {
                    socketErrors += Long.parseLong(errors.group(g));
                }
            }
            Matcher times = CHILD_TIMES.matcher(output.strip());
            double cpuMs = times.find() ? (Long.parseLong(times.group(1)) * 60 + Double.parseDouble(times.group(2))
                    + Long.parseLong(times.group(3)) * 60 + Double.parseDouble(times.group(4))) * 1000 : Double.NaN;
            return new SaturationStep(Double.parseDouble(find(RATE, output, 1)), requests, refusalsOrOther,
                    socketErrors, requests == 0 ? Double.NaN : cpuMs / requests);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static String find(Pattern pattern, String output, int group) {
        Matcher m = pattern.matcher(output);
        if (!m.find()) {
            throw new IllegalStateException("wrk printed no " + pattern + ": " + output);
        }
        return m.group(group);
    }
}
