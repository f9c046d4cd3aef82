package dev.eventual.launcher.invariants;

import dev.eventual.order.core.shard.OrderShards;
import org.springframework.dao.DataAccessException;
import picocli.CommandLine.ParameterException;

import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The invariant check as a command ({@code ./check-invariants.sh}, {@code ./run-local.sh --check}):
 * reads the three databases of a running stack with the {@link InvariantChecker}, prints every
 * violation with its order or SKU, and says how it went in its {@linkplain CheckOutcome exit code}.
 * It only reads: every connection is read-only, each database is read in one transaction (a
 * consistent snapshot of that database), and a SELECT grant is all its account needs
 * (docs/invariant-checker.md).
 */
public final class InvariantCheckCommand {

    /** Connector/J waits forever for an unreachable host by default; a check should say so instead. */
    private static final String CONNECT_TIMEOUT_MILLIS = "10000";

    private InvariantCheckCommand() {
    }

    /**
     * @param env where passwords come from ({@link System#getenv()} outside tests)
     * @return how it went; its {@link CheckOutcome#exitCode()} is the process's
     */
    public static CheckOutcome run(List<String> args, CheckDefaults defaults, Map<String, String> env,
                                   PrintStream out, PrintStream err) {
        CheckOptions options;
        try {
            CheckArguments arguments = CheckArguments.parse(args, defaults);
            if (arguments.help) {
                out.print(arguments.usage());
                return CheckOutcome.CLEAN;
            }
            options = CheckOptions.from(arguments, defaults, env);
        } catch (ParameterException e) {
            // one line, naming the option; --help has the rest
            err.println(e.getMessage());
            return CheckOutcome.USAGE;
        }
        List<Connection> connections = new ArrayList<>();
        try {
            for (DatabaseTarget database : options.databases()) {
                try {
                    connections.add(connect(database, options.tls()));
                } catch (SQLException e) {
                    err.println("cannot connect to " + database.describe() + " (sslMode " + options.tls().sslMode() + "): "
                            + firstLine(e));
                    return CheckOutcome.UNREADABLE;
                }
            }
            return check(connections, options, out, err);
        } finally {
            connections.forEach(InvariantCheckCommand::closeQuietly);
        }
    }

    private static CheckOutcome check(List<Connection> connections, CheckOptions options, PrintStream out, PrintStream err) {
        List<Connection> orders = connections.subList(0, options.orderServers());
        Connection inventory = connections.get(options.orderServers());
        Connection notices = connections.get(options.orderServers() + 1);
        try {
            InvariantChecker checker = new InvariantChecker(orders, inventory, notices, options.relayMaxAttempts(),
                    options.retentions());
            List<Violation> violations = checker.check(options.initialStock());
            Set<Long> gated = Set.of();
            if (options.gate() != null) {
                try {
                    gated = checkGate(options.gate(), inventory, violations);
                } catch (DataAccessException e) {
                    err.println("cannot read the stock gate (" + options.gate() + "): " + e.getMostSpecificCause().getMessage());
                    return CheckOutcome.UNREADABLE;
                }
            }
            violations.forEach(violation -> out.println("VIOLATION " + violation));
            if (orders.size() > 1) {
                reportPerServer(orders, options, violations, out);
            }
            if (!quiet(orders)) {
                out.println("note: some events still wait for reconciliation (message_log PENDING or RETRY) or for the"
                        + " relay (WAITING for the broker); violations about their orders may be work in progress");
            }
            out.printf("%d violation(s); stock conservation checked for %s%n", violations.size(),
                    options.initialStock().isEmpty() ? "no SKU (pass --initial-stock=sku:units,...)"
                            : options.initialStock().keySet());
            if (options.gate() != null) {
                out.printf("stock gate checked for %s%n", gated.isEmpty() ? "no SKU (the gate holds none)" : gated);
            }
            return violations.isEmpty() ? CheckOutcome.CLEAN : CheckOutcome.VIOLATIONS;
        } catch (SQLException e) {
            err.println("cannot read the databases (" + options.databases() + "): " + firstLine(e));
            return CheckOutcome.UNREADABLE;
        } catch (IllegalArgumentException e) {
            // a status (or consumer group) this checker does not know: the schema is newer than the checker
            err.println("unexpected value in the databases, is the checker older than the schema? " + e.getMessage());
            return CheckOutcome.UNREADABLE;
        }
    }

