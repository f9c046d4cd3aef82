package dev.eventual.notice.channel;

/** The channel refused a notice for good (an invalid or rejected recipient): retrying cannot help. */
public class NoticeRefusedException extends RuntimeException {

    public NoticeRefusedException(String message) {
        super(message);
    }

    public NoticeRefusedException(String message, Throwable cause) {
        super(message, cause);
    }
}
