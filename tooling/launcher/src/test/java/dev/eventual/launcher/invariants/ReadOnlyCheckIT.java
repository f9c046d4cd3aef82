package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.order.core.shard.OrderShards;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The check as a user runs it against a stack: on an embedded MariaDB with grant checks on, as an
 * account that may only SELECT. Exit 0 on consistent data and 1 with a seeded violation prove that
 * it needs nothing but SELECT (a write would be refused and end in 3); an account without rights
 * on a database, a closed port and TLS the server does not offer end in 3. With order_db on two
 * servers, an order on the server its id does not name is reported. An event waiting for the broker
 * (issue 39) is work in progress until the relay's last attempt, and then needs a work order. Every
 * consumer status is held to its effect and every effect to its status (issue 40), each lie planted
 * on an order of its own; an effect whose event is still unfinished may wait for its report.
 */
class ReadOnlyCheckIT {

    private static final long SKU = 71_001;
    private static final int INITIAL = 100;
    private static final int QUANTITY = 3;
    private static final long ORDER = 710_001;
    private static final String READER = "checker_ro";
    private static final String READER_PASSWORD = "reader-password-0123";
    private static final String ORDER_ONLY = "order_reader";
    private static final String ORDER_ONLY_PASSWORD = "order-reader-password-0123";
    private static final String CREATED = "ORDER_CREATED";
    private static final String CANCELED = "ORDER_CANCELED";

    private static EmbeddedMariaDb server;
    /** order_db's second server, for an order that lies on the wrong one (docs/design.md, "Sharding order_db"). */
    private static EmbeddedMariaDb secondOrderServer;

    @TempDir
    Path directory;

    @BeforeAll
    static void serverWithGrantChecksAndReadOnlyAccounts() {
        server = EmbeddedMariaDb.startWithAccounts(Path.of(System.getProperty("eventual.infra.dir", "target/infra"))
                .resolve("read-only-check"), 0, EmbeddedMariaDb.LOOPBACK, null, false);
        for (ServiceDatabase database : ServiceDatabase.values()) {
            SchemaMigrator.createAndMigrate(server, database);
        }
        // the GRANTs docs/invariant-checker.md gives a read-only account
        server.execute(List.of(
                "CREATE USER '" + READER + "'@'127.0.0.1' IDENTIFIED BY '" + READER_PASSWORD + "'",
                "GRANT SELECT ON order_db.* TO '" + READER + "'@'127.0.0.1'",
                "GRANT SELECT ON inventory_db.* TO '" + READER + "'@'127.0.0.1'",
                "GRANT SELECT ON notice_db.* TO '" + READER + "'@'127.0.0.1'",
                "CREATE USER '" + ORDER_ONLY + "'@'127.0.0.1' IDENTIFIED BY '" + ORDER_ONLY_PASSWORD + "'",
                "GRANT SELECT ON order_db.* TO '" + ORDER_ONLY + "'@'127.0.0.1'"));
        secondOrderServer = EmbeddedMariaDb.startWithAccounts(Path.of(System.getProperty("eventual.infra.dir", "target/infra"))
                .resolve("read-only-check-order-1"), 0, EmbeddedMariaDb.LOOPBACK, null, false);
        SchemaMigrator.createAndMigrate(secondOrderServer, ServiceDatabase.ORDER);
        secondOrderServer.execute(List.of(
                "CREATE USER '" + READER + "'@'127.0.0.1' IDENTIFIED BY '" + READER_PASSWORD + "'",
                "GRANT SELECT ON order_db.* TO '" + READER + "'@'127.0.0.1'"));
    }

    @AfterAll
    static void stop() {
        try {
            secondOrderServer.close();
        } finally {
            server.close();
        }
    }

    @BeforeEach
    void oneConsistentOrder() throws SQLException {
        asAdmin(ServiceDatabase.ORDER, orderRows());
        asAdmin(ServiceDatabase.INVENTORY, "DELETE FROM inventory_deduct_log", "DELETE FROM inventory",
                deduction(ORDER, QUANTITY, "SUCCESS"),
                "INSERT INTO inventory (sku_id, stock) VALUES (" + SKU + ", " + (INITIAL - QUANTITY) + ")");
        asAdmin(ServiceDatabase.NOTICE, "DELETE FROM notice_log", notice(ORDER, CREATED));
    }

