package dev.eventual.reconcile.workorder;

import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.reconcile.retention.RetentionCleanup;
import dev.eventual.reconcile.shard.ShardRange;
import dev.eventual.reconcile.support.ReconcileJobIT;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Work orders with order_db on two real MariaDB servers (docs/design.md, "Sharding order_db"): row ids
 * count per server, so the id the API shows carries the order's logical shard; the list merges both
 * servers, reading and resolving by id reach the work order's own server, and a bulk act works both; the retention
 * cleanup's shards each clean their own server's resolved work orders.
 */
@ReconcileJobIT
class ShardedWorkOrdersIT {

    /** Logical shard 5 lies on server 0 of 2, logical shard 700 on server 1. */
    private static final int ON_SERVER_0 = 5;
    private static final int ON_SERVER_1 = 700;

    private static EmbeddedMariaDb second;
    private static JdbcTemplate server0;
    private static JdbcTemplate server1;

    @DynamicPropertySource
    static void twoServers(DynamicPropertyRegistry registry) {
        var first = TestInfrastructure.shared().migrated(ServiceDatabase.ORDER);
        second = EmbeddedMariaDb.start(Path.of(System.getProperty(TestInfrastructure.DIR_PROPERTY, "target/infra"))
                .toAbsolutePath().resolve("mariadb-order-shard-1"), 0, false);
        SchemaMigrator.createAndMigrate(second, ServiceDatabase.ORDER);
        String url0 = first.jdbcUrl(ServiceDatabase.ORDER.databaseName());
        String url1 = second.jdbcUrl(ServiceDatabase.ORDER.databaseName());
        server0 = new JdbcTemplate(new DriverManagerDataSource(url0, first.username(), first.password()));
        server1 = new JdbcTemplate(new DriverManagerDataSource(url1, second.username(), second.password()));
        registry.add("eventual.order-db.shard-urls[0]", () -> url0);
        registry.add("eventual.order-db.shard-urls[1]", () -> url1);
    }

    @AfterAll
    static void stop() {
        second.close();
    }

    @LocalServerPort
    int port;

    @Autowired
    RetentionCleanup retention;

    @Test
    void theListMergesBothServersAndEveryIdReachesItsOwnServer() {
        Opened a = open(server0, ON_SERVER_0);
        Opened b = open(server1, ON_SERVER_1);
        try {
            assertThat(OrderShards.geneOfOrder(a.id())).isEqualTo(ON_SERVER_0);
            assertThat(OrderShards.geneOfOrder(b.id())).isEqualTo(ON_SERVER_1);
            // the rows' own ids may well be equal: each server counts its own
            HttpCall.Response list = get("/api/work-orders?status=OPEN&size=100");
            assertThat(list.status()).as(list.body()).isEqualTo(200);
            assertThat(list.json().get("items").findValuesAsString("id")).contains(Long.toString(a.id()), Long.toString(b.id()));
            assertThat(list.json().get("total").asLong()).isGreaterThanOrEqualTo(2);

            assertThat(get("/api/work-orders/" + a.id()).json().get("orderId").asString()).isEqualTo(Long.toString(a.orderId()));
            assertThat(get("/api/work-orders/" + b.id()).json().get("orderId").asString()).isEqualTo(Long.toString(b.orderId()));
            long forged = (b.id() & ~1023L) | (ON_SERVER_1 + 1);
            assertThat(get("/api/work-orders/" + forged).status()).as("b's row id with another logical shard").isEqualTo(404);

            HttpCall.Response retry = HttpCall.post(port, "/api/work-orders/" + b.id() + "/resolve")
                    .bearer(TestInfrastructure.shared().authServer().tokens().operator())
                    .json("{\"action\":\"RETRY\",\"note\":\"server 1\"}").send();
            assertThat(retry.status()).as(retry.body()).isEqualTo(200);
            assertThat(server1.queryForObject("SELECT reconcile_status FROM message_log WHERE order_id = ?", String.class,
                    b.orderId())).isEqualTo("RETRY");
            assertThat(server1.queryForObject("SELECT COUNT(*) FROM reconcile_work_order_audit WHERE work_order_id = ?",
                    Integer.class, b.id() >> 10)).isEqualTo(1);
            assertThat(server0.queryForObject("SELECT status FROM reconcile_work_order WHERE order_id = ?", String.class,
                    a.orderId())).isEqualTo("OPEN");
        } finally {
            remove(server0, a);
            remove(server1, b);
        }
    }

