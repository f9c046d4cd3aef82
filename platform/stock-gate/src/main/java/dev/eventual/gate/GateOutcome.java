package dev.eventual.gate;

/** The gate's answer to a reservation. */
public enum GateOutcome {
    /** The units are the order's until it is applied downstream or gives them back; a repeat answers this again. */
    RESERVED,
    /** Fewer units left than asked for: nothing was reserved. */
    SOLD_OUT,
    /** The SKU has no count (never seeded, or Redis lost it): the gate cannot answer until it is seeded. */
    NOT_SEEDED
}
