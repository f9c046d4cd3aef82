package dev.eventual.notice.compose;

import dev.eventual.common.api.problem.InvalidParam;

/** An event field no real order can have: a poison message, or a 400 naming the field on the API. */
public class InvalidNoticeRequestException extends IllegalArgumentException {

    private final InvalidParam param;

    public InvalidNoticeRequestException(String field, String reason) {
        super(field + ": " + reason);
        this.param = new InvalidParam(field, reason);
    }

    /** The field and what is wrong with it, as a problem names them. */
    public InvalidParam param() {
        return param;
    }
}
