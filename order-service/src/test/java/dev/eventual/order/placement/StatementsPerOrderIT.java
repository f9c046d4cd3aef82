package dev.eventual.order.placement;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

import javax.sql.DataSource;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static dev.eventual.order.support.GeneralLog.kinds;
import static dev.eventual.order.support.GeneralLog.statementsDuring;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statements one order costs order_db: placing it, its consumers' reports, a cancel (the sold-out refusal's are
 * in GatedPlacementIT). A change that adds a statement to one of them fails here and the log shows which.
 */
@OrderServiceIT
class StatementsPerOrderIT {

    @LocalServerPort
    int port;

    @Autowired
    DataSource dataSource;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void anAcceptedOrderAndItsRepeatCostTheirKnownStatements() throws SQLException {
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000_000);
        String key = UUID.randomUUID().toString();
        place(userId, UUID.randomUUID().toString()); // warm: the first request of a context pays for lazy setup

        List<String> accepted = statementsDuring(dataSource, 201, () -> place(userId, key));
        List<String> repeated = statementsDuring(dataSource, 200, () -> place(userId, key));

        // the local transaction and nothing else (issue 28): barrier, message_log, order, commit. No autocommit
        // toggle around it (issue 41: transactions take connections from pools in manual-commit mode), no lookup
        // before the insert (the unique key decides), no read-only check (useLocalSessionState), no read back
        // (the 201 answers what was written)
        assertThat(kinds(accepted)).as("statements of an accepted order: %s", accepted)
                .containsExactly("INSERT", "INSERT", "INSERT", "COMMIT");
        // a repeat pays for that: its insert meets the unique key and rolls back, then the first order and its
        // event and reports are read
        assertThat(kinds(repeated)).as("statements of a repeated Idempotency-Key: %s", repeated)
                .containsExactly("INSERT", "INSERT", "INSERT", "ROLLBACK", "SELECT", "SELECT", "SELECT");
    }

    /** What a customer's cancel of its own order costs, the broker up and nothing of the order waiting for it. */
    @Test
    void aCancelCostsItsKnownStatements() throws SQLException {
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000_000);
        cancel(userId, placeForId(userId)); // warm: the first cancel of a context pays for lazy setup
        String orderId = placeForId(userId);

        List<String> canceled = statementsDuring(dataSource, 200, () -> cancel(userId, orderId));

        // the order read (its status and version for the guarded update), then whether an earlier event of it
        // still waits for the relay (issue 39: a cancel sent as a half message must not overtake its create,
        // docs/design.md "The outbox"); the local transaction: barrier, message_log, the guarded update, commit;
        // then the order, its events and reports read for the answer
        assertThat(kinds(canceled)).as("statements of a cancel: %s", canceled).containsExactly(
                "SELECT", "SELECT", "INSERT", "INSERT", "UPDATE", "COMMIT", "SELECT", "SELECT", "SELECT");
        assertThat(canceled.get(1)).as("the relay's question").contains("msg_status = 'WAITING'").contains("order_id = " + orderId);
    }

    /** What a customer's read of its own order costs (GET /api/orders/{id}). */
    @Test
    void aReadCostsItsKnownStatements() throws SQLException {
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000_000);
        read(userId, placeForId(userId)); // warm: the first read of a context pays for lazy setup
        String orderId = placeForId(userId);

        List<String> read = statementsDuring(dataSource, 200, () -> read(userId, orderId));

        // the order, its events, its reports, on a connection in autocommit mode: no COMMIT after them (issue 41)
        assertThat(kinds(read)).as("statements of a read: %s", read).containsExactly("SELECT", "SELECT", "SELECT");
    }

    /**
     * What the consumers' reports of one order cost (each group's coalesced report carrying this one order;
     * under load a report carries many orders and these statements are shared by them).
     */
    @Test
    void theConsumersReportsOfAnOrderCostTheirKnownStatements() throws SQLException {
        long userId = ThreadLocalRandom.current().nextLong(1_000_000, 2_000_000_000);
        String warm = placeForId(userId);
        report(OrderMessaging.INVENTORY_CONSUMER_GROUP, warm);
        report(OrderMessaging.NOTICE_CONSUMER_GROUP, warm);
        String orderId = placeForId(userId);

        List<String> first = statementsDuring(dataSource, 200, () -> report(OrderMessaging.INVENTORY_CONSUMER_GROUP, orderId));
        List<String> last = statementsDuring(dataSource, 200, () -> report(OrderMessaging.NOTICE_CONSUMER_GROUP, orderId));

        // the event locked, the reports read, this one inserted, commit; no autocommit or isolation SETs around
        // it (the pool's defaults are manual commit and the READ COMMITTED the recorder asks for)
        assertThat(kinds(first)).as("statements of the first group's report: %s", first)
                .containsExactly("SELECT", "SELECT", "INSERT", "COMMIT");
        // the same, and the event becomes CONSUMED and is finished in one statement (no reconcile pass needed)
        assertThat(kinds(last)).as("statements of the last group's report: %s", last)
                .containsExactly("SELECT", "SELECT", "INSERT", "UPDATE", "COMMIT");
    }

    private int report(String group, String orderId) {
        return HttpCall.post(port, "/internal/orders/consumer-reports").bearer(tokens.reporter(group))
                .json("{\"consumerGroup\":\"" + group + "\",\"reports\":[{\"orderId\":\"" + orderId
                        + "\",\"eventType\":\"ORDER_CREATED\",\"status\":\"SUCCESS\"}]}").send().status();
    }

    private int read(long userId, String orderId) {
        return HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.customer(userId)).send().status();
    }

    private int cancel(long userId, String orderId) {
        return HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.customer(userId))
                .json("{\"reason\":\"statements\"}").send().status();
    }

    private String placeForId(long userId) {
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key",
                UUID.randomUUID().toString()).json("{\"skuId\":1001,\"quantity\":1}").send().json().get("orderId").asString();
    }

    private int place(long userId, String key) {
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(userId)).header("Idempotency-Key", key)
                .json("{\"userId\":" + userId + ",\"skuId\":1001,\"quantity\":1}").send().status();
    }
}
