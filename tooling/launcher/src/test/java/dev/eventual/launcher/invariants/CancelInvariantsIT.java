package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.test.TestInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cancel invariants on a real database: a consistent canceled order passes, and each way a
 * cancel can go wrong, seeded as the rows it would leave, is reported with its order.
 */
class CancelInvariantsIT {

    private static final long SKU = 61_001;
    private static final int INITIAL = 100;
    private static final long ORDER = 610_001;
    private static final int QUANTITY = 3;

    private Connection orders;
    private Connection inventory;
    private Connection notices;

    @BeforeEach
    void emptyDatabases() throws SQLException {
        DatabaseServer server = TestInfrastructure.shared().migrated(ServiceDatabase.ORDER);
        TestInfrastructure.shared().migrated(ServiceDatabase.INVENTORY);
        TestInfrastructure.shared().migrated(ServiceDatabase.NOTICE);
        orders = connect(server, ServiceDatabase.ORDER);
        inventory = connect(server, ServiceDatabase.INVENTORY);
        notices = connect(server, ServiceDatabase.NOTICE);
        // this JVM's only user of these databases: every test starts from empty tables
        run(orders, "DELETE FROM reconcile_work_order_audit", "DELETE FROM reconcile_work_order",
                "DELETE FROM message_consumer_status", "DELETE FROM message_log", "DELETE FROM message_log_hist",
                "DELETE FROM t_order", "DELETE FROM tx_attempt_barrier");
        run(inventory, "DELETE FROM inventory_deduct_log", "DELETE FROM inventory");
        run(notices, "DELETE FROM notice_log");
    }

    @AfterEach
    void close() throws SQLException {
        for (Connection connection : List.of(orders, inventory, notices)) {
            connection.close();
        }
    }

    @Test
    void aCanceledOrderWhoseStockCameBackAndWhoseNoticeWentOutHoldsEveryInvariant() throws SQLException {
        canceledAndCompensated(ORDER, "RELEASED");
        stock(INITIAL);

        assertThat(violations()).isEmpty();
    }

    @Test
    void anOrderCanceledBeforeItsDeductionIsFencedAndNeverTakesStock() throws SQLException {
        canceledAndCompensated(ORDER, "FENCED");
        stock(INITIAL);

        assertThat(violations()).isEmpty();
    }

    @Test
    void aCancelWaitingForAnOperatorMayStillHoldTheStock() throws SQLException {
        order(ORDER, "CANCELED");
        event(ORDER, "ORDER_CREATED", "CONSUMED", "SUCCESS");
        event(ORDER, "ORDER_CANCELED", "SENT", "FAIL");
        openWorkOrder(ORDER, "ORDER_CANCELED");
        deduction(ORDER, "SUCCESS");
        notice(ORDER, "ORDER_CREATED", "SUCCESS");
        stock(INITIAL - QUANTITY);

        assertThat(violations()).isEmpty();
    }

    @Test
    void stockStillTakenForACanceledOrderIsReported() throws SQLException {
        canceledAndCompensated(ORDER, "SUCCESS");
        stock(INITIAL - QUANTITY);

        // and inventory's SUCCESS for the cancel, which the canceled-and-compensated rows carry, is untrue
        assertThat(violations()).containsExactlyInAnyOrder(
                new Violation(CancelInvariants.STOCK_RELEASED, "order " + ORDER, "CANCELED, inventory SUCCESS: stock still taken"),
                new Violation(ConsumerStatusInvariants.REPORT_TRUE, "order " + ORDER,
                        "inventory SUCCESS for ORDER_CANCELED, deduct record SUCCESS"));
    }

    @Test
    void aCancelThatNeverReachedInventoryIsReported() throws SQLException {
        canceledAndCompensated(ORDER, "RELEASED");
        run(inventory, "DELETE FROM inventory_deduct_log WHERE order_id = " + ORDER);
        run(orders, "DELETE FROM message_consumer_status WHERE order_id = " + ORDER + " AND consumer_group = '"
                + OrderMessaging.INVENTORY_CONSUMER_GROUP + "'");
        stock(INITIAL);

        assertThat(violations()).containsExactly(new Violation(CancelInvariants.STOCK_RELEASED, "order " + ORDER,
                "CANCELED, no deduct record: the cancel never reached inventory"));
    }

    @Test
    void stockGivenBackTwiceBreaksConservation() throws SQLException {
        canceledAndCompensated(ORDER, "RELEASED");
        stock(INITIAL + QUANTITY);

        assertThat(violations()).containsExactly(new Violation("stock conserved", "sku " + SKU,
                "initial " + INITIAL + " != current " + (INITIAL + QUANTITY) + " + deducted 0"));
    }