    private static boolean quiet(List<Connection> orders) throws SQLException {
        for (Connection server : orders) {
            if (!Quiescence.quiet(server)) {
                return false;
            }
        }
        return true;
    }

    /**
     * order_db on several servers: each server's orders and the violations about them (an order id names
     * its server, docs/design.md "Sharding order_db"), then the total; read in each server's snapshot.
     */
    private static void reportPerServer(List<Connection> orders, CheckOptions options, List<Violation> violations,
                                        PrintStream out) throws SQLException {
        long total = 0;
        for (int server = 0; server < orders.size(); server++) {
            long count;
            try (Statement sql = orders.get(server).createStatement(); ResultSet rows = sql.executeQuery("SELECT COUNT(*) FROM t_order")) {
                rows.next();
                count = rows.getLong(1);
            }
            total += count;
            int onServer = server;
            long broken = violations.stream().filter(v -> serverOf(v, orders.size()) == onServer).count();
            out.printf("order_db server %d (%s): %d orders, %d violation(s)%n", server,
                    options.databases().get(server).describe(), count, broken);
        }
        out.printf("order_db in total: %d orders on %d servers%n", total, orders.size());
    }

    /** The server of the order a violation names ("order 123"), or -1 for a SKU's. */
    private static int serverOf(Violation violation, int servers) {
        if (!violation.subject().startsWith(ORDER_SUBJECT)) {
            return -1;
        }
        return new OrderShards(servers).serverOfOrder(Long.parseLong(violation.subject().substring(ORDER_SUBJECT.length())));
    }

    private static final String ORDER_SUBJECT = "order ";

    /** The gate's invariants ({@link GateInvariants}) against the stock inventory_db holds; returns the SKUs checked. */
    private static Set<Long> checkGate(CheckOptions.GateTarget target, Connection inventory, List<Violation> violations)
            throws SQLException {
        try (GateConnection connection = GateConnection.open(target.host(), target.port(), target.password())) {
            Set<Long> skus = new TreeSet<>(target.skus().isEmpty() ? connection.gate().knownSkus() : target.skus());
            Map<Long, Integer> stock = new HashMap<>();
            try (PreparedStatement sql = inventory.prepareStatement("SELECT stock FROM inventory WHERE sku_id = ?")) {
                for (long sku : skus) {
                    sql.setLong(1, sku);
                    try (ResultSet row = sql.executeQuery()) {
                        if (row.next()) {
                            stock.put(sku, row.getInt(1));
                        } else {
                            violations.add(new Violation("gated SKU in stock", "sku " + sku, "inventory has no such SKU"));
                        }
                    }
                }
            }
            GateInvariants.check(connection.gate(), stock, violations);
            return skus;
        }
    }

    private static Connection connect(DatabaseTarget database, TlsSettings tls) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", database.user());
        properties.setProperty("password", database.password());
        properties.setProperty("connectTimeout", CONNECT_TIMEOUT_MILLIS);
        properties.setProperty("characterEncoding", "UTF-8");
        properties.setProperty("connectionTimeZone", "UTC");
        tls.addTo(properties);
        Connection connection = DriverManager.getConnection(database.jdbcUrl(), properties);
        try {
            // the server refuses writes in this session (SET SESSION TRANSACTION READ ONLY), whatever the grants
            connection.setReadOnly(true);
            // the several SELECTs on one database see one snapshot (InnoDB's consistent read)
            connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            connection.setAutoCommit(false);
            return connection;
        } catch (SQLException e) {
            closeQuietly(connection);
            throw e;
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            connection.close();
        } catch (SQLException e) {
            // closing a read-only connection loses nothing
        }
    }

    /** Connector/J's connection errors run over several lines of advice; the first says what happened. */
    private static String firstLine(SQLException e) {
        String message = String.valueOf(e.getMessage()).strip();
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end).strip();
    }
}
