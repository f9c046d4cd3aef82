package dev.eventual.launcher;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.Secrets;
import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.infra.db.SchemaMigrator;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.mq.RocketMqSettings;
import dev.eventual.infra.redis.EmbeddedRedis;
import dev.eventual.infra.redis.RedisServer;
import dev.eventual.order.core.shard.OrderShards;
import org.apache.rocketmq.common.attribute.TopicMessageType;

import java.nio.file.Path;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * What every service of a suite stands on: embedded MariaDB with the three schemas migrated and one
 * account per service (the names the docker-compose stack uses), an embedded RocketMQ with the
 * order topic created as a TRANSACTION topic, and an embedded Redis for the services that
 * {@linkplain SuiteService#usesRedis() use it}. MariaDB and the broker listen on the broker settings'
 * bind address (loopback unless opened on purpose); Redis on loopback always, since only the
 * suite's own services talk to it. Shared by the in-JVM {@link LocalSuite} and the
 * process-per-service suite. With order_db split across servers (docs/design.md, "Sharding order_db"),
 * each further server is one more embedded MariaDB holding only order_db and the accounts of the
 * services that use it, on the next port, with the first one's admin password.
 */
public final class SuiteInfrastructure implements AutoCloseable {

    /** How far above its API port a service's management port is, in every service's yml. */
    static final int MANAGEMENT_PORT_OFFSET = 1000;

    static final String REDIS_TIMEOUT = "2s";

    private final EmbeddedMariaDb database;
    /** order_db's servers after the first ({@link #database}), in shard order. */
    private final List<EmbeddedMariaDb> moreOrderServers;
    private final EmbeddedRocketMq broker;
    private final EmbeddedRedis redis;
    private final Map<SuiteService, String> passwords;
    private final String bindAddress;

    private SuiteInfrastructure(EmbeddedMariaDb database, List<EmbeddedMariaDb> moreOrderServers, EmbeddedRocketMq broker,
                                EmbeddedRedis redis, Map<SuiteService, String> passwords, String bindAddress) {
        this.database = database;
        this.moreOrderServers = moreOrderServers;
        this.broker = broker;
        this.redis = redis;
        this.passwords = passwords;
        this.bindAddress = bindAddress;
    }

    /**
     * @param brokerSettings its directory is ignored: the broker lives under {@code dataDirectory/rocketmq};
     *                       its bind address is everyone's
     * @param adminPassword the database admin password to have, or null to keep the one the data
     *                      directory has (a random one at first)
     * @param redisPort 0 picks a free one; with {@code keepData} Redis keeps its data and password
     *                  under {@code dataDirectory/redis}
     * @param orderServers how many servers order_db is split across (a power of two; 1 is the usual one
     *                     database server); server i listens on databasePort + i, or a free port when 0
     */
    public static SuiteInfrastructure start(Path dataDirectory, int databasePort, int redisPort, boolean keepData,
                                            String adminPassword, RocketMqSettings brokerSettings, int orderServers) {
        if (!OrderShards.isServerCount(orderServers)) {
            throw new IllegalArgumentException("order_db is split across a power of two of servers, not " + orderServers);
        }
        EmbeddedRedis redis = EmbeddedRedis.start(dataDirectory.resolve("redis"), redisPort, keepData);
        EmbeddedMariaDb database;
        try {
            database = EmbeddedMariaDb.startWithAccounts(dataDirectory.resolve("mariadb"), databasePort,
                    brokerSettings.bindAddress(), adminPassword, keepData);
        } catch (RuntimeException e) {
            redis.close();
            throw e;
        }
        List<EmbeddedMariaDb> moreOrderServers = new ArrayList<>();
        try {
            Map<SuiteService, String> passwords = new EnumMap<>(SuiteService.class);
            for (ServiceDatabase serviceDatabase : ServiceDatabase.values()) {
                SchemaMigrator.createAndMigrate(database, serviceDatabase);
            }
            for (SuiteService service : SuiteService.values()) {
                passwords.put(service, grantAccount(database, service, null));
            }
            for (int server = 1; server < orderServers; server++) {
                EmbeddedMariaDb orderServer = EmbeddedMariaDb.startWithAccounts(dataDirectory.resolve("mariadb-order-" + server),
                        databasePort == 0 ? 0 : databasePort + server, brokerSettings.bindAddress(), database.password(), keepData);
                moreOrderServers.add(orderServer);
                SchemaMigrator.createAndMigrate(orderServer, ServiceDatabase.ORDER);
                for (SuiteService service : SuiteService.values()) {
                    if (service.database() == ServiceDatabase.ORDER) {
                        // every server takes the same account (eventual.order-db.shard-urls, docs/configuration.md)
                        grantAccount(orderServer, service, passwords.get(service));
                    }
                }
            }
            EmbeddedRocketMq broker = EmbeddedRocketMq.start(new RocketMqSettings(dataDirectory.resolve("rocketmq"),
                    brokerSettings.nameServerPort(), keepData, brokerSettings.transactionCheckInterval(),
                    brokerSettings.transactionTimeout(), brokerSettings.transactionOpBatchInterval(),
                    brokerSettings.bindAddress()));
            try {
                broker.createTopic(OrderMessaging.ORDER_TOPIC, TopicMessageType.TRANSACTION);
            } catch (RuntimeException e) {
                broker.close();
                throw e;
            }
            return new SuiteInfrastructure(database, List.copyOf(moreOrderServers), broker, redis, passwords,
                    brokerSettings.bindAddress());
        } catch (RuntimeException e) {
            try {
                moreOrderServers.forEach(EmbeddedMariaDb::close);
                database.close();
            } finally {
                redis.close();
            }
            throw e;
        }
    }

    public DatabaseServer database() {
        return database;
    }

    public int databasePort() {
        return database.port();
    }

    /** order_db's servers in shard order: the first is {@link #database()}; a test may stop and start the others. */
    public List<EmbeddedMariaDb> orderServers() {
        List<EmbeddedMariaDb> servers = new ArrayList<>(List.of(database));
        servers.addAll(moreOrderServers);
        return servers;
    }

    public EmbeddedRocketMq broker() {
        return broker;
    }

    public RedisServer redis() {
        return redis;
    }

    /**
     * The arguments that tie a service to the suite's authorization server, this database (with its own
     * account), broker and, for the services that use it, Redis. Spring Boot reads {@code spring.data.redis.*} only where its Redis
     * starter is on the class path; elsewhere they are inert.
     */
    public List<String> serviceArgs(SuiteService service, int port, int managementPort, String issuer) {
        List<String> args = new ArrayList<>(List.of(
                "--spring.security.oauth2.resourceserver.jwt.issuer-uri=" + issuer,
                "--server.port=" + port,
                "--server.address=" + bindAddress,
                // health and metrics: always on loopback (the yml's default), whatever address the API opens
                "--management.server.port=" + managementPort,
                "--spring.datasource.url=" + database.jdbcUrl(service.database().databaseName()),
                "--spring.datasource.username=" + service.databaseUser(),
                "--spring.datasource.password=" + passwords.get(service),
                "--rocketmq.name-server=" + broker.nameServerAddress()));
        if (service.database() == ServiceDatabase.ORDER && !moreOrderServers.isEmpty()) {
            List<EmbeddedMariaDb> servers = orderServers();
            for (int server = 0; server < servers.size(); server++) {
                args.add("--eventual.order-db.shard-urls[" + server + "]=" + servers.get(server).jdbcUrl(ServiceDatabase.ORDER.databaseName()));
            }
        }
        if (service.usesRedis()) {
            args.addAll(List.of(
                    "--spring.data.redis.host=" + redis.host(),
                    "--spring.data.redis.port=" + redis.port(),
                    "--spring.data.redis.password=" + redis.password(),
                    // a Redis that is gone is an error within seconds, never a request that hangs
                    "--spring.data.redis.timeout=" + REDIS_TIMEOUT,
                    "--spring.data.redis.connect-timeout=" + REDIS_TIMEOUT));
        }
        return args;
    }

    /**
     * The service's account, with a fresh password each start (only the suite hands it out): its
     * {@linkplain SuiteService#databasePrivileges() rights} on its database, nothing elsewhere.
     *
     * @param password the one it has on another server, or null for a fresh one
     */
    private static String grantAccount(EmbeddedMariaDb database, SuiteService service, String password) {
        password = password != null ? password : Secrets.random();
        String account = "'" + service.databaseUser() + "'@'" + EmbeddedMariaDb.LOOPBACK + "'";
        database.execute("CREATE USER IF NOT EXISTS " + account + " IDENTIFIED BY '" + password + "'");
        database.execute("ALTER USER " + account + " IDENTIFIED BY '" + password + "'");
        // a data directory kept from an earlier version may hold wider rights: start from none
        database.execute("REVOKE ALL PRIVILEGES, GRANT OPTION FROM " + account);
        database.execute("GRANT " + service.databasePrivileges() + " ON `" + service.database().databaseName() + "`.* TO " + account);
        return password;
    }

    /**
     * The management port of a service on {@code port}: the API port + 1000, as each service's yml has it
     * (docs/operations.md, "The management port"); a free one where the API port is free (0).
     */
    public static int managementPort(int port) {
        return port == 0 ? 0 : port + MANAGEMENT_PORT_OFFSET;
    }

    /** Discovery of a peer by URL (Spring Cloud's simple discovery client). */
    public static String peer(String serviceId, int port) {
        return "--spring.cloud.discovery.client.simple.instances." + serviceId + "[0].uri=http://127.0.0.1:" + port;
    }

    /**
     * Stops the servers side by side: the services are gone by now, so none needs another, and the
     * broker's clean stop alone takes about 11 s (docs/running-locally.md, "Stopping").
     */
    @Override
    public void close() {
        List<Runnable> stops = new ArrayList<>();
        stops.add(broker::close);
        moreOrderServers.forEach(server -> stops.add(server::close));
        stops.add(database::close);
        stops.add(redis::close);
        // a thread each: the common pool has a single worker on two cores
        ExecutorService stopping = Executors.newFixedThreadPool(stops.size());
        try {
            CompletableFuture.allOf(stops.stream().map(stop -> CompletableFuture.runAsync(stop, stopping))
                    .toArray(CompletableFuture[]::new)).join();
        } finally {
            stopping.shutdown();
        }
    }
}
