package dev.eventual.bench.cost;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.LongFunction;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * Closed-loop steps with Debian's {@code wrk} (1 thread, c connections), a native generator that leaves
 * the CPU to the services. A Lua script gives each request its own Idempotency-Key and rotates the
 * customers (and their bearer tokens) and the SKUs as {@link Requests} does; wrk's own CPU comes from the
 * shell's {@code times} after it exits.
 */
final class Wrk {

    static final String PATH = "/usr/bin/wrk";
    private static final String TIMEOUT = "30s";

    private final Path work;
    private final long firstUser;
    private final int users;
    private final String tokens;

    Wrk(Path work, long firstUser, int users, LongFunction<String> tokens) {
        this.work = work;
        this.firstUser = firstUser;
        this.users = users;
        this.tokens = LongStream.range(firstUser, firstUser + users)
                .mapToObj(u -> "\"" + tokens.apply(u) + "\"").collect(Collectors.joining(","));
    }

    static boolean available() {
        return Files.isExecutable(Path.of(PATH));
    }

    /** One step: requests of {@code kind} for SKUs firstSku .. firstSku + skus - 1, round-robin. */
    WrkOutput run(StepKind kind, int port, int connections, Duration duration, long firstSku, int skus) {
        try {
            Path script = work.resolve("cost-" + kind.name().toLowerCase() + ".lua");
            String request = kind == StepKind.READ
                    ? "wrk.format(\"GET\", \"/api/inventory/\" .. sku, {[\"Authorization\"] = auth})"
                    : """
                    wrk.format("POST", "/api/orders", {["Content-Type"] = "application/json", ["Authorization"] = auth,
                        ["Idempotency-Key"] = "wrk-%s-" .. n},
                        '{"userId":"' .. (%d + u) .. '","skuId":"' .. sku .. '","quantity":1}')"""
                    .formatted(kind.name().toLowerCase() + System.nanoTime(), firstUser);
            Files.writeString(script, """
                    local tokens = {%s}
                    local n = 0
                    request = function()
                      n = n + 1
                      local u = n %% %d
                      local sku = %d + n %% %d
                      local auth = "Bearer " .. tokens[u + 1]
                      return %s
                    end
                    """.formatted(tokens, users, firstSku, skus, request));
            // wrk gives up on an answer after 2 s by default; an order it gave up on is still placed and consumed,
            // its CPU in the window but not its unit, so wait as long as a step may drain
            String command = PATH + " -t1 -c" + connections + " -d" + duration.toSeconds() + "s --timeout " + TIMEOUT
                    + " --latency -s " + script
                    + " http://127.0.0.1:" + port + " && times";
            Process wrk = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true).start();
            String output = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (wrk.waitFor() != 0) {
                throw new IllegalStateException("wrk failed: " + output);
            }
            return WrkOutput.parse(output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
