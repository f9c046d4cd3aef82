package dev.eventual.launcher.invariants;

import dev.eventual.infra.db.JdbcUrls;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ./run-local.sh --check [--db-host=127.0.0.1] [--db-port=13306] [--db-user=root] [--db-password=...]
 * [--initial-stock=1001:100,1002:100]}: runs the {@link InvariantChecker} against a live stack's
 * databases, prints every violation with its order or SKU, and exits 0 when there is none.
 * Stock conservation needs each SKU's initial stock, which a live stack does not record (stock
 * can be set at any time), so it is checked only for the SKUs given. The password defaults to the
 * local suite's admin password (EVENTUAL_LOCAL_DB_PASSWORD, else {@code .local-data/mariadb/root-password}).
 */
public final class InvariantCheckCommand {

    private InvariantCheckCommand() {
    }

    /** @return the process exit code: 0 no violation, 1 violations, 2 bad arguments or no database */
    public static int run(List<String> args, PrintStream out) {
        Map<String, String> options = new HashMap<>(Map.of("db-host", "127.0.0.1", "db-port", "13306", "db-user", "root",
                "db-password", localPassword(), "initial-stock", ""));
        for (String arg : args) {
            int equals = arg.indexOf('=');
            String key = arg.startsWith("--") && equals > 2 ? arg.substring(2, equals) : null;
            if (key == null || !options.containsKey(key)) {
                out.println("unknown argument " + arg + "; expected --" + String.join("=, --", options.keySet()) + "=");
                return 2;
            }
            options.put(key, arg.substring(equals + 1));
        }
        Map<Long, Integer> initialStock;
        int port;
        try {
            initialStock = parseStock(options.get("initial-stock"));
            port = Integer.parseInt(options.get("db-port"));
        } catch (NumberFormatException e) {
            out.println("bad number: " + e.getMessage() + " (--initial-stock=sku:units,sku:units)");
            return 2;
        }
        String host = options.get("db-host");
        try (Connection orders = connect(host, port, "order_db", options);
             Connection inventory = connect(host, port, "inventory_db", options);
             Connection notices = connect(host, port, "notice_db", options)) {
            List<Violation> violations = new InvariantChecker(orders, inventory, notices).check(initialStock);
            violations.forEach(violation -> out.println("VIOLATION " + violation));
            out.printf("%d violation(s); stock conservation checked for %s%n", violations.size(),
                    initialStock.isEmpty() ? "no SKU (pass --initial-stock=sku:units,...)" : initialStock.keySet());
            return violations.isEmpty() ? 0 : 1;
        } catch (SQLException e) {
            out.println("cannot read the databases at " + host + ":" + port + ": " + e.getMessage());
            return 2;
        }
    }

    /** The local suite's admin password: EVENTUAL_LOCAL_DB_PASSWORD, else the one its data directory keeps. */
    private static String localPassword() {
        String given = System.getenv("EVENTUAL_LOCAL_DB_PASSWORD");
        if (given != null) {
            return given;
        }
        Path kept = Path.of(System.getenv().getOrDefault("EVENTUAL_DATA_DIR", ".local-data"), "mariadb", "root-password");
        try {
            return Files.exists(kept) ? Files.readString(kept).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }

    private static Map<Long, Integer> parseStock(String list) {
        Map<Long, Integer> stock = new HashMap<>();
        for (String entry : list.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            String[] skuAndUnits = entry.split(":", 2);
            if (skuAndUnits.length != 2) {
                throw new NumberFormatException("'" + entry + "' is not sku:units");
            }
            stock.put(Long.parseLong(skuAndUnits[0].trim()), Integer.parseInt(skuAndUnits[1].trim()));
        }
        return stock;
    }

    private static Connection connect(String host, int port, String database, Map<String, String> options)
            throws SQLException {
        return DriverManager.getConnection(JdbcUrls.mysql(host, port, database), options.get("db-user"),
                options.get("db-password"));
    }
}
