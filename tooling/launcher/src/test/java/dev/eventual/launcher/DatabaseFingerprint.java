package dev.eventual.launcher;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Row count and content checksum ({@code CHECKSUM TABLE ... EXTENDED}, which reads every row) of
 * every table of the order, inventory and notice databases: equal fingerprints mean nothing was
 * written, whichever table a bad request might have reached. {@code order_db.order_worker_lease} is
 * left out: order-service renews its worker id lease there every few seconds whatever the requests.
 */
record DatabaseFingerprint(Map<String, Table> tables) {

    static final List<String> SCHEMAS = List.of("order_db", "inventory_db", "notice_db");
    private static final String HOUSEKEEPING = "order_db.order_worker_lease";

    record Table(long rows, long checksum) {
    }

    /** One connection sees all three schemas (the suite's database user owns them all). */
    static DatabaseFingerprint take(Connection db) throws SQLException {
        Map<String, Table> tables = new TreeMap<>();
        for (String name : tableNames(db)) {
            tables.put(name, new Table(single(db, "SELECT COUNT(*) FROM " + name), checksum(db, name)));
        }
        return new DatabaseFingerprint(tables);
    }

    private static List<String> tableNames(Connection db) throws SQLException {
        List<String> names = new ArrayList<>();
        try (Statement sql = db.createStatement();
             ResultSet rows = sql.executeQuery("SELECT table_schema, table_name FROM information_schema.tables"
                     + " WHERE table_type = 'BASE TABLE' AND table_schema IN ('" + String.join("','", SCHEMAS) + "')")) {
            while (rows.next()) {
                String name = rows.getString(1) + "." + rows.getString(2);
                if (!name.equals(HOUSEKEEPING)) {
                    names.add(name);
                }
            }
        }
        if (names.isEmpty()) {
            throw new IllegalStateException("no tables found in " + SCHEMAS);
        }
        return names;
    }

    private static long checksum(Connection db, String table) throws SQLException {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery("CHECKSUM TABLE " + table + " EXTENDED")) {
            rows.next();
            return rows.getLong("Checksum");
        }
    }

    private static long single(Connection db, String query) throws SQLException {
        try (Statement sql = db.createStatement(); ResultSet rows = sql.executeQuery(query)) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
