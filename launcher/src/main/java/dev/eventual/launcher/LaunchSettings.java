package dev.eventual.launcher;

import java.nio.file.Path;
import java.util.List;

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
        String serviceToken,
        List<String> serviceArgs) {

    /** The embedded MariaDB's port in {@code ./run-local.sh}. */
    public static final int DATABASE_PORT = 13306;
    /** The embedded Redis's port in {@code ./run-local.sh}. */
    public static final int REDIS_PORT = 16379;

    /** The documented defaults of {@code ./run-local.sh}. */
    public static LaunchSettings defaults(Path dataDirectory, String bindAddress, String databasePassword,
                                          String serviceToken, List<String> serviceArgs) {
        return new LaunchSettings(dataDirectory, true, bindAddress, databasePassword, DATABASE_PORT, REDIS_PORT, 19876, 8081, 8082, 8083, 8084,
                serviceToken, serviceArgs);
    }
}
