package dev.eventual.common.api;

/**
 * The one textual form of a 64-bit id (order, user, SKU, work order) wherever it travels as text: a
 * JSON string, a path segment, a query parameter. ASCII digits only, because Java's parsers also
 * take other scripts' digits; no sign and no leading zero, so every id has exactly one spelling.
 * A JSON number is the other accepted form of the same id.
 */
public final class IdForm {

    /** Also matches 19-digit values above {@link Long#MAX_VALUE}; parsing rejects those. */
    public static final String PATTERN = "[1-9][0-9]{0,18}";
    public static final String RULE = "must be a positive 64-bit integer";

    private IdForm() {
    }
}
