package dev.eventual.common.api;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

import java.util.List;

/**
 * Up to {@link #MAX_EVENTS} events re-driven in one call, as the reconcile job sends a page's re-drives
 * of one kind; each is handled as the single re-drive endpoint would handle it, in order.
 *
 * @param <E> {@code OrderCreatedEvent} or {@code OrderCanceledEvent}
 */
public record RedriveBatch<E>(@NotEmpty @Size(max = MAX_EVENTS) List<@NotNull E> events) {

    public static final int MAX_EVENTS = 500;
}
