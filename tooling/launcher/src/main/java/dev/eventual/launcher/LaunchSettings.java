package dev.eventual.launcher;

import dev.eventual.launcher.identity.SuiteIdentity;

import java.nio.file.Path;
import java.util.List;

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

    /** The documented defaults of {@code ./run-local.sh}. */
    public static LaunchSettings defaults(Path dataDirectory, String bindAddress, String databasePassword,
                                          List<String> serviceArgs, int orderServers) {
        return new LaunchSettings(dataDirectory, true, bindAddress, databasePassword, DATABASE_PORT, REDIS_PORT, 19876, 8081, 8082, 8083, 8084,
                SuiteIdentity.PORT, serviceArgs, orderServers);
    }
}
