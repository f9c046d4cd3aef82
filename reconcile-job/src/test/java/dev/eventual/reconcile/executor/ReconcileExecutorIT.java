package dev.eventual.reconcile.executor;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.InfrastructureInitializer;
import dev.eventual.infra.test.TestAuthServer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.reconcile.ReconcileJobApplication;
import dev.eventual.reconcile.shard.ShardRange;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The real XXL-Job executor, driven over its HTTP protocol exactly as the admin console drives it
 * ({@code POST /run} with the access-token header and broadcastIndex / broadcastTotal).
 */
@SpringBootTest(properties = {
        "spring.config.name=" + ReconcileJobApplication.CONFIG_NAME,
        InfrastructureInitializer.DATABASE_PROPERTY + "=ORDER",
        InfrastructureInitializer.BROKER_PROPERTY + "=false",
        "xxl.job.admin.addresses=http://127.0.0.1:1/xxl-job-admin",
        "xxl.job.access-token=" + ReconcileExecutorIT.TOKEN,
        "xxl.job.executor.ip=127.0.0.1",
        "eventual.reconcile.takeover-grace=" + ReconcileExecutorIT.GRACE_SECONDS + "s"})
@ContextConfiguration(initializers = InfrastructureInitializer.class)
class ReconcileExecutorIT {

    static final String TOKEN = "executor-it-token-0123456789";
    /** Long enough that no other test here runs into it; short enough to wait for once. */
    static final int GRACE_SECONDS = 15;
    private static final int EXECUTOR_PORT = freePort();
    private static final AtomicLong NEXT_ORDER = new AtomicLong(8_000_000_000L);
    private static final AtomicLong NEXT_LOG = new AtomicLong(1);

    @DynamicPropertySource
    static void executor(DynamicPropertyRegistry registry) {
        registry.add("xxl.job.executor.port", () -> EXECUTOR_PORT);
        registry.add("xxl.job.executor.log-path", () -> System.getProperty("java.io.tmpdir") + "/xxl-job-logs");
    }

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    @Test
    void missingOrWrongAccessTokenIsRejected() {
        assertThat(trigger(1, 0, 1, null).json().get("code").asInt()).isEqualTo(500);
        assertThat(trigger(1, 0, 1, "wrong-wrong-wrong-wrong").json().get("code").asInt()).isEqualTo(500);
    }

    /**
     * xxl-job-core runs a GLUE trigger's source itself (a shell script, a Groovy class); the right
     * token must not be enough. Both scripts would leave a file behind if anything ran them.
     */
    @Test
    void glueTriggersAreRefusedEvenWithTheRightTokenAndNothingRuns(@TempDir Path dir) {
        Path byShell = dir.resolve("shell-ran");
        Path byGroovy = dir.resolve("groovy-ran");
        String groovy = """
                import com.xxl.job.core.handler.IJobHandler
                class Intruder extends IJobHandler {
                    static { new File('%1$s').createNewFile() }
                    void execute() { new File('%1$s').createNewFile() }
                }""".formatted(byGroovy);

        HttpCall.Response shell = glueTrigger(90, "GLUE_SHELL", "#!/bin/bash\ntouch '" + byShell + "'\n");
        HttpCall.Response groovyClass = glueTrigger(91, "GLUE_GROOVY", groovy);

        assertRefused(shell, "GLUE_SHELL");
        assertRefused(groovyClass, "GLUE_GROOVY");
        await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(5))
                .until(() -> !Files.exists(byShell) && !Files.exists(byGroovy));
        assertThat(meters.counter(BeanOnlyExecutorBiz.REFUSED_METRIC, "glue_type", "GLUE_SHELL").count()).isEqualTo(1);
        assertThat(meters.counter(BeanOnlyExecutorBiz.REFUSED_METRIC, "glue_type", "GLUE_GROOVY").count()).isEqualTo(1);

