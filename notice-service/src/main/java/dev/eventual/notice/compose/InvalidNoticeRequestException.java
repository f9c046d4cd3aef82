package dev.eventual.notice.compose;

/** An event field no real order can have: a poison message, or a 400 naming the field on the API. */
public class InvalidNoticeRequestException extends IllegalArgumentException {

    private final String field;
    private final String reason;

    public InvalidNoticeRequestException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    public String field() {
        return field;
    }

    public String reason() {
        return reason;
    }
}
