package dev.eventual.notice.delivery;

/** What one delivery (a consumed event or a retry call) did. */
public enum DeliveryOutcome {
    /** This delivery sent the notice and recorded SUCCESS. */
    SENT,
    /** The notice was already sent: nothing was sent. */
    ALREADY_SENT,
    /** Another delivery holds the notice's lease: nothing was sent. */
    IN_PROGRESS,
    /** The channel refused the notice for good: recorded FAIL. */
    REFUSED,
    /**
     * The event came after the retention and found no record (recorded REFUSED), or found the notice REFUSED: nothing
     * was sent, and nothing ever will be (docs/retention.md).
     */
    TOO_LATE
}