        // the same executor still runs its BEAN handler
        List<Long> orders = seed(20);
        assertAccepted(trigger(92, 0, 1, TOKEN));
        await().atMost(Duration.ofSeconds(30)).until(() -> pending(orders) == 0);
    }

    @Test
    void twoShardsCoverEveryRowOnceAndAStaleTotalLosesNothing() {
        List<Long> orders = seed(400);

        // a stale total: the admin says 3 while only shards 0 and 1 run; shard 2's range waits
        assertAccepted(trigger(1, 0, 3, TOKEN));
        assertAccepted(trigger(1, 1, 3, TOKEN));
        ShardRange third = ShardRange.of(2, 3);
        await().atMost(Duration.ofSeconds(30)).until(() -> pending(orders) == inRange(orders, third));
        assertThat(pending(orders)).isPositive();

        // the next runs with the right total cover the rest
        assertAccepted(trigger(1, 0, 2, TOKEN));
        assertAccepted(trigger(1, 1, 2, TOKEN));
        await().atMost(Duration.ofSeconds(30)).until(() -> pending(orders) == 0);
        assertThat(claims(orders)).containsOnly(1);
    }

    @Test
    void aDoubleTriggerProcessesEveryRowOnce() {
        List<Long> orders = seed(400);

        // two job ids run in two executor threads at once, on the same shard
        assertAccepted(trigger(2, 0, 1, TOKEN));
        assertAccepted(trigger(3, 0, 1, TOKEN));

        await().atMost(Duration.ofSeconds(30)).until(() -> pending(orders) == 0);
        assertThat(claims(orders)).containsOnly(1);
    }

    /**
     * Two executor instances with total 2 cover every row once. Then one of them dies; the admin keeps
     * sending it shard 1 of 2 (it holds a registration for about 90 s) while the survivor runs shard 0 of
     * 2 every second. The dead shard's rows are taken over once they are overdue by the grace, and no row
     * waits much longer or is worked twice. (One test for both: the second executor's JVM is the slow part.)
     */
    @Test
    void twoExecutorsCoverEveryRowOnceAndADeadOnesRowsAreTakenOverAfterTheGraceAndWorkedOnce() throws Exception {
        int secondPort = freePort();
        Process second = startSecondExecutor(secondPort);
        ScheduledExecutorService admin = Executors.newSingleThreadScheduledExecutor();
        try {
            await().atMost(Duration.ofSeconds(90)).until(() -> listening(secondPort));
            List<Long> first = seed(600);
            assertAccepted(trigger(EXECUTOR_PORT, 6, 0, 2, TOKEN));
            assertAccepted(trigger(secondPort, 6, 1, 2, TOKEN));
            await().atMost(Duration.ofSeconds(60)).until(() -> pending(first) == 0);
            assertThat(claims(first)).as("two live executors: every row worked once").containsOnly(1);

            second.destroy();
            second.waitFor();
            List<Long> orders = seed(400);
            admin.scheduleWithFixedDelay(() -> {
                assertAccepted(trigger(EXECUTOR_PORT, 6, 0, 2, TOKEN));
                assertThatThrownBy(() -> trigger(secondPort, 6, 1, 2, TOKEN)).isInstanceOf(IllegalStateException.class);
            }, 0, 1, TimeUnit.SECONDS);

            ShardRange dead = ShardRange.of(1, 2);
            await().atMost(Duration.ofSeconds(10)).until(() -> pending(orders) == inRange(orders, dead));
            assertThat(pending(orders)).as("the dead shard's rows, within the grace").isPositive();
            await().atMost(Duration.ofSeconds(GRACE_SECONDS + 30)).until(() -> pending(orders) == 0);

            // seeded due 1 s ago: a row waited from its due time until it was finished
            assertThat(longestWaitSeconds(orders)).isBetween((double) GRACE_SECONDS - 1, GRACE_SECONDS + 10.0);
            assertThat(claims(orders)).containsOnly(1);
        } finally {
            admin.shutdownNow();
            second.destroy();
            second.waitFor();
        }
    }

    /**
     * A second reconcile-job in its own JVM (xxl-job-core keeps its handler registry in static fields,
     * so one JVM holds one executor), on the same database, with its own executor port.
     */
    private static Process startSecondExecutor(int port) throws IOException {
        DatabaseServer db = TestInfrastructure.shared().migrated(ServiceDatabase.ORDER);
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path log = Path.of(System.getProperty("java.io.tmpdir"), "second-executor.log");
        return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dio.netty.noUnsafe=false", "-Xmx512m", "-Duser.home=" + System.getProperty("user.home"),
                // as the test JVMs run (docs/testing.md, "CI time"): a Spring start, where C2 only competes for the cores
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-cp", classpath, ReconcileJobApplication.class.getName(),
                "--server.port=0",
                "--spring.datasource.url=" + db.jdbcUrl(ServiceDatabase.ORDER.databaseName()),
                "--spring.datasource.username=" + db.username(),
                "--spring.datasource.password=" + db.password(),
                "--EVENTUAL_CLIENT_SECRET=" + TestAuthServer.Client.RECONCILE_JOB.secret(),
                "--spring.security.oauth2.resourceserver.jwt.issuer-uri=" + TestInfrastructure.shared().authServer().issuer(),
                "--xxl.job.admin.addresses=http://127.0.0.1:1/xxl-job-admin",
                "--xxl.job.access-token=" + TOKEN,
                "--xxl.job.executor.ip=127.0.0.1",
                "--xxl.job.executor.port=" + port,
                "--xxl.job.executor.log-path=" + Path.of(System.getProperty("java.io.tmpdir"), "xxl-job-logs-2"))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Rows whose every consumer already reported SUCCESS: the run reconciles them without asking anyone. */
    private List<Long> seed(int count) {
        List<Long> orders = new ArrayList<>();
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long order = NEXT_ORDER.incrementAndGet();
            orders.add(order);
            jdbc.update("INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status)"
                    + " VALUES (?, 1, ?, 1, 1, 'CREATED')", order, "executor-it-" + order);
            rows.add(new Object[]{order, (int) ((order * 2_654_435_761L) & 0xFFFF)});
        }
        jdbc.batchUpdate("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload,"
                + " msg_status, reconcile_status, next_reconcile_time) VALUES (?, 'ORDER_CREATED', ?, 't',"
                + " 'ORDER_CREATED', 'k', '{}', 'CONSUMED', 'PENDING', CURRENT_TIMESTAMP(3) - INTERVAL 1 SECOND)", rows);
        return orders;
    }

    private long pending(List<Long> orders) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE reconcile_status <> 'SUCCESS' AND order_id"
                + " BETWEEN ? AND ?", Long.class, orders.get(0), orders.get(orders.size() - 1));
    }

    private long inRange(List<Long> orders, ShardRange range) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE shard_key BETWEEN ? AND ? AND order_id"
                        + " BETWEEN ? AND ?", Long.class, range.fromKey(), range.toKeyInclusive(), orders.get(0),
                orders.get(orders.size() - 1));
    }

    /** How long the longest-waiting row stood due before a run finished it. */
    private double longestWaitSeconds(List<Long> orders) {
        return jdbc.queryForObject("SELECT MAX(TIMESTAMPDIFF(MICROSECOND, next_reconcile_time, updated_at)) / 1e6"
                + " FROM message_log WHERE order_id BETWEEN ? AND ?", Double.class, orders.get(0), orders.get(orders.size() - 1));
    }

    /** {@code version} goes up by one per claim: 1 everywhere means no row was worked on twice. */
    private List<Integer> claims(List<Long> orders) {
        return jdbc.queryForList("SELECT version FROM message_log WHERE order_id BETWEEN ? AND ?", Integer.class,
                orders.get(0), orders.get(orders.size() - 1));
    }

    private static void assertAccepted(HttpCall.Response response) {
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("code").asInt()).as(response.body()).isEqualTo(200);
    }

    private static void assertRefused(HttpCall.Response response, String glueType) {
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.json().get("code").asInt()).as(response.body()).isEqualTo(500);
        assertThat(response.json().get("msg").asString()).contains(glueType).contains("BEAN handlers only");
    }

    /** A trigger as the admin sends it for a GLUE job: the source travels in the trigger. */
    private static HttpCall.Response glueTrigger(int jobId, String glueType, String source) {
        Map<String, Object> trigger = new LinkedHashMap<>();
        trigger.put("jobId", jobId);
        trigger.put("executorHandler", "");
        trigger.put("executorParams", "");
        trigger.put("executorBlockStrategy", "SERIAL_EXECUTION");
        trigger.put("executorTimeout", 0);
        trigger.put("logId", NEXT_LOG.incrementAndGet());
        trigger.put("logDateTime", System.currentTimeMillis());
        trigger.put("glueType", glueType);
        trigger.put("glueSource", source);
        trigger.put("glueUpdatetime", System.currentTimeMillis());
        trigger.put("broadcastIndex", 0);
        trigger.put("broadcastTotal", 1);
        return HttpCall.post(EXECUTOR_PORT, "/run").json(JsonMapper.builder().build().writeValueAsString(trigger))
                .header("XXL-JOB-ACCESS-TOKEN", TOKEN).send();
    }

    private static HttpCall.Response trigger(int jobId, int index, int total, String token) {
        return trigger(EXECUTOR_PORT, jobId, index, total, token);
    }

    private static HttpCall.Response trigger(int port, int jobId, int index, int total, String token) {
        HttpCall call = HttpCall.post(port, "/run").json("""
                {"jobId":%d,"executorHandler":"orderReconcileJob","executorParams":"",
                 "executorBlockStrategy":"SERIAL_EXECUTION","executorTimeout":0,"logId":%d,
                 "logDateTime":%d,"glueType":"BEAN","glueSource":"","glueUpdatetime":0,
                 "broadcastIndex":%d,"broadcastTotal":%d}""".formatted(jobId, NEXT_LOG.incrementAndGet(),
                System.currentTimeMillis(), index, total));
        if (token != null) {
            call.header("XXL-JOB-ACCESS-TOKEN", token);
        }
        return call.send();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
