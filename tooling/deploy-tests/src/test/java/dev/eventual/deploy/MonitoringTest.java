package dev.eventual.deploy;

import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The compose stack's Prometheus and Grafana: the dashboard and the alert rules ask only for
 * metrics the services register (with labels those metrics carry), Prometheus scrapes every
 * service where it serves them, and compose wires both the way it wires the rest of the stack.
 */
class MonitoringTest {

    private static final String DASHBOARD = "deploy/grafana/dashboards/eventual.json";
    private static final String DATASOURCE = "deploy/grafana/provisioning/datasources/prometheus.yml";
    private static final String PROVIDER = "deploy/grafana/provisioning/dashboards/eventual.yml";
    private static final String PROMETHEUS = "deploy/prometheus/prometheus.yml";
    private static final String ALERTS = "deploy/prometheus/alerts.yml";

    /** What PromQL itself names: functions, aggregations, operators and their modifiers. */
    private static final Set<String> PROMQL_WORDS = Set.of("sum", "max", "min", "avg", "count", "rate", "irate", "increase",
            "delta", "histogram_quantile", "clamp_min", "topk", "abs", "absent", "and", "or", "unless", "bool", "offset",
            "max_over_time", "changes");
    /** Labels Prometheus adds to every scraped series, and the histogram bucket label. */
    private static final Set<String> TARGET_LABELS = Set.of("job", "instance", "le");
    private static final Pattern GROUPING = Pattern.compile("\\b(?:by|without)\\s*\\(([^)]*)\\)");
    private static final Pattern MATCHERS = Pattern.compile("\\{([^}]*)}");
    private static final Pattern MATCHER_LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(?:=~|!~|!=|=)");
    private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)");

    private final Compose compose = Compose.load();
    private final Map<String, Set<String>> registered = ServiceMeters.prometheusNames();

    @Test
    void theMeterListIsTheOneTheCodeRegisters() {
        assertThat(ServiceMeters.ALL).extracting(ServiceMeters.Meter::name)
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(ServiceMeters.literalsInSources());
        // what the ITs' /actuator/prometheus showed (NoticeServiceBootIT, ReconcileJobBootIT)
        assertThat(registered).containsKeys("eventual_reconcile_lag_seconds", "eventual_reconcile_work_orders_open",
                "eventual_notice_duplicates_total", "eventual_notice_report_failures_total", "eventual_consumer_report_batch_count");
    }

    @Test
    void theDashboardParsesAndAsksOnlyForRegisteredMetrics() {
        JsonNode dashboard = JsonMapper.builder().build().readTree(Repository.read(DASHBOARD));
        List<String> expressions = new ArrayList<>();
        Set<String> datasources = new HashSet<>();
        dashboard.get("panels").forEach(panel -> collect(panel, expressions, datasources));

        assertThat(dashboard.get("uid").asString()).isNotBlank();
        assertThat(dashboard.get("title").asString()).isNotBlank();
        assertThat(expressions).isNotEmpty().allSatisfy(this::asksOnlyForRegisteredMetrics);
        assertThat(datasources).containsExactly(datasourceUid());
        // the issue's list: orders accepted and rejected, check-backs by answer, consumer outcomes and
        // report failures, consistency lag, re-drives, open work orders (no meter counts dead letters)
        Set<String> used = new HashSet<>();
        expressions.forEach(expression -> used.addAll(metrics(expression)));
        // eventual.orders.created is eventual_orders_total: the Prometheus client drops "_created",
        // which OpenMetrics reserves for a counter's creation time
        assertThat(used).contains("eventual_orders_total", "eventual_orders_rejected_total",
                "eventual_order_check_backs_total", "eventual_inventory_consumed_total", "eventual_notice_consumed_total",
                "eventual_inventory_report_failures_total", "eventual_notice_report_failures_total",
                "eventual_reconcile_lag_seconds", "eventual_reconcile_redrives_total", "eventual_reconcile_work_orders_open",
                // issue 39's relay: the backlog, relayed and failed sends
                "eventual_order_relay_waiting", "eventual_order_relay_oldest_seconds", "eventual_order_relay_sent_total",
                "eventual_order_relay_failures_total");
    }

    @Test
    void theAlertRulesWatchTheLagOpenWorkOrdersEventsWaitingForTheBrokerRetentionLateEventsAndSignInGuessing() {
        List<Map<String, Object>> rules = new ArrayList<>();
        list(yaml(ALERTS).get("groups")).forEach(group -> rules.addAll(list(Compose.map(group).get("rules"))));

        assertThat(rules).extracting(rule -> rule.get("alert")).containsExactlyInAnyOrder("ConsistencyLagHigh", "WorkOrdersOpen",
                "EventsWaitingForBroker", "RetentionBehind", "LateEventRefused", "SignInGuessing");
        assertThat(rules).allSatisfy(rule -> {
            String expression = rule.get("expr").toString();
            asksOnlyForRegisteredMetrics(expression);
            assertThat(Compose.map(rule.get("annotations"))).as(rule.get("alert").toString()).containsKeys("summary", "description");
        });
        assertThat(expression(rules, "ConsistencyLagHigh")).contains("eventual_reconcile_lag_seconds");
        assertThat(expression(rules, "WorkOrdersOpen")).contains("eventual_reconcile_work_orders_open");
        assertThat(expression(rules, "EventsWaitingForBroker")).contains("eventual_order_relay_oldest_seconds");
        assertThat(expression(rules, "SignInGuessing")).contains("eventual_auth_sign_in_failures_total");
        // every table against its own retention, per service: both sides grouped alike, so one-to-one on (job, table)
        assertThat(expression(rules, "RetentionBehind")).contains("eventual_retention_oldest_age_seconds",
                "eventual_retention_keep_seconds");
        assertThat(GROUPING.matcher(expression(rules, "RetentionBehind")).results().map(grouping -> grouping.group(1)))
                .containsExactly("job, table", "job, table");
        assertThat(expression(rules, "LateEventRefused")).contains("eventual_inventory_refused_total",
                "eventual_notice_refused_total");
    }

    @Test
    void prometheusScrapesEveryServiceOnItsManagementPort() {
        Map<String, Object> config = yaml(PROMETHEUS);
        Set<String> targets = new HashSet<>();
        list(config.get("scrape_configs")).forEach(job -> {
            assertThat(job.get("metrics_path")).as(job.get("job_name").toString()).isEqualTo("/actuator/prometheus");
            list(Compose.map(job).get("static_configs")).forEach(statics ->
                    ((List<?>) statics.get("targets")).forEach(target -> targets.add(target.toString())));
        });
        // every built service that serves metrics is scraped, the auth-server included (its sign-in failures);
        // those that register the suite's meters must serve them
        Set<String> expected = new HashSet<>();
        compose.builtModules().forEach((name, module) -> {
            boolean exposes = SpringService.ofModule(module).ymlDefault("management.endpoints.web.exposure.include")
                    .contains("prometheus");
            if (ServiceMeters.MODULES.contains(module)) {
                assertThat(exposes).as(module + " exposes the scrape endpoint").isTrue();
            }
            if (exposes) {
                // the management port, where the image's health check asks too, and what the yml makes it
                String port = compose.buildArgs(name).get("MANAGEMENT_PORT");
                assertThat(port).as(name).isEqualTo(SpringService.ofModule(module).ymlDefault("management.server.port"))
                        .isNotEqualTo(compose.buildArgs(name).get("HTTP_PORT"));
                expected.add(name + ":" + port);
            }
        });
        assertThat(expected).as("scraped services").hasSizeGreaterThanOrEqualTo(6).contains("auth-server:10000");
        assertThat(targets).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(String.valueOf(config.get("rule_files"))).isEqualTo(List.of(mountTarget("prometheus", ALERTS)).toString());
        assertThat(mountTarget("prometheus", PROMETHEUS)).isEqualTo("/etc/prometheus/prometheus.yml");
    }

    @Test
    void grafanaGetsThePrometheusDataSourceAndTheDashboard() {
        Map<String, Object> datasource = list(yaml(DATASOURCE).get("datasources")).get(0);
        assertThat(datasource.get("type")).isEqualTo("prometheus");
        assertThat(datasource.get("url")).isEqualTo("http://prometheus:9090");
        assertThat(compose.strings("prometheus", "ports")).containsExactly("127.0.0.1:9090:9090");

        Map<String, Object> provider = list(yaml(PROVIDER).get("providers")).get(0);
        assertThat(Compose.map(provider.get("options")).get("path")).isEqualTo(mountTarget("grafana", "deploy/grafana/dashboards"));
        assertThat(mountTarget("grafana", DATASOURCE)).startsWith("/etc/grafana/provisioning/datasources/");
        assertThat(mountTarget("grafana", PROVIDER)).startsWith("/etc/grafana/provisioning/dashboards/");
    }

    @Test
    void composeRunsBothLikeTheRestOfTheStack() {
        assertThat(compose.service("prometheus").get("image").toString()).startsWith("${PROMETHEUS_IMAGE:-prom/prometheus:v");
        assertThat(compose.service("grafana").get("image").toString()).startsWith("${GRAFANA_IMAGE:-grafana/grafana:");
        for (String name : List.of("prometheus", "grafana")) {
            assertThat(compose.strings(name, "ports")).as(name).isNotEmpty().allSatisfy(port -> assertThat(port).startsWith("127.0.0.1:"));
            assertThat(compose.strings(name, "volumes")).as(name).isNotEmpty()
                    .allSatisfy(volume -> assertThat(volume).startsWith("./deploy/").endsWith(":ro"));
        }
        // the admin password is a secret like the others: from .env only, checked by preflight first
        Map<String, String> grafana = compose.environment("grafana");
        assertThat(grafana.get("GF_SECURITY_ADMIN_PASSWORD")).startsWith("${GRAFANA_ADMIN_PASSWORD:?");
        assertThat(grafana).containsEntry("GF_USERS_ALLOW_SIGN_UP", "false").containsEntry("GF_AUTH_ANONYMOUS_ENABLED", "false");
        assertThat(compose.dependsOn("grafana")).containsEntry("preflight", "service_completed_successfully");
        assertThat(compose.strings("preflight", "command")).contains("GRAFANA_ADMIN_PASSWORD");
    }

    /** Every metric the expression names is registered, and every label it groups or filters by is one they carry. */
    private void asksOnlyForRegisteredMetrics(String expression) {
        Set<String> metrics = metrics(expression);
        assertThat(metrics).as(expression).isNotEmpty();
        Set<String> labels = new HashSet<>(TARGET_LABELS);
        metrics.forEach(metric -> {
            assertThat(registered).as("%s asks for %s, which no service registers", expression, metric).containsKey(metric);
            labels.addAll(registered.get(metric));
        });
        assertThat(labels(expression)).as(expression).isSubsetOf(labels);
    }

    /** The metric names of a PromQL expression: its identifiers that are not PromQL's own words. */
    static Set<String> metrics(String expression) {
        String bare = MATCHERS.matcher(GROUPING.matcher(expression).replaceAll(" ")).replaceAll(" ")
                .replaceAll("\\[[^]]*]", " ")     // ranges, [$__rate_interval] included
                .replaceAll("\"[^\"]*\"", " ");   // strings
        Set<String> metrics = new HashSet<>();
        Matcher matcher = IDENTIFIER.matcher(bare);
        while (matcher.find()) {
            if (!PROMQL_WORDS.contains(matcher.group(1))) {
                metrics.add(matcher.group(1));
            }
        }
        return metrics;
    }

    private static Set<String> labels(String expression) {
        Set<String> labels = new HashSet<>();
        Matcher grouping = GROUPING.matcher(expression);
        while (grouping.find()) {
            for (String label : grouping.group(1).split(",")) {
                labels.add(label.strip());
            }
        }
        Matcher matchers = MATCHERS.matcher(expression);
        while (matchers.find()) {
            Matcher label = MATCHER_LABEL.matcher(matchers.group(1));
            while (label.find()) {
                labels.add(label.group(1));
            }
        }
        return labels;
    }

    /** Panels' expressions and data sources, rows' nested panels included. */
    private static void collect(JsonNode panel, List<String> expressions, Set<String> datasources) {
        if (panel.has("datasource")) {
            datasources.add(panel.get("datasource").get("uid").asString());
        }
        if (panel.has("targets")) {
            panel.get("targets").forEach(target -> {
                expressions.add(target.get("expr").asString());
                datasources.add(target.get("datasource").get("uid").asString());
            });
        }
        if (panel.has("panels")) {
            panel.get("panels").forEach(nested -> collect(nested, expressions, datasources));
        }
    }

    private static String datasourceUid() {
        return list(yaml(DATASOURCE).get("datasources")).get(0).get("uid").toString();
    }

    private static String expression(List<Map<String, Object>> rules, String alert) {
        return rules.stream().filter(rule -> alert.equals(rule.get("alert"))).findFirst().orElseThrow().get("expr").toString();
    }

    /** Where compose mounts a file of the repository into a service. */
    private String mountTarget(String service, String source) {
        return compose.strings(service, "volumes").stream().map(volume -> volume.split(":"))
                .filter(parts -> parts[0].equals("./" + source)).map(parts -> parts[1]).findFirst()
                .orElseThrow(() -> new AssertionError(service + " does not mount " + source));
    }

    private static Map<String, Object> yaml(String file) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(Repository.read(file));
    }

    private static List<Map<String, Object>> list(Object value) {
        List<Map<String, Object>> items = new ArrayList<>();
        if (value instanceof List<?> list) {
            list.forEach(item -> items.add(Compose.map(item)));
        }
        return items;
    }
}
