package dev.eventual.order.core.shard;

import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;

/**
 * Migrates order_db on every server it is split across, with Boot's Flyway settings and order-core's own
 * scripts (sql/order, packaged by the schema module): each server holds the whole schema for its range of
 * logical shards (docs/design.md, "Sharding order_db"). order-core owns order_db's life; order-service is
 * the deployable that turns Flyway on.
 */
class EveryServerMigration implements FlywayMigrationStrategy {

    private static final Logger log = LoggerFactory.getLogger(EveryServerMigration.class);
    static final String SCRIPTS = "classpath:db/eventual/order";

    private final OrderDbServers servers;

    EveryServerMigration(OrderDbServers servers) {
        this.servers = servers;
    }

    @Override
    public void migrate(Flyway flyway) {
        for (int i = 0; i < servers.count(); i++) {
            int applied = Flyway.configure().configuration(flyway.getConfiguration()).locations(SCRIPTS)
                    .dataSource(servers.server(i)).load()
                    .migrate().migrationsExecuted;
            if (servers.count() > 1) {
                log.info("order_db server {} ({}): {} migrations applied", i, servers.url(i), applied);
            }
        }
    }
}
