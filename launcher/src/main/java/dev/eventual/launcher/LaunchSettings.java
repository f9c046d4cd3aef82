package dev.eventual.launcher;

import java.nio.file.Path;
import java.util.List;

/**
 * Where and how the local suite runs. Ports of 0 pick free ones (tests).
 *
 * @param keepData       true keeps database rows and broker messages across restarts
 * @param serviceArgs    extra {@code --key=value} Spring properties given to every service
 */
public record LaunchSettings(
        Path dataDirectory,
        boolean keepData,
        int databasePort,
        int nameServerPort,
        int orderPort,
        int inventoryPort,
        int noticePort,
        int reconcilePort,
        String serviceToken,
        List<String> serviceArgs) {

    /** The documented defaults of {@code ./run-local.sh}. */
    public static LaunchSettings defaults(Path dataDirectory, String serviceToken, List<String> serviceArgs) {
        return new LaunchSettings(dataDirectory, true, 13306, 19876, 8081, 8082, 8083, 8084, serviceToken, serviceArgs);
    }
}
