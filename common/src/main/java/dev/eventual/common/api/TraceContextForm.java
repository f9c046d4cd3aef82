package dev.eventual.common.api;

/**
 * The W3C trace context ({@code traceparent}, version 00) an order's trace travels with where one
 * call speaks for many orders (coalesced reports, batch re-drives): lower-case hex only, as the
 * Trace Context recommendation writes it (docs/tracing.md).
 */
public final class TraceContextForm {

    /** version 00, 32 hex digits of trace id, 16 of parent span id, 2 of flags. */
    public static final String PATTERN = "00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}";
    public static final String RULE = "must be a W3C traceparent (00-<32 hex>-<16 hex>-<2 hex>)";
    public static final int LENGTH = 55;

    private TraceContextForm() {
    }
}
