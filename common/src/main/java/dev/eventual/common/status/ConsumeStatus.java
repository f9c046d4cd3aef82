package dev.eventual.common.status;

/**
 * What a consumer group reports for one event. Reports are monotonic: PROCESSING may become
 * SUCCESS or FAIL, FAIL may become SUCCESS (a retry worked), SUCCESS is final.
 */
public enum ConsumeStatus {
    PROCESSING,
    SUCCESS,
    FAIL;

    /** Whether a stored status may be replaced by {@code next}; repeats are accepted as no-ops. */
    public boolean mayBecome(ConsumeStatus next) {
        return switch (this) {
            case PROCESSING -> true;
            case FAIL -> next != PROCESSING;
            case SUCCESS -> next == SUCCESS;
        };
    }
}
