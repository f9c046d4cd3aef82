package dev.eventual.notice.delivery;

import dev.eventual.notice.store.NoticeStatus;

/**
 * The result of trying to claim a notice.
 *
 * @param claimed true when this caller is now the one sender
 * @param attempt the attempt number this caller holds (when claimed), or the row's (when not)
 * @param found   the row's status when not claimed: SUCCESS (already sent) or PROCESSING (held elsewhere)
 */
public record Claim(boolean claimed, int attempt, NoticeStatus found) {

    static Claim won(int attempt) {
        return new Claim(true, attempt, NoticeStatus.PROCESSING);
    }

    static Claim lost(int attempt, NoticeStatus found) {
        return new Claim(false, attempt, found);
    }
}
