package dev.eventual.notice.channel;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.eventual.common.messaging.OrderEventType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LogNoticeChannelTest {

    private final Logger logger = (Logger) LoggerFactory.getLogger(LogNoticeChannel.class);
    private final ListAppender<ILoggingEvent> lines = new ListAppender<>();

    @BeforeEach
    void capture() {
        lines.start();
        logger.addAppender(lines);
    }

    @AfterEach
    void release() {
        logger.detachAppender(lines);
    }

    @Test
    void writesOneInfoLineWithOrderTypeRecipientAndMessageId() {
        new LogNoticeChannel().send(new Notice(42, OrderEventType.ORDER_CANCELED, "user-7@example.com",
                "<order-42-order-canceled@eventual.notice>", "Order 42 canceled", "body"));

        assertThat(lines.list).hasSize(1);
        ILoggingEvent line = lines.list.get(0);
        assertThat(line.getLevel().toString()).isEqualTo("INFO");
        assertThat(line.getFormattedMessage()).contains("Order 42", "ORDER_CANCELED", "user-7@example.com",
                "<order-42-order-canceled@eventual.notice>");
    }

    @Test
    void refusesANoticeWithoutRecipient() {
        assertThatThrownBy(() -> new LogNoticeChannel().send(new Notice(42, OrderEventType.ORDER_CREATED, " ",
                "<order-42-order-created@eventual.notice>", "s", "b"))).isInstanceOf(NoticeRefusedException.class);
        assertThat(lines.list).isEmpty();
    }
}