    @Test
    void aBulkActWorksTheMatchingWorkOrdersOfBothServers() {
        long sku = ThreadLocalRandom.current().nextLong(1_000_000_000L, 1_000_000_000_000L);
        Opened a = open(server0, ON_SERVER_0, sku);
        Opened b = open(server1, ON_SERVER_1, sku);
        try {
            HttpCall.Response listed = get("/api/work-orders?status=OPEN&skuId=" + sku);
            assertThat(listed.json().get("total").asLong()).isEqualTo(2);
            assertThat(listed.json().get("items").findValuesAsString("id")).containsExactlyInAnyOrder(
                    Long.toString(a.id()), Long.toString(b.id()));

            HttpCall.Response closed = HttpCall.post(port, "/api/work-orders/bulk")
                    .bearer(TestInfrastructure.shared().authServer().tokens().operator())
                    .json("{\"filter\":{\"skuId\":\"" + sku + "\"},\"action\":\"CLOSE\",\"note\":\"both servers\","
                            + "\"expectedCount\":2}").send();

            assertThat(closed.status()).as(closed.body()).isEqualTo(200);
            assertThat(closed.json().get("worked").asInt()).isEqualTo(2);
            assertThat(closed.json().get("remaining").asLong()).isZero();
            for (JdbcTemplate server : List.of(server0, server1)) {
                Opened opened = server == server0 ? a : b;
                assertThat(server.queryForObject("SELECT status FROM reconcile_work_order WHERE order_id = ?", String.class,
                        opened.orderId())).isEqualTo("RESOLVED");
                assertThat(server.queryForObject("SELECT note FROM reconcile_work_order_audit WHERE work_order_id = ?",
                        String.class, opened.id() >> 10)).isEqualTo("both servers");
            }
        } finally {
            remove(server0, a);
            remove(server1, b);
        }
    }

    /** The retention cleanup goes by whole servers (docs/retention.md): shard i of n cleans the servers s with s mod n == i. */
    @Test
    void eachRetentionShardCleansOnlyTheServersItsIndexNames() {
        Opened a = resolvedLongAgo(server0, ON_SERVER_0);
        Opened b = resolvedLongAgo(server1, ON_SERVER_1);
        try {
            assertThat(retention.run(ShardRange.of(1, 2)).servers()).containsExactly(1);
            assertThat(workOrderAndAudit(server1, b)).isZero();
            assertThat(workOrderAndAudit(server0, a)).isEqualTo(2);

            assertThat(retention.run(ShardRange.of(0, 2)).servers()).containsExactly(0);
            assertThat(workOrderAndAudit(server0, a)).isZero();
        } finally {
            remove(server0, a);
            remove(server1, b);
        }
    }

    private record Opened(long id, long orderId) {
    }

    /** An open work order, then resolved by hand 401 days ago (past the default 400), with its audit row. */
    private static Opened resolvedLongAgo(JdbcTemplate server, int gene) {
        Opened opened = open(server, gene);
        server.update("UPDATE reconcile_work_order SET status = 'RESOLVED', resolution = 'CLOSE', resolved_by = 'operator',"
                + " resolved_at = CURRENT_TIMESTAMP(3) - INTERVAL 401 DAY WHERE order_id = ?", opened.orderId());
        server.update("INSERT INTO reconcile_work_order_audit (work_order_id, action, operator, outcome)"
                + " VALUES (?, 'CLOSE', 'operator', 'APPLIED')", opened.id() >> 10);
        return opened;
    }

    private static long workOrderAndAudit(JdbcTemplate server, Opened opened) {
        return server.queryForObject("SELECT COUNT(*) FROM reconcile_work_order WHERE order_id = ?", Long.class,
                opened.orderId()) + server.queryForObject("SELECT COUNT(*) FROM reconcile_work_order_audit"
                + " WHERE work_order_id = ?", Long.class, opened.id() >> 10);
    }

    /** An open work order over a failed ORDER_CREATED event, as a run leaves it, of an order of logical shard {@code gene}. */
    private static Opened open(JdbcTemplate server, int gene) {
        return open(server, gene, null);
    }

    private static Opened open(JdbcTemplate server, int gene, Long sku) {
        long orderId = ThreadLocalRandom.current().nextLong(1L << 30, 1L << 40) * 1024 + gene;
        server.update("INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, payload, msg_status,"
                + " reconcile_status, retry_count, next_reconcile_time) VALUES (?, 'ORDER_CREATED', 1234, 't',"
                + " 'ORDER_CREATED', 'k', '{}', 'SENT', 'FAIL', 5, '2099-01-01 00:00:00')", orderId);
        long messageLogId = server.queryForObject("SELECT id FROM message_log WHERE order_id = ?", Long.class, orderId);
        server.update("INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, sku_id, status, reason, retry_count)"
                + " VALUES (?, 'ORDER_CREATED', ?, ?, 'OPEN', 'insufficient stock', 5)", orderId, messageLogId, sku);
        long rowId = server.queryForObject("SELECT id FROM reconcile_work_order WHERE order_id = ?", Long.class, orderId);
        return new Opened((rowId << 10) | gene, orderId);
    }

    private static void remove(JdbcTemplate server, Opened opened) {
        server.update("DELETE FROM reconcile_work_order_audit WHERE work_order_id = ?", opened.id() >> 10);
        server.update("DELETE FROM reconcile_work_order WHERE order_id = ?", opened.orderId());
        server.update("DELETE FROM message_log WHERE order_id = ?", opened.orderId());
    }

    private HttpCall.Response get(String path) {
        return HttpCall.get(port, path).bearer(TestInfrastructure.shared().authServer().tokens().operator()).send();
    }
}
