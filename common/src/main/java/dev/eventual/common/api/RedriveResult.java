package dev.eventual.common.api;

import dev.eventual.common.status.DownstreamStatus;

/** The downstream status of an order after a retry or release call. */
public record RedriveResult(String orderId, DownstreamStatus status, String detail) {
}
