package dev.eventual.common.api;

import java.util.List;

/**
 * What a batch report did: {@code recorded} reports changed a stored status, {@code unchanged} were
 * repeats or late (monotonic), and {@code unknownOrderIds} name orders without that committed event.
 */
public record ConsumerStatusBatchResult(int recorded, int unchanged, List<String> unknownOrderIds) {
}
