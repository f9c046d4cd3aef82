package dev.eventual.order.consumer;

/** A report that breaks a rule no request-body validation can check: names the offending field. */
public class InvalidReportException extends RuntimeException {

    private final String field;
    private final String reason;

    InvalidReportException(String field, String reason) {
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
