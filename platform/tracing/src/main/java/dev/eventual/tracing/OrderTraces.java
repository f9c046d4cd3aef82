package dev.eventual.tracing;

import dev.eventual.common.api.TraceContextForm;
import io.micrometer.tracing.Span;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import org.slf4j.MDC;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Carries an order's W3C trace context over the hops Spring does not instrument: the half message
 * (a message user property), its message_log row (for the reconcile job's re-drives), and the batched
 * calls that speak for many orders at once (coalesced reports, batch re-drives), where each order
 * travels with its own {@code traceparent}. It also puts {@code orderId} in the MDC beside Micrometer
 * Tracing's {@code traceId}, so every log line about an order names both (docs/tracing.md).
 * <p>
 * With tracing turned off (a {@link Tracer#NOOP} tracer, no {@link Propagator}), nothing is carried
 * and only {@code orderId} reaches the logs.
 */
public class OrderTraces {

    /** The W3C trace context field: message user property, message_log column and JSON field alike. */
    public static final String TRACEPARENT = "traceparent";

    /** The MDC key of the order a log line is about. */
    public static final String ORDER_ID = "orderId";

    private static final Pattern VALID = Pattern.compile(TraceContextForm.PATTERN);

    private final Tracer tracer;
    private final Propagator propagator;

    public OrderTraces(Tracer tracer, Propagator propagator) {
        this.tracer = tracer;
        this.propagator = propagator;
    }

    /** The current span's {@code traceparent}; null when there is no span (tracing off, or no trace here). */
    public String current() {
        Span span = tracer.currentSpan();
        if (span == null) {
            return null;
        }
        Map<String, String> carrier = new HashMap<>(4);
        propagator.inject(span.context(), carrier, Map::put);
        return carrier.get(TRACEPARENT);
    }

    /**
     * Continues an order's trace on this thread: a span named {@code name}, child of {@code traceparent},
     * in scope until the returned scope is closed, with the order's id in the MDC. Without a valid
     * {@code traceparent} the span is a child of the current span, or starts a trace when there is none.
     */
    public OrderScope resume(String name, long orderId, String traceparent) {
        Span.Builder builder = valid(traceparent)
                ? propagator.extract(Map.of(TRACEPARENT, traceparent), (carrier, key) -> carrier.get(key))
                : tracer.spanBuilder();
        Span span = builder.name(name).tag(ORDER_ID, orderId).start();
        return new OrderScope(span, tracer.withSpan(span), inLogs(orderId));
    }

    /**
     * The order's id in the MDC until closed, in whatever trace is current (an HTTP request's, say);
     * closing restores the id that was there before, so scopes may nest.
     */
    public static OrderInLogs inLogs(long orderId) {
        String before = MDC.get(ORDER_ID);
        MDC.put(ORDER_ID, Long.toString(orderId));
        return () -> {
            if (before == null) {
                MDC.remove(ORDER_ID);
            } else {
                MDC.put(ORDER_ID, before);
            }
        };
    }

    /** True for a {@code traceparent} this suite may carry; anything else is dropped, never an error. */
    public static boolean valid(String traceparent) {
        return traceparent != null && traceparent.length() == TraceContextForm.LENGTH && VALID.matcher(traceparent).matches();
    }

    /** An order's span in scope and its id in the MDC; closing ends both. */
    public static final class OrderScope implements AutoCloseable {

        private final Span span;
        private final Tracer.SpanInScope inScope;
        private final OrderInLogs orderId;

        private OrderScope(Span span, Tracer.SpanInScope inScope, OrderInLogs orderId) {
            this.span = span;
            this.inScope = inScope;
            this.orderId = orderId;
        }

        @Override
        public void close() {
            orderId.close();
            inScope.close();
            span.end();
        }
    }

    /** {@link #inLogs}: an order's id in the MDC; closing never throws. */
    @FunctionalInterface
    public interface OrderInLogs extends AutoCloseable {

        @Override
        void close();
    }
}
