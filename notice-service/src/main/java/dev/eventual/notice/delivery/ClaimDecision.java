package dev.eventual.notice.delivery;

/** What a delivery may do with a notice that already has a row. */
public enum ClaimDecision {
    /** Not sent yet and nobody is sending it: take it over (then send). */
    TAKE_OVER,
    /** Already sent: send nothing. */
    ALREADY_SENT,
    /** Another delivery holds a live lease on it: send nothing now, look again later. */
    HELD_ELSEWHERE,
    /** Refused because its event came after the retention: send nothing, ever (docs/retention.md). */
    REFUSED
}
