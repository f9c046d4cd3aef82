package dev.eventual.notice.channel;

/**
 * Delivers a notice. Implementations must tell the two kinds of failure apart: a permanent refusal
 * ({@link NoticeRefusedException}: sending again cannot help, the notice is recorded FAIL) and anything
 * else thrown (a technical failure: the notice stays PROCESSING and is tried again).
 */
public interface NoticeChannel {

    /** Short name stored in {@code notice_log.channel}. */
    String name();

    /** @throws NoticeRefusedException when this notice can never be delivered as it is */
    void send(Notice notice);
}
