package dev.eventual.infra.mq;

import java.nio.file.Path;
import java.time.Duration;

/**
 * How to run the embedded broker.
 *
 * @param nameServerPort 0 picks a free port
 * @param keepData false clears the store first (tests), true keeps messages and offsets (launcher)
 * @param transactionCheckInterval how often the broker scans for unresolved half messages
 * @param transactionTimeout age of a half message before it is checked back; keep it at or above
 *                           {@code transactionOpBatchInterval}, or the broker checks finished
 *                           transactions and delivers committed messages twice
 * @param bindAddress where the NameServer and the Broker listen: loopback unless opened on purpose
 */
public record RocketMqSettings(
        Path directory,
        int nameServerPort,
        boolean keepData,
        Duration transactionCheckInterval,
        Duration transactionTimeout,
        Duration transactionOpBatchInterval,
        String bindAddress) {

    public static final String LOOPBACK = "127.0.0.1";

    /** On loopback. */
    public RocketMqSettings(Path directory, int nameServerPort, boolean keepData, Duration transactionCheckInterval,
                            Duration transactionTimeout, Duration transactionOpBatchInterval) {
        this(directory, nameServerPort, keepData, transactionCheckInterval, transactionTimeout, transactionOpBatchInterval,
                LOOPBACK);
    }

    public RocketMqSettings {
        if (transactionTimeout.compareTo(transactionOpBatchInterval) < 0) {
            throw new IllegalArgumentException("transactionTimeout must be >= transactionOpBatchInterval");
        }
    }

    /**
     * Fast check-back, for tests: unresolved transactions are checked after 2-3 s. A shorter
     * timeout made the freshly started broker check transactions that had already ended.
     */
    public static RocketMqSettings forTests(Path directory) {
        return new RocketMqSettings(directory, 0, false, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofMillis(500));
    }
}
