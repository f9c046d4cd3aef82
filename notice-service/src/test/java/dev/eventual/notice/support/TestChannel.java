package dev.eventual.notice.support;

import dev.eventual.notice.channel.Notice;
import dev.eventual.notice.channel.NoticeChannel;
import org.springframework.mail.MailSendException;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The configured channel, except for orders a test marks as unreachable: their notices fail as an SMTP
 * connection failure does (a technical failure), while the others of the same batch still go out. The
 * real SMTP server cannot fail one mail of a batch and not the next.
 */
public class TestChannel implements NoticeChannel {

    private final NoticeChannel configured;
    private final Set<Long> unreachable = ConcurrentHashMap.newKeySet();

    public TestChannel(NoticeChannel configured) {
        this.configured = configured;
    }

    public void breakFor(long orderId) {
        unreachable.add(orderId);
    }

    public void repairFor(long orderId) {
        unreachable.remove(orderId);
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
    }
}
