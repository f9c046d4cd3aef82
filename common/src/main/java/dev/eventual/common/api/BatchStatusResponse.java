package dev.eventual.common.api;

import dev.eventual.common.status.DownstreamStatus;

import java.util.Map;

/** One entry per requested order id; ids the service never saw are NOT_FOUND, never missing. */
public record BatchStatusResponse(Map<String, DownstreamStatus> statuses) {
}
