package dev.eventual.gate;

import java.util.Map;

/**
 * One SKU's gate as Redis holds it at one moment.
 *
 * @param available    units the gate may still reserve; null when not seeded
 * @param reservations order id to reserved units, for the orders not yet applied downstream
 */
public record GateState(Long available, Map<Long, Integer> reservations) {

    public long reserved() {
        return reservations.values().stream().mapToLong(Integer::longValue).sum();
    }
}
