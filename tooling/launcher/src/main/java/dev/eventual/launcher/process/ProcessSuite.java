package dev.eventual.launcher.process;

import dev.eventual.infra.db.DatabaseServer;
import dev.eventual.infra.db.ServiceDatabase;
import dev.eventual.infra.mq.EmbeddedRocketMq;
import dev.eventual.infra.redis.RedisServer;
import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.launcher.DemoStock;
import dev.eventual.launcher.identity.SuiteIdentity;
import dev.eventual.launcher.SuiteInfrastructure;
import dev.eventual.launcher.SuiteService;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The whole suite with each service in its own JVM (killable, measurable on its own), on an embedded
 * MariaDB and RocketMQ that live in this JVM. Ports are fixed at start so a restarted service comes
 * back where its peers expect it.
 */
public final class ProcessSuite implements AutoCloseable {

    /**
     * Long enough for the bench's JVMs (full JIT, all started at once on two cores: 174-182 s each on
     * 2026-11-29, issue 41), which the 3 minutes before this did not always give them.
     */
    public static final Duration START_TIMEOUT = Duration.ofMinutes(5);

    private final SuiteInfrastructure infrastructure;
    private SuiteIdentity identity;
    private final ProcessSuiteSettings settings;
    private final Map<SuiteService, ServiceProcess> services = new EnumMap<>(SuiteService.class);

    private ProcessSuite(SuiteInfrastructure infrastructure, ProcessSuiteSettings settings) {
        this.infrastructure = infrastructure;
        this.settings = settings;
    }

    public static ProcessSuite start(ProcessSuiteSettings settings) {
        SuiteInfrastructure infrastructure = SuiteInfrastructure.start(settings.dataDirectory(), 0, 0, false, null,
                settings.broker(), settings.orderServers());
        ProcessSuite suite = new ProcessSuite(infrastructure, settings);
        try {
            // in this JVM: the services in theirs check tokens against it over HTTP as anywhere else
            suite.identity = SuiteIdentity.start(settings.dataDirectory(), EmbeddedMariaDb.LOOPBACK, 0, false, List.of());
            Map<SuiteService, Integer> ports = new EnumMap<>(SuiteService.class);
            Map<SuiteService, Integer> managementPorts = new EnumMap<>(SuiteService.class);
            for (SuiteService service : SuiteService.values()) {
                ports.put(service, freePort());
                managementPorts.put(service, freePort());
            }
            for (SuiteService service : SuiteService.values()) {
                suite.services.put(service, suite.process(service, ports, managementPorts.get(service)));
            }
            // all four JVMs boot together: their start-up is mostly CPU and they only need each other's URLs
            suite.services.values().forEach(ServiceProcess::start);
            suite.services.values().forEach(process -> process.awaitHealthy(START_TIMEOUT));
            return suite;
        } catch (RuntimeException e) {
            suite.close();
            throw e;
        }
    }

    public ServiceProcess service(SuiteService service) {
        return services.get(service);
    }

    /** Kills (SIGKILL) and starts the service again on the same port, then waits until it serves. */
    public void killAndRestart(SuiteService service) {
        ServiceProcess process = services.get(service);
        process.kill();
        process.start();
        process.awaitHealthy(START_TIMEOUT);
    }

    public DatabaseServer database() {
        return infrastructure.database();
    }

    /** order_db's servers in shard order, the first being {@link #database()}; a scenario may stop one and start it again. */
    public List<EmbeddedMariaDb> orderServers() {
        return infrastructure.orderServers();
    }

    /** The database's servers, one admin connection each: order_db's all of them in shard order, the others' one. */
    public ServerConnections connect(ServiceDatabase database) throws SQLException {
        return ServerConnections.open(database, database == ServiceDatabase.ORDER ? orderServers() : List.of(database()));
    }

    public EmbeddedRocketMq broker() {
        return infrastructure.broker();
    }

    /** The suite's Redis (the stock gate's); a scenario may kill it and start it empty. */
    public RedisServer redis() {
        return infrastructure.redis();
    }

    /** The suite's authorization server: tokens for the demo people and any {@code customer:<id>}. */
    public SuiteIdentity identity() {
        return identity;
    }

    public void seedStock(Map<Long, Integer> stock) {
        DemoStock.seedMissing(service(SuiteService.INVENTORY).port(), identity.token("adam"), stock);
    }

    /** Sets a SKU's stock through inventory-service's API, whether it exists or not (a gated SKU's count follows). */
    public void setStock(long sku, int units) {
        DemoStock.set(service(SuiteService.INVENTORY).port(), identity.token("adam"), sku, units);
    }

    @Override
    public void close() {
        List<ServiceProcess> reversed = new ArrayList<>(services.values());
        Collections.reverse(reversed);
        try {
            reversed.forEach(ServiceProcess::stop);
            if (identity != null) {
                identity.close();
            }
        } finally {
            infrastructure.close();
        }
    }

    private ServiceProcess process(SuiteService service, Map<SuiteService, Integer> ports, int managementPort) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(settings.jvmArgs());
        // its log lines carry its name (ServiceLabel)
        command.add("-Deventual.service.name=" + service.serviceId());
        command.addAll(List.of("-cp", settings.classpath(), settings.mainClass(), service.name()));
        command.addAll(infrastructure.serviceArgs(service, ports.get(service), managementPort, identity.issuer()));
        command.addAll(identity.clients().serviceArgs(service.serviceId()));
        for (SuiteService peer : service.peers()) {
            command.add(SuiteInfrastructure.peer(peer.serviceId(), ports.get(peer)));
        }
        command.addAll(settings.serviceArgs());
        return new ServiceProcess(service, ports.get(service), managementPort, command,
                settings.dataDirectory().resolve("logs").resolve(service.serviceId() + ".log"));
    }

    /**
     * A port below Linux's ephemeral range (32768 and up): a service that restarts must find its
     * port free again, and outgoing connections of anything on the machine take ephemeral ports.
     */
    private static int freePort() {
        for (int tries = 0; tries < 100; tries++) {
            int port = 20_000 + ThreadLocalRandom.current().nextInt(12_000);
            try (ServerSocket socket = new ServerSocket(port)) {
                return socket.getLocalPort();
            } catch (IOException taken) {
                // try another one
            }
        }
        throw new IllegalStateException("no free port between 20000 and 32000");
    }
}
