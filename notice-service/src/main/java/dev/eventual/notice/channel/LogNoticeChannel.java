package dev.eventual.notice.channel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes one INFO line per notice: the demo channel, and the default. */
public class LogNoticeChannel implements NoticeChannel {

    private static final Logger log = LoggerFactory.getLogger(LogNoticeChannel.class);

    @Override
    public String name() {
        return "log";
    }

    @Override
    public void send(Notice notice) {
        if (notice.recipient() == null || notice.recipient().isBlank()) {
            throw new NoticeRefusedException("no recipient");
        }
        log.info("Order {}: {} notice to {}, message id {}: {}", notice.orderId(), notice.type(), notice.recipient(),
                notice.messageId(), notice.subject());
    }
}
