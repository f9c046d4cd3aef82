package dev.eventual.consumer.retention;

/**
 * A cleanup refused, nothing deleted: the consumer's retention does not outlive the last moment an event can still
 * arrive when the caller's horizon is counted too (docs/retention.md, "The floor"), so a record it would delete might
 * still be needed. Each consumer's web edge answers it with the 409 problem {@code retention-too-short}.
 */
public class RetentionTooShortException extends RuntimeException {

    public RetentionTooShortException(String message) {
        super(message);
    }
}