    @Test
    void consistentDataExitsZero() {
        Run run = check(Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD), "--db-user", READER,
                "--initial-stock", SKU + ":" + INITIAL);

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(run.output()).contains("0 violation(s); stock conservation checked for [" + SKU + "]");
    }

    @Test
    void aSeededViolationExitsOneAndNamesItsOrder() throws SQLException, IOException {
        asAdmin(ServiceDatabase.INVENTORY, "INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status) VALUES ("
                + (ORDER + 1) + ", " + SKU + ", 1, 'SUCCESS')");
        Path password = Files.writeString(directory.resolve("reader-password"), READER_PASSWORD + "\n");

        Run run = check(Map.of(), "--db-user=" + READER, "--db-password-file=" + password);

        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).contains("VIOLATION no effect without a committed order [order " + (ORDER + 1)
                + "]: inventory SUCCESS", "1 violation(s)");
    }

    @Test
    void anArchivedEventStillCountsAsCommitted() throws SQLException {
        // what reconcile-job's archive does with finished rows after eventual.reconcile.archive-after (30 days)
        String columns = "id, order_id, event_type, shard_key, topic, tag, msg_key, msg_status, reconcile_status, retry_count,"
                + " next_reconcile_time, version, created_at, updated_at";
        asAdmin(ServiceDatabase.ORDER, "INSERT INTO message_log_hist (" + columns + ") SELECT " + columns + " FROM message_log",
                "DELETE FROM message_log");

        Run run = check(Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD), "--db-user", READER);

        assertThat(run.exitCode()).as(run.output()).isZero();
    }

    @Test
    void anEventWaitingForTheBrokerIsTheRelaysUntilItsLastAttempt() throws SQLException {
        // reconciliation re-drove it already; the relay still sends it (docs/design.md, "The outbox")
        asAdmin(ServiceDatabase.ORDER, "UPDATE message_log SET msg_status = 'WAITING', relay_attempts = 3,"
                + " next_relay_time = CURRENT_TIMESTAMP(3) WHERE order_id = " + ORDER);
        Map<String, String> env = Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD);

        Run sendsLeft = check(env, "--db-user", READER);
        Run lastAttemptGone = check(env, "--db-user", READER, "--relay-max-attempts=3");

        assertThat(sendsLeft.exitCode()).as(sendsLeft.output()).isZero();
        assertThat(sendsLeft.output()).contains("note: some events still wait for reconciliation (message_log PENDING or"
                + " RETRY) or for the relay (WAITING for the broker)");
        assertThat(lastAttemptGone.exitCode()).as(lastAttemptGone.output()).isEqualTo(1);
        assertThat(lastAttemptGone.output()).contains("VIOLATION " + WaitingInvariants.RELAYED_OR_HANDED_OVER + " [order "
                + ORDER + "]: ORDER_CREATED WAITING after 3 relay sends, past the relay's last attempt (3), no work order",
                "1 violation(s)");
    }

    @Test
    void anEventTheRelayLetGoOfNeedsAWorkOrder() throws SQLException {
        asAdmin(ServiceDatabase.ORDER, "UPDATE message_log SET msg_status = 'WAITING', relay_attempts = 16,"
                + " next_relay_time = NULL WHERE order_id = " + ORDER);
        Map<String, String> env = Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD);

        Run withoutWorkOrder = check(env, "--db-user", READER);
        // resolved with RETRY: reconciliation re-drove the event over the consumers' APIs, no broker needed
        asAdmin(ServiceDatabase.ORDER, "INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status,"
                + " resolution, reason, retry_count) SELECT order_id, event_type, id, 'RESOLVED', 'RETRY',"
                + " 'never on the broker', 16 FROM message_log WHERE order_id = " + ORDER);
        Run resolved = check(env, "--db-user", READER);

        assertThat(withoutWorkOrder.exitCode()).as(withoutWorkOrder.output()).isEqualTo(1);
        assertThat(withoutWorkOrder.output()).contains("VIOLATION " + WaitingInvariants.RELAYED_OR_HANDED_OVER
                + " [order " + ORDER + "]: ORDER_CREATED WAITING after 16 relay sends, let go by the relay, no work order");
        assertThat(resolved.exitCode()).as(resolved.output()).isZero();
        assertThat(resolved.output()).doesNotContain("note:");
    }

    @Test
    void everyConsumerStatusIsHeldToItsEffectAndEveryEffectToItsStatus() throws SQLException {
        String inventoryGroup = OrderMessaging.INVENTORY_CONSUMER_GROUP;
        String noticeGroup = OrderMessaging.NOTICE_CONSUMER_GROUP;
        // issue 40's forgery: an oversold order, waiting for a person, reported SUCCESS by inventory, no stock taken
        long forged = ORDER + 1;
        asAdmin(ServiceDatabase.ORDER, order(forged, "CREATED"), event(forged, CREATED, "FAIL", "FAIL"),
                "INSERT INTO reconcile_work_order (order_id, event_type, message_log_id, status, reason, retry_count)"
                        + " SELECT order_id, event_type, id, 'OPEN', 'retries exhausted', 5 FROM message_log WHERE order_id = "
                        + forged,
                report(forged, CREATED, inventoryGroup, "SUCCESS"), report(forged, CREATED, noticeGroup, "SUCCESS"));
        asAdmin(ServiceDatabase.INVENTORY, deduction(forged, QUANTITY, "FAIL"));
        asAdmin(ServiceDatabase.NOTICE, notice(forged, CREATED));
        // a notice reported sent and never recorded
        long unsent = ORDER + 2;
        asAdmin(ServiceDatabase.ORDER, order(unsent, "CREATED"), event(unsent, CREATED, "CONSUMED", "SUCCESS"),
                report(unsent, CREATED, inventoryGroup, "SUCCESS"), report(unsent, CREATED, noticeGroup, "SUCCESS"));
        asAdmin(ServiceDatabase.INVENTORY, deduction(unsent, QUANTITY, "SUCCESS"));
        // stock taken, reported FAIL
        long failed = ORDER + 3;
        asAdmin(ServiceDatabase.ORDER, order(failed, "CREATED"), event(failed, CREATED, "FAIL", "SUCCESS"),
                report(failed, CREATED, inventoryGroup, "FAIL"), report(failed, CREATED, noticeGroup, "SUCCESS"));
        asAdmin(ServiceDatabase.INVENTORY, deduction(failed, QUANTITY, "SUCCESS"));
        asAdmin(ServiceDatabase.NOTICE, notice(failed, CREATED));
        // stock taken, never reported
        long unreported = ORDER + 4;
        asAdmin(ServiceDatabase.ORDER, order(unreported, "CREATED"), event(unreported, CREATED, "SENT", "SUCCESS"),
                report(unreported, CREATED, noticeGroup, "SUCCESS"));
        asAdmin(ServiceDatabase.INVENTORY, deduction(unreported, QUANTITY, "SUCCESS"));
        asAdmin(ServiceDatabase.NOTICE, notice(unreported, CREATED));
        // SUCCESS for less than was ordered
        long shortDeduction = ORDER + 5;
        asAdmin(ServiceDatabase.ORDER, order(shortDeduction, "CREATED"), event(shortDeduction, CREATED, "CONSUMED", "SUCCESS"),
                report(shortDeduction, CREATED, inventoryGroup, "SUCCESS"),
                report(shortDeduction, CREATED, noticeGroup, "SUCCESS"));
        asAdmin(ServiceDatabase.INVENTORY, deduction(shortDeduction, 1, "SUCCESS"));
        asAdmin(ServiceDatabase.NOTICE, notice(shortDeduction, CREATED));
        // stock given back for a cancel inventory never reported
        long released = ORDER + 6;
        asAdmin(ServiceDatabase.ORDER, order(released, "CANCELED"), event(released, CREATED, "CONSUMED", "SUCCESS"),
                report(released, CREATED, inventoryGroup, "SUCCESS"), report(released, CREATED, noticeGroup, "SUCCESS"),
                event(released, CANCELED, "SENT", "SUCCESS"), report(released, CANCELED, noticeGroup, "SUCCESS"));
        asAdmin(ServiceDatabase.INVENTORY, deduction(released, QUANTITY, "RELEASED"));
        asAdmin(ServiceDatabase.NOTICE, notice(released, CREATED), notice(released, CANCELED));

        Run run = check(Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD), "--db-user", READER);

        String untrue = "VIOLATION " + ConsumerStatusInvariants.REPORT_TRUE + " [order ";
        String unreportedEffect = "VIOLATION " + ConsumerStatusInvariants.EFFECT_REPORTED + " [order ";
        assertThat(run.exitCode()).as(run.output()).isEqualTo(1);
        assertThat(run.output()).contains(
                untrue + forged + "]: inventory SUCCESS for ORDER_CREATED, deduct record FAIL",
                untrue + unsent + "]: notice SUCCESS for ORDER_CREATED, notice record missing",
                untrue + failed + "]: inventory FAIL for ORDER_CREATED, deduct record SUCCESS",
                unreportedEffect + unreported + "]: deduct record SUCCESS, inventory's ORDER_CREATED status missing",
                untrue + shortDeduction + "]: inventory SUCCESS for ORDER_CREATED, deducted 1 of sku " + SKU + ", ordered "
                        + QUANTITY + " of sku " + SKU,
                unreportedEffect + released + "]: deduct record RELEASED, inventory's ORDER_CANCELED status missing",
                "6 violation(s)");
    }

    @Test
    void anEffectWhoseReportMayStillBeOnItsWayIsWorkInProgress() throws SQLException {
        // the create waits for reconciliation, which records the reports it finds missing before it finishes it
        asAdmin(ServiceDatabase.ORDER, "DELETE FROM message_consumer_status",
                "UPDATE message_log SET msg_status = 'SENT', reconcile_status = 'PENDING' WHERE order_id = " + ORDER);
        Map<String, String> env = Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD);

        Run pending = check(env, "--db-user", READER);
        asAdmin(ServiceDatabase.ORDER, "UPDATE message_log SET reconcile_status = 'SUCCESS' WHERE order_id = " + ORDER);
        Run finished = check(env, "--db-user", READER);

        assertThat(pending.exitCode()).as(pending.output()).isEqualTo(1);
        assertThat(pending.output()).contains("VIOLATION reconciled or exactly one work order [order " + ORDER
                + "]: ORDER_CREATED reconcile PENDING, open work orders 0", "1 violation(s)");
        assertThat(finished.exitCode()).as(finished.output()).isEqualTo(1);
        assertThat(finished.output()).contains("VIOLATION " + ConsumerStatusInvariants.EFFECT_REPORTED + " [order " + ORDER
                        + "]: deduct record SUCCESS, inventory's ORDER_CREATED status missing",
                "VIOLATION " + ConsumerStatusInvariants.EFFECT_REPORTED + " [order " + ORDER
                        + "]: notice record SUCCESS, notice's ORDER_CREATED status missing", "2 violation(s)");
    }

    @Test
    void anOrderOnAnOrderDbServerItsIdDoesNotNameIsReported() throws SQLException {
        String servers = "--order-db=127.0.0.1:" + server.port() + ",127.0.0.1:" + secondOrderServer.port();
        Map<String, String> env = Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD);
        assertThat(new OrderShards(2).serverOfOrder(ORDER)).as("the order's id names the first server").isZero();
        on(secondOrderServer, ServiceDatabase.ORDER, "DELETE FROM message_consumer_status", "DELETE FROM message_log",
                "DELETE FROM t_order");

        Run inPlace = check(env, "--db-user", READER, servers);

        assertThat(inPlace.exitCode()).as(inPlace.output()).isZero();

        // the same rows on the second server instead: a read of the order by its id would not find them
        on(secondOrderServer, ServiceDatabase.ORDER, orderRows());
        asAdmin(ServiceDatabase.ORDER, "DELETE FROM message_log", "DELETE FROM t_order");

        Run misplaced = check(env, "--db-user", READER, servers);

        assertThat(misplaced.exitCode()).as(misplaced.output()).isEqualTo(1);
        assertThat(misplaced.output()).contains("VIOLATION order on its server [order " + ORDER
                + "]: on order_db server 1, its id names server 0", "1 violation(s)");
    }

    @Test
    void eachDatabaseCanBeReadWithItsOwnAccount() {
        Map<String, String> env = Map.of(CheckOptions.PASSWORD_VARIABLE, ORDER_ONLY_PASSWORD,
                "EVENTUAL_CHECK_INVENTORY_DB_PASSWORD", READER_PASSWORD, "EVENTUAL_CHECK_NOTICE_DB_PASSWORD", READER_PASSWORD);

        Run withoutRights = check(env, "--db-user", ORDER_ONLY);
        Run withItsOwn = check(env, "--db-user", ORDER_ONLY, "--inventory-db-user", READER, "--notice-db-user", READER);

        assertThat(withoutRights.exitCode()).as(withoutRights.output()).isEqualTo(3);
        assertThat(withoutRights.output()).startsWith("cannot connect to inventory_db at 127.0.0.1:" + server.port()
                + " as " + ORDER_ONLY + " (sslMode DISABLED): ");
        assertThat(withItsOwn.exitCode()).as(withItsOwn.output()).isZero();
    }

    @Test
    void aClosedPortExitsThree() throws IOException {
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        Run run = check(closed, Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD), "--db-user", READER);

        assertThat(run.exitCode()).as(run.output()).isEqualTo(3);
        assertThat(run.output()).startsWith("cannot connect to order_db at 127.0.0.1:" + closed + " as " + READER
                + " (sslMode DISABLED): Communications link failure");
    }

    @Test
    void theDefaultTlsIsRequiredAndNotSilentlyDropped() {
        // the embedded server runs without TLS (--skip-ssl); the default REQUIRED must refuse it
        List<String> args = List.of("--db-port", String.valueOf(server.port()), "--db-user", READER);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream output = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        CheckOutcome outcome = InvariantCheckCommand.run(args, CheckDefaults.anyStack(),
                Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD), output, output);

        assertThat(outcome).as(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(CheckOutcome.UNREADABLE);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("cannot connect to order_db at 127.0.0.1:"
                + server.port() + " as " + READER + " (sslMode REQUIRED): ");
    }

    private static Run check(Map<String, String> env, String... extra) {
        return check(server.port(), env, extra);
    }

    /** The command without TLS (the embedded server offers none), on the given port. */
    private static Run check(int port, Map<String, String> env, String... extra) {
        List<String> args = new ArrayList<>(List.of("--db-port", String.valueOf(port), "--ssl-mode", "DISABLED"));
        args.addAll(List.of(extra));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream output = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        CheckOutcome outcome = InvariantCheckCommand.run(args, CheckDefaults.anyStack(), env, output, output);
        return new Run(outcome.exitCode(), bytes.toString(StandardCharsets.UTF_8));
    }

    /** {@link #ORDER}'s rows in order_db, consistent with the other databases' rows of {@link #oneConsistentOrder()}. */
    private static String[] orderRows() {
        return new String[] {"DELETE FROM reconcile_work_order", "DELETE FROM message_consumer_status",
                "DELETE FROM message_log", "DELETE FROM message_log_hist", "DELETE FROM t_order",
                order(ORDER, "CREATED"), event(ORDER, CREATED, "CONSUMED", "SUCCESS"),
                report(ORDER, CREATED, OrderMessaging.INVENTORY_CONSUMER_GROUP, "SUCCESS"),
                report(ORDER, CREATED, OrderMessaging.NOTICE_CONSUMER_GROUP, "SUCCESS")};
    }

    private static String order(long order, String status) {
        return "INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status) VALUES ("
                + order + ", 1, 'k-" + order + "', " + SKU + ", " + QUANTITY + ", '" + status + "')";
    }

    private static String event(long order, String type, String messageStatus, String reconcileStatus) {
        return "INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, msg_status, reconcile_status,"
                + " next_reconcile_time) VALUES (" + order + ", '" + type + "', 0, 'EVENTUAL_ORDER_EVENT', '" + type + "', '"
                + order + "', '" + messageStatus + "', '" + reconcileStatus + "', CURRENT_TIMESTAMP(3))";
    }

    /** A consumer group's report in message_consumer_status. */
    private static String report(long order, String type, String group, String status) {
        return "INSERT INTO message_consumer_status (order_id, event_type, consumer_group, status) VALUES (" + order
                + ", '" + type + "', '" + group + "', '" + status + "')";
    }

    private static String deduction(long order, int quantity, String status) {
        return "INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status) VALUES (" + order + ", " + SKU + ", "
                + quantity + ", '" + status + "')";
    }

    private static String notice(long order, String type) {
        return "INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts) VALUES ("
                + order + ", '" + type + "', 'log', 'user-1@example.com', 'order-" + order + "-" + type
                + "@eventual.notice', 'SUCCESS', 1)";
    }

    private static void asAdmin(ServiceDatabase database, String... statements) throws SQLException {
        on(server, database, statements);
    }

    private static void on(EmbeddedMariaDb target, ServiceDatabase database, String... statements) throws SQLException {
        try (Connection connection = DriverManager.getConnection(target.jdbcUrl(database.databaseName()), target.username(),
                target.password()); Statement sql = connection.createStatement()) {
            for (String statement : statements) {
                sql.executeUpdate(statement);
            }
        }
    }

    private record Run(int exitCode, String output) {
    }
}
