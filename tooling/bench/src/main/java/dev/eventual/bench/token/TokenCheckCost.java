package dev.eventual.bench.token;

import dev.eventual.bench.report.Machine;
import dev.eventual.launcher.identity.ServiceClients;
import dev.eventual.launcher.identity.SuiteIdentity;
import dev.eventual.web.JwtCallers;
import dev.eventual.web.JwtClaimsProperties;
import org.springframework.security.oauth2.core.DelegatingOAuth2TokenValidator;
import org.springframework.security.oauth2.jwt.JwtClaimValidator;
import org.springframework.security.oauth2.jwt.JwtValidators;
import org.springframework.security.oauth2.jwt.NimbusJwtDecoder;
import org.springframework.web.client.RestTemplate;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * {@code tooling/bench/token-cost.sh}: the CPU that checking an access token adds to a request (issue 26,
 * "Cost"; tooling/bench/README.md, "Token check"). It starts the suite's real auth-server, signs in as many
 * customers through its login form, and checks their tokens the way every service does: Spring
 * Security's {@link NimbusJwtDecoder} found through the issuer's discovery document, with the validators
 * Spring Boot adds for {@code issuer-uri} and {@code audiences} (signature, issuer, audience, expiry,
 * not-before), then web-support's {@link JwtCallers} turning the claims into a caller. Paired blocks,
 * in random order within each pair, compare it on the same thread with the check it replaced for a
 * person's act on main before issue 26, none; a service's client token (client credentials, issue 40) is
 * checked the same way beside it, as the service calls' cost. CPU is the measuring thread's, so the idle auth-server in the
 * same JVM does not count. The work counter (HTTP calls to the issuer during the measured checks) is
 * noise-free: keys are fetched once and cached.
 */
public final class TokenCheckCost {

    private TokenCheckCost() {
    }

    public static void main(String[] args) throws IOException {
        Options options;
        try {
            options = Options.parse(args);
        } catch (ParameterException e) {
            System.err.println(e.getMessage() + " (tooling/bench/token-cost.sh --help lists the options)");
            System.exit(CommandLine.ExitCode.USAGE);
            return;
        }
        if (options == null) {
            return;
        }
        Path data = Path.of(options.work()).toAbsolutePath();
        Files.createDirectories(data);
        try (SuiteIdentity identity = SuiteIdentity.start(data, "127.0.0.1", 0, false, List.of())) {
            List<String> tokens = IntStream.rangeClosed(1, options.customers())
                    .mapToObj(id -> identity.token("customer:" + (1_000 + id))).toList();
            CountingRequests issuerCalls = new CountingRequests();
            RestTemplate rest = new RestTemplate();
            rest.getInterceptors().add(issuerCalls);
            NimbusJwtDecoder decoder = NimbusJwtDecoder.withIssuerLocation(identity.issuer()).restOperations(rest).build();
            decoder.setJwtValidator(new DelegatingOAuth2TokenValidator<>(JwtValidators.createDefaultWithIssuer(identity.issuer()),
                    new JwtClaimValidator<List<String>>("aud", audience -> audience != null && audience.contains("eventual"))));
            JwtCallers callers = new JwtCallers(new JwtClaimsProperties("roles", "customer_id"));
            String clientToken = identity.clients().token(identity.issuer(), ServiceClients.Client.RECONCILE_JOB);

            Work jwt = i -> callers.convert(decoder.decode(tokens.get(i % tokens.size()))).isAuthenticated() ? 1 : 0;
            Work service = i -> callers.convert(decoder.decode(clientToken)).isAuthenticated() ? 1 : 0;
            Work none = i -> i & 1;

            long sink = 0;
            for (int i = 0; i < options.warmUp(); i++) {
                sink += jwt.run(i) + service.run(i) + none.run(i);
            }
            long callsBefore = issuerCalls.count();
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            Random order = new Random(26);
            double[] jwtMicros = new double[options.pairs()];
            double[] serviceMicros = new double[options.pairs()];
            double[] noneMicros = new double[options.pairs()];
            for (int pair = 0; pair < options.pairs(); pair++) {
                List<Integer> kinds = new ArrayList<>(List.of(0, 1, 2));
                Collections.shuffle(kinds, order);
                for (int kind : kinds) {
                    Work work = kind == 0 ? jwt : kind == 1 ? service : none;
                    long start = threads.getCurrentThreadCpuTime();
                    for (int i = 0; i < options.perBlock(); i++) {
                        sink += work.run(pair * options.perBlock() + i);
                    }
                    double micros = (threads.getCurrentThreadCpuTime() - start) / 1_000.0 / options.perBlock();
                    (kind == 0 ? jwtMicros : kind == 1 ? serviceMicros : noneMicros)[pair] = micros;
                }
            }
            long checks = (long) options.pairs() * options.perBlock();
            long calls = issuerCalls.count() - callsBefore;
            Machine machine = Machine.current();
            String report = report(machine, options, checks, calls, jwtMicros, serviceMicros, noneMicros, sink);
            System.out.println(report);
            Path results = Path.of(options.results());
            Files.createDirectories(results);
            Files.writeString(results.resolve(LocalDate.now() + "-token-check-" + options.label() + "-" + machine.slug() + ".md"), report);
        }
    }

    private static String report(Machine machine, Options options, long checks, long calls, double[] jwt, double[] service, double[] none, long sink) {
        double[] added = new double[jwt.length];
        for (int i = 0; i < jwt.length; i++) {
            added[i] = jwt[i] - none[i];
        }
        double addedMedian = median(added);
        return """
                # Token check cost (%s)

                Command: `tooling/bench/token-cost.sh %s`
                Machine: %s (%s, %s)
                %d customers' tokens of the suite's auth-server (RS256, 2048-bit key), %d pairs of blocks of %d checks
                each, after %d warm-up checks; CPU of the measuring thread per check.

                | per request | median µs | min-max of the blocks |
                |---|---|---|
                | bearer JWT: decode, verify, validate, make the caller | %.1f | %.1f-%.1f |
                | a service's client token (client credentials): the same check | %.1f | %.1f-%.1f |
                | nothing (main before issue 26 for a person's act) | %.2f | %.2f-%.2f |
                | **added by the JWT check** (paired differences) | **%.1f** | %.1f-%.1f |

                Share of an order's CPU (%.1f ms, issue 28's measure): **%.2f %%**.
                HTTP calls to the issuer during the %d measured checks: **%d** (keys cached since the warm-up).
                (checksum %d)
                """.formatted(options.label(), String.join(" ", options.args()),
                machine.slug(), machine.cpuModel(), machine.jdk(),
                options.customers(), options.pairs(), options.perBlock(), options.warmUp(),
                median(jwt), min(jwt), max(jwt), median(service), min(service), max(service), median(none), min(none), max(none),
                addedMedian, min(added), max(added),
                options.orderCpuMillis(), 100 * addedMedian / (options.orderCpuMillis() * 1000), checks, calls, sink);
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElseThrow();
    }

    private static double max(double[] values) {
        return Arrays.stream(values).max().orElseThrow();
    }

    @FunctionalInterface
    private interface Work {
        long run(int i);
    }
}
