package dev.eventual.launcher;

import dev.eventual.launcher.identity.SuiteIdentity;

import dev.eventual.order.core.shard.OrderShards;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where and how the local suite runs. Ports of 0 pick free ones (tests).
 *
 * @param keepData       true keeps database rows, broker messages and Redis data (and its password) across restarts
 * @param bindAddress    where every server of the suite listens: loopback unless opened on purpose
 * @param databasePassword the database admin password to have, or null to keep the data directory's own
 * @param serviceArgs    extra {@code --key=value} Spring properties given to every service
 * @param orderServers   how many MariaDB servers order_db is split across ({@code --order-shards}); 1 by default
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
        String serviceToken,
        List<String> serviceArgs,
        int orderServers) {

    /** The embedded MariaDB's port in {@code ./run-local.sh}. */
    public static final int DATABASE_PORT = 13306;
    /** The embedded Redis's port in {@code ./run-local.sh}. */
    public static final int REDIS_PORT = 16379;

    /** {@code ./run-local.sh --gate}: the stock gate on in order- and inventory-service (docs/stock-gate.md). */
    public static final String GATE_FLAG = "--gate";
    /** The same switch from the environment, as the services and the compose stack read it. */
    public static final String GATE_ENV = "EVENTUAL_GATE_ENABLED";
    static final String GATE_PROPERTY = "--eventual.gate.enabled=";
    static final String EXECUTOR_LOG_PATH_PROPERTY = "--xxl.job.executor.log-path=";
    /** {@code ./run-local.sh --order-shards=2}: order_db on two MariaDB servers, 13306 and 13307 (docs/running-locally.md). */
    public static final String ORDER_SHARDS_FLAG = "--order-shards=";
    /** The most order_db servers the local suite starts (docs/running-locally.md: 1, 2, 4 or 8). */
    private static final int MAX_ORDER_SERVERS = 8;

    /**
     * The Spring properties {@code ./run-local.sh} gives every service: the user's {@code --key=value}
     * arguments, and the gate switched on by {@code --gate} or {@code EVENTUAL_GATE_ENABLED=true}
     * (the flag wins over the variable's {@code false}). A user's own {@code --eventual.gate.enabled=}
     * is left alone and wins: Spring joins a repeated argument's values with commas instead of
     * taking the last. {@code --order-shards=N} is the launcher's own ({@link #orderServers}), never a service's.
     *
     * @throws IllegalArgumentException an argument that is neither {@code --gate} nor {@code --key=value}
     *                                  ({@code --gate=...} included), or a variable that is neither true nor false
     */
    public static List<String> serviceArgs(List<String> args, Map<String, String> env) {
        boolean gate = gateInEnvironment(env.get(GATE_ENV));
        List<String> properties = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals(GATE_FLAG)) {
                gate = true;
            } else if (arg.startsWith(GATE_FLAG + "=")) {
                // it would pass as a property named "gate", which nothing reads: the gate silently off
                throw new IllegalArgumentException(GATE_FLAG + " takes no value: " + arg);
            } else if (arg.startsWith(ORDER_SHARDS_FLAG)) {
                orderServers(List.of(arg));
            } else if (arg.startsWith("--") && arg.contains("=")) {
                properties.add(arg);
            } else {
                throw new IllegalArgumentException("not --gate, --order-shards=N nor a --spring.property=value: " + arg);
            }
        }
        List<String> serviceArgs = new ArrayList<>();
        if (gate && properties.stream().noneMatch(property -> property.startsWith(GATE_PROPERTY))) {
            serviceArgs.add(GATE_PROPERTY + "true");
        }
        serviceArgs.addAll(properties);
        return List.copyOf(serviceArgs);
    }

    /**
     * How many servers {@code --order-shards=N} asks order_db to be split across; 0 without it (then the
     * data directory's own number, {@link OrderServersMark}).
     *
     * @throws IllegalArgumentException N is not a power of two from 1 to 8 (each server is a MariaDB of its own on this machine)
     */
    public static int orderServers(List<String> args) {
        int servers = 0;
        for (String arg : args) {
            if (arg.startsWith(ORDER_SHARDS_FLAG)) {
                String value = arg.substring(ORDER_SHARDS_FLAG.length());
                try {
                    servers = Integer.parseInt(value);
                } catch (NumberFormatException e) {
                    servers = 0;
                }
                if (!OrderShards.isServerCount(servers) || servers > MAX_ORDER_SERVERS) {
                    throw new IllegalArgumentException(ORDER_SHARDS_FLAG + value + ": 1, 2, 4 or 8 servers");
                }
            }
        }
        return servers;
    }

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

    /** Unset or false is off, true is on; anything else is refused rather than guessed. */
    private static boolean gateInEnvironment(String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(GATE_ENV + " must be true or false, not '" + value + "'");
        };
    }

    /** The documented defaults of {@code ./run-local.sh}. */
    public static LaunchSettings defaults(Path dataDirectory, String bindAddress, String databasePassword,
                                          String serviceToken, List<String> serviceArgs, int orderServers) {
        return new LaunchSettings(dataDirectory, true, bindAddress, databasePassword, DATABASE_PORT, REDIS_PORT, 19876, 8081, 8082, 8083, 8084,
                SuiteIdentity.PORT,
                serviceToken, serviceArgs, orderServers);
    }
}
