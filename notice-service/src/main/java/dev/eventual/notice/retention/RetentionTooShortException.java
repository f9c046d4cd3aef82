package dev.eventual.notice.retention;

/**
 * A cleanup refused, nothing deleted: notice_log's retention does not outlive the last moment an event can still
 * arrive with the caller's horizon (docs/retention.md), so a record it would delete might still be needed.
 */
public class RetentionTooShortException extends RuntimeException {

    public RetentionTooShortException(String message) {
        super(message);
    }
}
