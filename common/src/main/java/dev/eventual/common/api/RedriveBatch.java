package dev.eventual.common.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/**
 * Up to {@link #MAX_EVENTS} events re-driven in one call, as the reconcile job sends a page's re-drives
 * of one kind; each is handled in order, as its consumer would have handled the event.
 *
 * @param traceparents optional: each event's order trace, by position (docs/tracing.md); an entry
 *                     may be null, the list may be absent, but it never has another length
 * @param <E>          {@code OrderCreatedEvent} or {@code OrderCanceledEvent}
 */
public record RedriveBatch<E>(
        @NotEmpty @Size(max = MAX_EVENTS) List<@NotNull E> events,
        List<@Pattern(regexp = TraceContextForm.PATTERN, message = TraceContextForm.RULE) String> traceparents) {

    public static final int MAX_EVENTS = 500;

    /** A validation rule, not a field: never written to JSON, so a strict reader sees no unknown property. */
    @JsonIgnore
    @AssertTrue(message = "traceparents must have one entry per event when present")
    public boolean isTraceparentsOnePerEvent() {
        return traceparents == null || events == null || traceparents.size() == events.size();
    }

    /** The trace of the {@code i}th event; null when it came without one. */
    public String traceparentOf(int i) {
        return traceparents == null ? null : traceparents.get(i);
    }
}
