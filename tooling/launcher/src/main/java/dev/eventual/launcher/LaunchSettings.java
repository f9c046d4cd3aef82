package dev.eventual.launcher;

import dev.eventual.launcher.identity.SuiteIdentity;

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
        List<String> serviceArgs) {

    /** The embedded MariaDB's port in {@code ./run-local.sh}. */
    public static final int DATABASE_PORT = 13306;
    /** The embedded Redis's port in {@code ./run-local.sh}. */
    public static final int REDIS_PORT = 16379;

    /** {@code ./run-local.sh --gate}: the stock gate on in order- and inventory-service (docs/stock-gate.md). */
    public static final String GATE_FLAG = "--gate";
    /** The same switch from the environment, as the services and the compose stack read it. */
    public static final String GATE_ENV = "EVENTUAL_GATE_ENABLED";
    static final String GATE_PROPERTY = "--eventual.gate.enabled=";

    /**
     * The Spring properties {@code ./run-local.sh} gives every service: the user's {@code --key=value}
     * arguments, and the gate switched on by {@code --gate} or {@code EVENTUAL_GATE_ENABLED=true}
     * (the flag wins over the variable's {@code false}). A user's own {@code --eventual.gate.enabled=}
     * is left alone and wins: Spring joins a repeated argument's values with commas instead of
     * taking the last.
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
            } else if (arg.startsWith("--") && arg.contains("=")) {
                properties.add(arg);
            } else {
                throw new IllegalArgumentException("not --gate nor a --spring.property=value: " + arg);
            }
        }
        List<String> serviceArgs = new ArrayList<>();
        if (gate && properties.stream().noneMatch(property -> property.startsWith(GATE_PROPERTY))) {
            serviceArgs.add(GATE_PROPERTY + "true");
        }
        serviceArgs.addAll(properties);
        return List.copyOf(serviceArgs);
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
                                          String serviceToken, List<String> serviceArgs) {
        return new LaunchSettings(dataDirectory, true, bindAddress, databasePassword, DATABASE_PORT, REDIS_PORT, 19876, 8081, 8082, 8083, 8084,
                SuiteIdentity.PORT,
                serviceToken, serviceArgs);
    }
}
