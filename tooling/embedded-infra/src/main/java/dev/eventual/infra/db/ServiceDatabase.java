package dev.eventual.infra.db;

/** One database per service; its Flyway scripts come from {@code sql/<folder>} via the schema jar. */
public enum ServiceDatabase {
    ORDER("order_db", "order"),
    INVENTORY("inventory_db", "inventory"),
    NOTICE("notice_db", "notice");

    private final String databaseName;
    private final String sqlFolder;

    ServiceDatabase(String databaseName, String sqlFolder) {
        this.databaseName = databaseName;
        this.sqlFolder = sqlFolder;
    }

    public String databaseName() {
        return databaseName;
    }

    /** The same location the services give {@code spring.flyway.locations}. */
    public String migrationLocation() {
        return "classpath:db/eventual/" + sqlFolder;
    }
}