    @Test
    void stockReleasedForAnOrderThatIsNotCanceledIsReported() throws SQLException {
        order(ORDER, "CREATED");
        event(ORDER, "ORDER_CREATED", "CONSUMED", "SUCCESS");
        deduction(ORDER, "RELEASED");
        notice(ORDER, "ORDER_CREATED", "SUCCESS");
        stock(INITIAL);

        assertThat(violations()).containsExactly(new Violation(CancelInvariants.STOCK_RELEASED, "order " + ORDER,
                "inventory RELEASED for an order that is CREATED"));
    }

    @Test
    void aMissingOrFailedCancelNoticeIsReported() throws SQLException {
        canceledAndCompensated(ORDER, "RELEASED");
        canceledAndCompensated(ORDER + 1, "RELEASED");
        run(notices, "DELETE FROM notice_log WHERE order_id = " + ORDER + " AND notice_type = 'ORDER_CANCELED'",
                "UPDATE notice_log SET status = 'FAIL' WHERE order_id = " + (ORDER + 1) + " AND notice_type = 'ORDER_CANCELED'");
        // what notice-service reported of them: nothing, and FAIL
        String cancelNoticeReport = "event_type = 'ORDER_CANCELED' AND consumer_group = '"
                + OrderMessaging.NOTICE_CONSUMER_GROUP + "' AND order_id = ";
        run(orders, "DELETE FROM message_consumer_status WHERE " + cancelNoticeReport + ORDER,
                "UPDATE message_consumer_status SET status = 'FAIL' WHERE " + cancelNoticeReport + (ORDER + 1));
        stock(INITIAL);

        assertThat(violations()).containsExactlyInAnyOrder(
                new Violation(CancelInvariants.NOTICE_SENT, "order " + ORDER, "CANCELED, cancel notice missing"),
                new Violation(CancelInvariants.NOTICE_SENT, "order " + (ORDER + 1), "CANCELED, cancel notice FAIL"));
    }

    @Test
    void aCancelNoticeForAnOrderThatIsNotCanceledIsReported() throws SQLException {
        order(ORDER, "CREATED");
        event(ORDER, "ORDER_CREATED", "CONSUMED", "SUCCESS");
        deduction(ORDER, "SUCCESS");
        notice(ORDER, "ORDER_CREATED", "SUCCESS");
        notice(ORDER, "ORDER_CANCELED", "SUCCESS");
        stock(INITIAL - QUANTITY);

        assertThat(violations()).containsExactly(new Violation(CancelInvariants.NOTICE_SENT, "order " + ORDER,
                "cancel notice SUCCESS for an order that is CREATED"));
    }

    @Test
    void aCancelWithoutItsEventOrAnEventWithoutTheCancelIsReported() throws SQLException {
        canceledAndCompensated(ORDER, "RELEASED");
        run(orders, "DELETE FROM message_log WHERE order_id = " + ORDER + " AND event_type = 'ORDER_CANCELED'");
        // a cancel attempt a check-back rolled back is no committed event
        event(ORDER + 1, "ORDER_CREATED", "CONSUMED", "SUCCESS");
        order(ORDER + 1, "CREATED");
        deduction(ORDER + 1, "SUCCESS");
        notice(ORDER + 1, "ORDER_CREATED", "SUCCESS");
        run(orders, "INSERT INTO tx_attempt_barrier (transaction_id, order_id, event_type, outcome) VALUES ('it-"
                + System.nanoTime() + "', " + (ORDER + 1) + ", 'ORDER_CANCELED', 'ROLLED_BACK')");
        // a committed cancel event whose status change is missing (its consumers never reported it)
        order(ORDER + 2, "PAID");
        event(ORDER + 2, "ORDER_CREATED", "CONSUMED", "SUCCESS");
        event(ORDER + 2, "ORDER_CANCELED", "SENT", "SUCCESS");
        deduction(ORDER + 2, "SUCCESS");
        notice(ORDER + 2, "ORDER_CREATED", "SUCCESS");
        stock(INITIAL - 2 * QUANTITY);

        assertThat(violations()).containsExactlyInAnyOrder(
                new Violation(CancelInvariants.COMMITTED_TOGETHER, "order " + ORDER, "CANCELED without an ORDER_CANCELED event"),
                new Violation(CancelInvariants.COMMITTED_TOGETHER, "order " + (ORDER + 2),
                        "ORDER_CANCELED event committed, order PAID"));
    }

