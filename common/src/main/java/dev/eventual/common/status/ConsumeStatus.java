package dev.eventual.common.status;

/**
 * What a consumer group reports for one event. Reports are monotonic: PROCESSING may become
 * SUCCESS or FAIL, FAIL may become SUCCESS (a retry worked), SUCCESS is final but for a refusal.
 * REFUSED says the event came again after the consumer's retention and was not applied, whatever
 * the consumer did with it before (docs/retention.md): it replaces any status, nothing replaces it,
 * and only a person closes it.
 */
public enum ConsumeStatus {
    PROCESSING,
    SUCCESS,
    FAIL,
    REFUSED;

    /** Whether a stored status may be replaced by {@code next}; repeats are accepted as no-ops. */
    public boolean mayBecome(ConsumeStatus next) {
        return switch (this) {
            case PROCESSING -> true;
            case FAIL -> next != PROCESSING;
            case SUCCESS -> next == SUCCESS || next == REFUSED;
            case REFUSED -> next == REFUSED;
        };
    }
}
