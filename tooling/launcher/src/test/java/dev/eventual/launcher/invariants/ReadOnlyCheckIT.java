package dev.eventual.launcher.invariants;

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
 * (issue 39) is work in progress until the relay's last attempt, and then needs a work order.
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
                "INSERT INTO inventory_deduct_log (order_id, sku_id, quantity, status) VALUES (" + ORDER + ", " + SKU + ", "
                        + QUANTITY + ", 'SUCCESS')",
                "INSERT INTO inventory (sku_id, stock) VALUES (" + SKU + ", " + (INITIAL - QUANTITY) + ")");
        asAdmin(ServiceDatabase.NOTICE, "DELETE FROM notice_log",
                "INSERT INTO notice_log (order_id, notice_type, channel, recipient, message_id, status, attempts) VALUES ("
                        + ORDER + ", 'ORDER_CREATED', 'log', 'user-1@example.com', 'order-" + ORDER
                        + "-ORDER_CREATED@eventual.notice', 'SUCCESS', 1)");
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
    void anOrderOnAnOrderDbServerItsIdDoesNotNameIsReported() throws SQLException {
        String servers = "--order-db=127.0.0.1:" + server.port() + ",127.0.0.1:" + secondOrderServer.port();
        Map<String, String> env = Map.of(CheckOptions.PASSWORD_VARIABLE, READER_PASSWORD);
        assertThat(new OrderShards(2).serverOfOrder(ORDER)).as("the order's id names the first server").isZero();
        on(secondOrderServer, ServiceDatabase.ORDER, "DELETE FROM message_log", "DELETE FROM t_order");

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
        return new String[] {"DELETE FROM reconcile_work_order", "DELETE FROM message_log", "DELETE FROM message_log_hist",
                "DELETE FROM t_order",
                "INSERT INTO t_order (order_id, user_id, idempotency_key, sku_id, quantity, status) VALUES ("
                        + ORDER + ", 1, 'k-" + ORDER + "', " + SKU + ", " + QUANTITY + ", 'CREATED')",
                "INSERT INTO message_log (order_id, event_type, shard_key, topic, tag, msg_key, msg_status, reconcile_status,"
                        + " next_reconcile_time) VALUES (" + ORDER + ", 'ORDER_CREATED', 0, 'EVENTUAL_ORDER_EVENT',"
                        + " 'ORDER_CREATED', '" + ORDER + "', 'CONSUMED', 'SUCCESS', CURRENT_TIMESTAMP(3))"};
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
