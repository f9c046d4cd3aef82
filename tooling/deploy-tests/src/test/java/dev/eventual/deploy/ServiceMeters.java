package dev.eventual.deploy;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every meter the services register, as their code registers it (name, kind, tags), and the names
 * Prometheus sees for them: each is registered here in a real {@link PrometheusMeterRegistry}, the
 * registry /actuator/prometheus serves, and read back from its scrape. {@link #literalsInSources}
 * is what keeps the list honest: the meter names written in the services' code.
 */
final class ServiceMeters {

    /** The directories of the modules whose main code registers meters. */
    static final List<String> MODULES = List.of("order-core", "order-service", "inventory-service", "notice-service",
            "reconcile-job", "platform/consumer-support", "auth-server");

    static final List<Meter> ALL = List.of(
            // order-service (OrderMetrics, WorkerLeaseKeeper, PaymentMetrics, OrderGate) and the order core it runs
            // (TransactionMetrics, ConsumerStatusMetrics)
            counter("eventual.orders.created"),
            counter("eventual.orders.replayed"),
            counter("eventual.orders.rejected", "reason"),
            counter("eventual.orders.refused-at-door"),
            counter("eventual.orders.cancel.rejected", "reason"),
            counter("eventual.orders.payments", "result"),
            counter("eventual.gate.decisions", "outcome"),
            counter("eventual.gate.given-back", "reason"),
            counter("eventual.order.events.reconciled-by-reports", "event"),
            counter("eventual.order.events.reopened-by-refusals", "event", "from"),
            counter("eventual.order.local-transactions", "outcome"),
            counter("eventual.order.check-backs", "answer"),
            counter("eventual.order.broker-fallback", "reason"),
            counter("eventual.order.worker-lease.renewal-failures"),
            counter("eventual.order.worker-lease.lost"),
            new Meter("eventual.order.worker-id", Kind.GAUGE, null, List.of()),
            // the relay in order-service's process (order-core's RelayMetrics)
            counter("eventual.order.relay.sent"),
            counter("eventual.order.relay.failures"),
            counter("eventual.order.relay.handed-over"),
            new Meter("eventual.order.relay.waiting", Kind.GAUGE, null, List.of()),
            new Meter("eventual.order.relay.oldest.seconds", Kind.GAUGE, "seconds", List.of()),
            new Meter("eventual.order.broker-breaker.state", Kind.GAUGE, null, List.of("state")),
            // inventory-service: InventoryMetrics, @EnableStatusReports, InventoryGate
            counter("eventual.inventory.consumed", "event", "outcome"),
            counter("eventual.inventory.duplicates", "event"),
            counter("eventual.inventory.failures", "reason"),
            counter("eventual.inventory.redeliveries"),
            counter("eventual.inventory.refused", "event"),
            counter("eventual.inventory.report-failures"),
            counter("eventual.gate.drift"),
            counter("eventual.gate.updates", "result"),
            // notice-service: NoticeMetrics, @EnableStatusReports
            counter("eventual.notice.consumed", "type"),
            counter("eventual.notice.duplicates"),
            counter("eventual.notice.failures", "reason"),
            counter("eventual.notice.refused", "type"),
            counter("eventual.notice.report-failures"),
            // consumer-support: ReportCoalescer, in both consumers
            new Meter("eventual.consumer.report.batch", Kind.SUMMARY, null, List.of("group")),
            // the retention of every table (docs/retention.md): consumer-support's RetentionMeters in both consumers,
            // reconcile-job's RetentionMeters (order_db's tables) and MessageLogArchive (message_consumer_status)
            counter("eventual.retention.removed", "table"),
            new Meter("eventual.retention.oldest.age", Kind.GAUGE, "seconds", List.of("table")),
            new Meter("eventual.retention.keep", Kind.GAUGE, "seconds", List.of("table")),
            // reconcile-job: ReconcileRun, Redriver, ReconcileGauges, UnpaidTimeoutMetrics, GateRepairMetrics,
            // ConsumerCleanups
            counter("eventual.reconcile.scanned"),
            counter("eventual.reconcile.rows", "outcome"),
            counter("eventual.reconcile.redrives", "action", "result"),
            counter("eventual.reconcile.taken-over"),
            counter("eventual.reconcile.executor.refused", "glue_type"),
            counter("eventual.reconcile.unpaid.orders", "outcome"),
            counter("eventual.reconcile.retention.cleanups", "service", "outcome"),
            counter("eventual.gate.repaired", "kind"),
            new Meter("eventual.reconcile.work-orders.open", Kind.GAUGE, null, List.of()),
            new Meter("eventual.reconcile.lag.seconds", Kind.GAUGE, "seconds", List.of()),
            // auth-server: FailureLog (the sign-in throttle), IssuedTokens (token requests per client)
            counter("eventual.auth.sign-in.failures", "outcome"),
            counter("eventual.auth.tokens.issued", "client", "grant"));

    /** A meter-name literal: "eventual." and at least two more dot-separated parts. */
    private static final Pattern METER_LITERAL = Pattern.compile("\"(eventual\\.[a-z0-9-]+(?:\\.[a-z0-9-]+)+)\"");

    private ServiceMeters() {
    }

    /** Prometheus's name of every time series the meters produce, each with the labels it carries. */
    static Map<String, Set<String>> prometheusNames() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        ALL.forEach(meter -> meter.register(registry));
        Map<String, Set<String>> names = new TreeMap<>();
        Pattern sample = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{([^}]*)})? ");
        Pattern label = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");
        registry.scrape().lines().filter(line -> !line.startsWith("#")).forEach(line -> {
            Matcher matcher = sample.matcher(line);
            if (matcher.find()) {
                Set<String> labels = names.computeIfAbsent(matcher.group(1), name -> new TreeSet<>());
                if (matcher.group(2) != null) {
                    Matcher pairs = label.matcher(matcher.group(2));
                    while (pairs.find()) {
                        labels.add(pairs.group(1));
                    }
                }
            }
        });
        return names;
    }

    /**
     * The meter names written in the services' main code, except in @ConfigurationProperties
     * prefixes (which look the same: "eventual.order.check-back").
     */
    static Set<String> literalsInSources() {
        Set<String> literals = new TreeSet<>();
        for (String module : MODULES) {
            try (Stream<Path> files = Files.walk(Repository.path(module + "/src/main/java"))) {
                for (Path file : files.filter(path -> path.toString().endsWith(".java")).toList()) {
                    // a property's name is not a meter's (nor a constant naming one, *_PROPERTY)
                    Files.readAllLines(file).stream().filter(line -> !line.contains("@ConfigurationProperties")
                                    && !line.contains("@ConditionalOnProperty") && !line.contains("_PROPERTY = \""))
                            .forEach(line -> {
                                Matcher matcher = METER_LITERAL.matcher(line);
                                while (matcher.find()) {
                                    literals.add(matcher.group(1));
                                }
                            });
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return literals;
    }

    private static Meter counter(String name, String... tags) {
        return new Meter(name, Kind.COUNTER, null, List.of(tags));
    }

    enum Kind { COUNTER, GAUGE, TIMER, SUMMARY }

    record Meter(String name, Kind kind, String baseUnit, List<String> tags) {

        void register(PrometheusMeterRegistry registry) {
            Tags values = Tags.of(tags.stream().map(tag -> Tag.of(tag, "x")).toList());
            switch (kind) {
                case COUNTER -> Counter.builder(name).tags(values).register(registry);
                case GAUGE -> Gauge.builder(name, () -> 0).baseUnit(baseUnit).tags(values).register(registry);
                case TIMER -> Timer.builder(name).publishPercentileHistogram().tags(values).register(registry);
                case SUMMARY -> DistributionSummary.builder(name).tags(values).register(registry);
            }
        }
    }
}
