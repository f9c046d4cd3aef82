package dev.eventual.notice.support;

import dev.eventual.notice.channel.Notice;
import dev.eventual.notice.channel.NoticeChannel;
import org.springframework.mail.MailSendException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The configured channel, except for orders a test marks as unreachable: their notices fail as an SMTP
 * connection failure does (a technical failure), while the others of the same batch still go out; or whose
 * server's reply a test makes lost: they go out, and fail as the same failure would after sending. The
 * real SMTP server cannot fail one mail of a batch and not the next.
 */
public class TestChannel implements NoticeChannel {

    private final NoticeChannel configured;
    private final Set<Long> unreachable = ConcurrentHashMap.newKeySet();
    private final Set<Long> lostReply = ConcurrentHashMap.newKeySet();

    public TestChannel(NoticeChannel configured) {
        this.configured = configured;
    }

    public void breakFor(long orderId) {
        unreachable.add(orderId);
    }

    public void repairFor(long orderId) {
        unreachable.remove(orderId);
        lostReply.remove(orderId);
    }

    /**
     * The mail server takes the order's notices, but its answer never arrives (the connection drops after DATA): the
     * mail is out, and the sender sees a technical failure, so the broker redelivers the event (at least once).
     */
    public void loseReplyFor(long orderId) {
        lostReply.add(orderId);
    }

    @Override
    public String name() {
        return configured.name();
    }

    @Override
    public void send(Notice notice) {
        if (unreachable.contains(notice.orderId())) {
            throw new MailSendException("Mail server connection failed (test): order " + notice.orderId());
        }
        configured.send(notice);
        if (lostReply.contains(notice.orderId())) {
            throw new MailSendException("Connection reset after the mail was accepted (test): order " + notice.orderId());
        }
    }
}
