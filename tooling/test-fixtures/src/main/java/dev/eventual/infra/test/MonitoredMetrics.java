package dev.eventual.infra.test;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metrics the compose stack's Grafana dashboard and Prometheus alert rules ask for, read from those
 * files (under {@code deploy/}), and the service that registers each. Each service's test checks that its
 * share is there from the start with counters at 0 (docs/operations.md): Prometheus's rate() and
 * increase() need a sample before a burst, or they miss the burst that creates the series. A panel added
 * for a counter that appears only with its first increment thus fails that service's test.
 */
public final class MonitoredMetrics {

    static final String DASHBOARD = "deploy/grafana/dashboards/eventual.json";
    static final String ALERT_RULES = "deploy/prometheus/alerts.yml";

    /** What PromQL itself names: functions, aggregations, operators and their modifiers. */
    private static final Set<String> PROMQL_WORDS = Set.of("sum", "max", "min", "avg", "count", "rate", "irate", "increase",
            "delta", "histogram_quantile", "clamp_min", "topk", "abs", "absent", "and", "or", "unless", "bool", "offset",
            "max_over_time", "changes", "by", "without");
    private static final Pattern GROUPING = Pattern.compile("\\b(?:by|without)\\s*\\([^)]*\\)");
    private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)");

    /** Who registers which metrics, by the prefixes of their Prometheus names. */
    public enum Service {
        ORDER_SERVICE("eventual_orders_", "eventual_order_", "eventual_gate_decisions_", "eventual_gate_given_back_"),
        // the retention's series (docs/retention.md): each cleaning service publishes its own tables'
        INVENTORY_SERVICE("eventual_inventory_", "eventual_gate_updates_", "eventual_gate_drift_",
                "eventual_consumer_report_batch_", "eventual_retention_"),
        NOTICE_SERVICE("eventual_notice_", "eventual_consumer_report_batch_", "eventual_retention_"),
        RECONCILE_JOB("eventual_reconcile_", "eventual_gate_repaired_", "eventual_retention_"),
        // its series at 0 from the start: AuthServerIT (the auth-server's tests cannot use this module)
        AUTH_SERVER("eventual_auth_");

        private final List<String> prefixes;

        Service(String... prefixes) {
            this.prefixes = List.of(prefixes);
        }

        boolean registers(String metric) {
            return prefixes.stream().anyMatch(metric::startsWith);
        }
    }

    private MonitoredMetrics() {
    }

    /** Every metric the dashboard and the alert rules ask for. */
    public static Set<String> all() {
        Set<String> metrics = new TreeSet<>();
        expressions().forEach(expression -> metrics.addAll(metricNames(expression)));
        return metrics;
    }

    /** The ones {@code service} registers. */
    public static Set<String> of(Service service) {
        Set<String> metrics = new TreeSet<>(all());
        metrics.removeIf(metric -> !service.registers(metric));
        return metrics;
    }

    /**
     * What is wrong with {@code service}'s share in its scrape: a metric without a series, or a counter
     * ({@code _total}) not at 0. Empty when every series is there and no counter counted yet.
     */
    public static List<String> notRegisteredAtZero(PrometheusScrape scrape, Service service) {
        List<String> problems = new ArrayList<>();
        for (String metric : of(service)) {
            List<PrometheusScrape.Sample> samples = scrape.samples(metric);
            if (samples.isEmpty()) {
                problems.add(metric + ": no series");
            } else if (metric.endsWith("_total")) {
                samples.stream().filter(sample -> sample.value() != 0)
                        .forEach(sample -> problems.add(metric + sample.labels() + " = " + sample.value()));
            }
        }
        return problems;
    }

    /** The PromQL of the dashboard's panels (rows' nested panels included), then of the alert rules. */
    static List<String> expressions() {
        List<String> expressions = new ArrayList<>();
        JsonMapper.builder().build().readTree(read(DASHBOARD)).get("panels").forEach(panel -> collect(panel, expressions));
        Map<String, Object> rules = new Yaml(new SafeConstructor(new LoaderOptions())).load(read(ALERT_RULES));
        for (Object group : (List<?>) rules.get("groups")) {
            for (Object rule : (List<?>) ((Map<?, ?>) group).get("rules")) {
                expressions.add(((Map<?, ?>) rule).get("expr").toString());
            }
        }
        return expressions;
    }

    /** The metric names of a PromQL expression: its identifiers that are not PromQL's own words. */
    static Set<String> metricNames(String expression) {
        String bare = MATCHERS.matcher(GROUPING.matcher(expression).replaceAll(" ")).replaceAll(" ")
                .replaceAll("\\[[^]]*]", " ")     // ranges, [$__rate_interval] included
                .replaceAll("\"[^\"]*\"", " ");   // strings
        Set<String> metrics = new TreeSet<>();
        Matcher matcher = IDENTIFIER.matcher(bare);
        while (matcher.find()) {
            if (!PROMQL_WORDS.contains(matcher.group(1))) {
                metrics.add(matcher.group(1));
            }
        }
        return metrics;
    }

    private static void collect(JsonNode panel, List<String> expressions) {
        if (panel.has("targets")) {
            panel.get("targets").forEach(target -> expressions.add(target.get("expr").asString()));
        }
        if (panel.has("panels")) {
            panel.get("panels").forEach(nested -> collect(nested, expressions));
        }
    }

    /** A file of the repository, found from wherever the test JVM runs (a module's directory under Maven). */
    private static String read(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(relative))) {
                try {
                    return Files.readString(dir.resolve(relative));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        throw new IllegalStateException("no " + relative + " above " + Path.of("").toAbsolutePath());
    }
}
