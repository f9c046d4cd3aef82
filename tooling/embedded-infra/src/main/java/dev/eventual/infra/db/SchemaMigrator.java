package dev.eventual.infra.db;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/** Creates a service's database and applies its scripts with Flyway, exactly as the service does. */
public final class SchemaMigrator {

    private SchemaMigrator() {
    }

    public static MigrateResult createAndMigrate(DatabaseServer server, ServiceDatabase database) {
        server.createDatabase(database.databaseName());
        return Flyway.configure()
                .dataSource(server.jdbcUrl(database.databaseName()), server.username(), server.password())
                .locations(database.migrationLocation())
                .load()
                .migrate();
    }
}