    @Test
    void aCancelEventNeitherReconciledNorHandedToOnePersonIsReported() throws SQLException {
        canceledAndCompensated(ORDER, "RELEASED");
        canceledAndCompensated(ORDER + 1, "RELEASED");
        run(orders, "UPDATE message_log SET reconcile_status = 'RETRY' WHERE order_id = " + ORDER
                        + " AND event_type = 'ORDER_CANCELED'",
                "UPDATE message_log SET reconcile_status = 'FAIL' WHERE order_id = " + (ORDER + 1)
                        + " AND event_type = 'ORDER_CANCELED'");
        stock(INITIAL);

        assertThat(violations()).containsExactlyInAnyOrder(
                new Violation("reconciled or exactly one work order", "order " + ORDER,
                        "ORDER_CANCELED reconcile RETRY, open work orders 0"),
                new Violation("reconciled or exactly one work order", "order " + (ORDER + 1),
                        "ORDER_CANCELED reconcile FAIL, open work orders 0"));
    }

    /**
     * A canceled order, both events reconciled, both notices sent, the deduct record in the given status. A fenced
     * order's late create was refused and reported FAIL by inventory (docs/state-machines.md).
     */
    private void canceledAndCompensated(long order, String deductStatus) throws SQLException {
        order(order, "CANCELED");
        event(order, "ORDER_CREATED", "CONSUMED", "SUCCESS");
        event(order, "ORDER_CANCELED", "CONSUMED", "SUCCESS");
        if (deductStatus.equals("FENCED")) {
            run(orders, "UPDATE message_log SET msg_status = 'FAIL' WHERE order_id = " + order
                            + " AND event_type = 'ORDER_CREATED'",
                    "UPDATE message_consumer_status SET status = 'FAIL' WHERE order_id = " + order
                            + " AND event_type = 'ORDER_CREATED' AND consumer_group = '"
                            + OrderMessaging.INVENTORY_CONSUMER_GROUP + "'");
        }
        deduction(order, deductStatus);
        notice(order, "ORDER_CREATED", "SUCCESS");
        notice(order, "ORDER_CANCELED", "SUCCESS");
    }

    private List<Violation> violations() throws SQLException {
        return new InvariantChecker(orders, inventory, notices).check(Map.of(SKU, INITIAL));
    }

    private void order(long order, String status) throws SQLException {
        run(orders, "INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status) VALUES ("
                + order + ", 1, 'k-" + order + "', " + SKU + ", " + QUANTITY + ", '" + status + "')");
    }

    /** A CONSUMED event comes with every consumer group's SUCCESS report, of which msg_status is derived. */
    private void event(long order, String type, String messageStatus, String reconcileStatus) throws SQLException {
        run(orders, "INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, msg_status,"
                + " reconcile_status, next_reconcile_time) VALUES (" + order + ", '" + type + "', 0, 'EVENTUAL_ORDER_EVENT', '"
                + type + "', '" + order + "', '" + messageStatus + "', '" + reconcileStatus + "', CURRENT_TIMESTAMP(3))");
        if (messageStatus.equals("CONSUMED")) {
            for (String group : OrderMessaging.EXPECTED_CONSUMER_GROUPS) {
                run(orders, "INSERT INTO message_consumer_status (order_id, event_type, consumer_group, status) VALUES ("
                        + order + ", '" + type + "', '" + group + "', 'SUCCESS')");
            }
        }
    }

    private void openWorkOrder(long order, String type) throws SQLException {
        run(orders, "INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status, reason, retry_count)"
                + " SELECT order_id, event_type, id, 'OPEN', 'retries exhausted', 8 FROM message_log"
                + " WHERE order_id = " + order + " AND event_type = '" + type + "'");
    }

    private void deduction(long order, String status) throws SQLException {
        run(inventory, "INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status) VALUES ("
                + order + ", " + SKU + ", " + QUANTITY + ", '" + status + "')");
    }

    private void notice(long order, String type, String status) throws SQLException {
        run(notices, "INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts)"
                + " VALUES (" + order + ", '" + type + "', 'log', 'user-1@example.com', 'order-" + order + "-" + type
                + "@eventual.notice', '" + status + "', 1)");
    }

    private void stock(int units) throws SQLException {
        run(inventory, "INSERT INTO inventory (sku_id, stock) VALUES (" + SKU + ", " + units + ")");
    }

    private static void run(Connection db, String... statements) throws SQLException {
        try (Statement sql = db.createStatement()) {
            for (String statement : statements) {
                sql.executeUpdate(statement);
            }
        }
    }

    private static Connection connect(DatabaseServer server, ServiceDatabase database) throws SQLException {
        return DriverManager.getConnection(server.jdbcUrl(database.databaseName()), server.username(), server.password());
    }
}
