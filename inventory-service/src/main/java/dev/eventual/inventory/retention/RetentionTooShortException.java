package dev.eventual.inventory.retention;

/**
 * A cleanup refused, nothing deleted: the retention does not outlive every way an event can still arrive when the
 * caller's horizon is counted too (docs/retention.md, "Cleanup"). The web edge answers 409.
 */
public class RetentionTooShortException extends RuntimeException {

    RetentionTooShortException(String message) {
        super(message);
    }
}
