package dev.eventual.notice.delivery;

import dev.eventual.notice.store.NoticeStatus;

/**
 * The result of trying to claim a notice.
 *
 * @param claimed true when this caller is now the one sender
 * @param attempt the attempt number this caller holds (when claimed), or the row's (when not)
 * @param found   the row's status when not claimed: SUCCESS (already sent), PROCESSING (held elsewhere) or REFUSED
 *                (its event came after the retention: this caller wrote the refusal, or found it)
 * @param refusal why it is REFUSED, as its row keeps it; null otherwise
 */
public record Claim(boolean claimed, int attempt, NoticeStatus found, String refusal) {

    static Claim won(int attempt) {
        return new Claim(true, attempt, NoticeStatus.PROCESSING, null);
    }

    static Claim lost(int attempt, NoticeStatus found) {
        return new Claim(false, attempt, found, null);
    }

    static Claim refused(int attempt, String refusal) {
        return new Claim(false, attempt, NoticeStatus.REFUSED, refusal);
    }
}
