package dev.eventual.common.api;

/**
 * The lengths of the free texts that cross a service boundary or land in an audit column, in one place so
 * that what one service accepts, the next one and the columns take too (docs/schema.md). Counted as Java
 * counts a string (UTF-16 units), never more characters than the columns' VARCHAR widths hold.
 */
public final class TextLimits {

    /**
     * An access token's subject as the work orders' audit stores it ({@code operator}, {@code resolved_by},
     * VARCHAR(255)): OpenID Connect caps {@code sub} at 255 ASCII characters.
     */
    public static final int SUBJECT = 255;

    /** A person's note on a work order (API, bulk, console): {@code note} and {@code resolution_note}, VARCHAR(1024). */
    public static final int WORK_ORDER_NOTE = 1_000;

    /**
     * The reason of {@code POST /api/orders/{id}/cancel}, carried in the ORDER_CANCELED event (a TEXT payload).
     * Room for what a work order's CANCEL_ORDER writes: {@code work order <id> (<subject>): } (at most 290:
     * a 19-digit id and a {@link #SUBJECT}) before a {@link #WORK_ORDER_NOTE}.
     */
    public static final int CANCEL_REASON = 1_500;

    /** Text a work-order list is filtered by ({@code reason} contains it): no longer than the column, VARCHAR(512). */
    public static final int REASON_FILTER = 512;

    private TextLimits() {
    }
}
