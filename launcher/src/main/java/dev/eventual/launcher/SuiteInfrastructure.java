package dev.eventual.launcher;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.mq.RocketMqSettings;
import org.apache.rocketmq.common.attribute.TopicMessageType;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What every service of a suite stands on: embedded MariaDB with the three schemas migrated and an
 * embedded RocketMQ with the order topic created as a TRANSACTION topic. Shared by the in-JVM
 * {@link LocalSuite} and the process-per-service suite.
 */
public final class SuiteInfrastructure implements AutoCloseable {

    private final EmbeddedMariaDb database;
    private final EmbeddedRocketMq broker;

    private SuiteInfrastructure(EmbeddedMariaDb database, EmbeddedRocketMq broker) {
        this.database = database;
        this.broker = broker;
    }

    /** @param brokerSettings its directory is ignored: the broker lives under {@code dataDirectory/rocketmq} */
    public static SuiteInfrastructure start(Path dataDirectory, int databasePort, boolean keepData,
                                            RocketMqSettings brokerSettings) {
        EmbeddedMariaDb database = EmbeddedMariaDb.start(dataDirectory.resolve("mariadb"), databasePort, keepData);
        try {
            for (ServiceDatabase serviceDatabase : ServiceDatabase.values()) {
                SchemaMigrator.createAndMigrate(database, serviceDatabase);
            }
            EmbeddedRocketMq broker = EmbeddedRocketMq.start(new RocketMqSettings(dataDirectory.resolve("rocketmq"),
                    brokerSettings.nameServerPort(), keepData, brokerSettings.transactionCheckInterval(),
                    brokerSettings.transactionTimeout(), brokerSettings.transactionOpBatchInterval()));
            try {
                broker.createTopic(OrderMessaging.ORDER_TOPIC, TopicMessageType.TRANSACTION);
            } catch (RuntimeException e) {
                broker.close();
                throw e;
            }
            return new SuiteInfrastructure(database, broker);
        } catch (RuntimeException e) {
            database.close();
            throw e;
        }
    }

    public DatabaseServer database() {
        return database;
    }

    public int databasePort() {
        return database.port();
    }

    public EmbeddedRocketMq broker() {
        return broker;
    }

    /** The arguments that tie a service to this database and broker. */
    public List<String> serviceArgs(ServiceDatabase serviceDatabase, int port, String serviceToken) {
        return new ArrayList<>(List.of(
                "--server.port=" + port,
                "--spring.datasource.url=" + database.jdbcUrl(serviceDatabase.databaseName()),
                "--spring.datasource.username=" + database.username(),
                "--spring.datasource.password=" + database.password(),
                "--rocketmq.name-server=" + broker.nameServerAddress(),
                "--eventual.security.service-token=" + serviceToken));
    }

    /** Discovery of a peer by URL (Spring Cloud's simple discovery client). */
    public static String peer(String serviceId, int port) {
        return "--spring.cloud.discovery.client.simple.instances." + serviceId + "[0].uri=http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        try {
            broker.close();
        } finally {
            database.close();
        }
    }
}
