package dev.eventual.common.api;

import java.util.List;

/**
 * The results of a {@link RedriveBatch}, in the order of its events. A service may stop early (notice:
 * at the first channel failure, which it answers PROCESSING); the events after that have no result and
 * are to be re-driven again later.
 */
public record RedriveResults(List<RedriveResult> results) {
}
