package dev.eventual.bench.cost;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What one window of a block runs; every block runs each once, in an order rotated by the block's index. */
public enum Variant {

    /** Nothing sent: the background (timers, heartbeats, pulls, JIT) the other windows subtract. */
    IDLE,
    /** Orders for the sold-out gated SKU at --cost-rate: each answered 409. */
    REFUSAL,
    /** {@code GET /api/inventory/{sku}} at --cost-rate: the plain read a refusal is compared with. */
    READ,
    /** Refusals at --cost-p99-rate, for their latency. */
    REFUSAL_AT_P99_RATE,
    /** Orders at --cost-order-rate, the window running until both consumers reported every one. */
    ORDER;

    /** The order of block {@code block}: the list rotated left by the block's index. */
    static List<Variant> rotation(int block) {
        List<Variant> order = new ArrayList<>(List.of(values()));
        Collections.rotate(order, -(block % order.size()));
        return order;
    }
}
