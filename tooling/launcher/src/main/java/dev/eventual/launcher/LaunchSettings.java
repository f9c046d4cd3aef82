package dev.eventual.launcher;

import dev.eventual.launcher.identity.SuiteIdentity;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where and how the local suite runs. Ports of 0 pick free ones (tests).
 *
 * @param keepData       true keeps database rows, broker messages and Redis data (and its password) across restarts
 * @param bindAddress    where every server of the suite listens: loopback unless opened on purpose
 * @param databasePassword the database admin password to have, or null to keep the data directory's own
 * @param serviceArgs    extra {@code --key=value} Spring properties given to every service
 * @param orderServers   how many MariaDB servers order_db is split across ({@code --order-shards}, {@link LaunchOptions}); 1 by default
 */
public record LaunchSettings(
        Path dataDirectory,
        boolean keepData,
        String bindAddress,
        String databasePassword,
        int databasePort,
        int redisPort,
        int nameServerPort,
        int orderPort,
        int inventoryPort,
        int noticePort,
        int reconcilePort,
        int authPort,
        List<String> serviceArgs,
        int orderServers) {

    /** The embedded MariaDB's port in {@code ./run-local.sh}. */
    public static final int DATABASE_PORT = 13306;
    /** The embedded Redis's port in {@code ./run-local.sh}. */
    public static final int REDIS_PORT = 16379;

    /** The Spring property of the stock gate's switch (docs/stock-gate.md), as {@code --gate} sets it. */
    static final String GATE_PROPERTY = "--eventual.gate.enabled=";
    static final String EXECUTOR_LOG_PATH_PROPERTY = "--xxl.job.executor.log-path=";

    /**
     * The reconcile job's own properties: the XXL-Job executor's per-trigger logs (written only with an
     * admin address, {@code --xxl.job.admin.addresses=...}) in the data directory, not in
     * {@code logs/xxl-job} of the working directory, which is the checkout. A user's own
     * {@code --xxl.job.executor.log-path=} wins and is not repeated (Spring would join the two).
     */
    public List<String> reconcileArgs() {
        if (serviceArgs.stream().anyMatch(arg -> arg.startsWith(EXECUTOR_LOG_PATH_PROPERTY))) {
            return List.of();
        }
        return List.of(EXECUTOR_LOG_PATH_PROPERTY + dataDirectory.resolve("xxl-job"));
    }

    /** Whether the services run with the stock gate on: what the last {@code --eventual.gate.enabled=} says. */
    public boolean gateEnabled() {
        String value = "false";
        for (String arg : serviceArgs) {
            if (arg.startsWith(GATE_PROPERTY)) {
                value = arg.substring(GATE_PROPERTY.length());
            }
        }
        return value.equalsIgnoreCase("true");
    }

    /** The variable that moves every port of {@code ./run-local.sh} up by its value (docs/running-locally.md). */
    public static final String PORT_OFFSET_ENV = "EVENTUAL_PORT_OFFSET";
    /** The highest offset: the NameServer's 19876 plus it stays a port. */
    static final int MAX_PORT_OFFSET = 45_000;

    /**
     * The documented defaults of {@code ./run-local.sh}, every port moved up by {@code portOffset}
     * (0 for the documented ports): a second suite on the same machine, or a benchmark beside another stack.
     */
    public static LaunchSettings defaults(Path dataDirectory, String bindAddress, String databasePassword,
                                          List<String> serviceArgs, int orderServers, int portOffset) {
        return new LaunchSettings(dataDirectory, true, bindAddress, databasePassword, DATABASE_PORT + portOffset,
                REDIS_PORT + portOffset, 19876 + portOffset, 8081 + portOffset, 8082 + portOffset, 8083 + portOffset,
                8084 + portOffset, SuiteIdentity.PORT + portOffset, serviceArgs, orderServers);
    }

    /** {@value #PORT_OFFSET_ENV} of {@code env}: 0 when unset; anything but 0..{@value #MAX_PORT_OFFSET} is refused. */
    public static int portOffset(Map<String, String> env) {
        String value = env.get(PORT_OFFSET_ENV);
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            int offset = Integer.parseInt(value.strip());
            if (offset >= 0 && offset <= MAX_PORT_OFFSET) {
                return offset;
            }
        } catch (NumberFormatException e) {
            // refused below, with the variable's name
        }
        throw new IllegalArgumentException(PORT_OFFSET_ENV + "=" + value + ": a number from 0 to " + MAX_PORT_OFFSET);
    }
}
