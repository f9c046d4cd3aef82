package dev.eventual.common.api;

/**
 * What one cleanup call did to one table.
 *
 * @param table            the table cleaned
 * @param removed          records deleted by this call
 * @param caughtUp         false when the call's budget ran out with records past their retention left
 * @param oldestAgeSeconds the age of the oldest record left, by its last change; null for an empty table
 * @param keepSeconds      the table's retention
 */
public record CleanupResult(String table, long removed, boolean caughtUp, Long oldestAgeSeconds, long keepSeconds) {
}
