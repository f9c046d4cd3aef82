package dev.eventual.order.core.consumer;

import dev.eventual.common.api.problem.InvalidParam;

/** A report that breaks a rule no request-body validation can check: names the offending field. */
public class InvalidReportException extends RuntimeException {

    private final InvalidParam param;

    InvalidReportException(String field, String reason) {
        super(field + ": " + reason);
        this.param = new InvalidParam(field, reason);
    }

    /** The field and what is wrong with it, as a problem names them. */
    public InvalidParam param() {
        return param;
    }
}
