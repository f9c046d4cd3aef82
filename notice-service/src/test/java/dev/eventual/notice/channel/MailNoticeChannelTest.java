package dev.eventual.notice.channel;

import dev.eventual.common.messaging.OrderEventType;
import jakarta.mail.SendFailedException;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;
import org.springframework.mail.MailSendException;
import org.springframework.mail.javamail.JavaMailSenderImpl;

import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MailNoticeChannelTest {

    private static final Notice NOTICE = new Notice(42, OrderEventType.ORDER_CREATED, "user-7@example.com",
            "<order-42-order-created@eventual.notice>", "Order 42 received", "Order 42: 1 x SKU 3.\n");

    @Test
    void theMessageIdSurvivesSaveChanges() throws Exception {
        MimeMessage message = new MailNoticeChannel(new JavaMailSenderImpl(), "no-reply@eventual.example").message(NOTICE);

        message.saveChanges();
        message.saveChanges();

        assertThat(message.getHeader("Message-ID")).containsExactly("<order-42-order-created@eventual.notice>");
        assertThat(message.getAllRecipients()).extracting(Object::toString).containsExactly("user-7@example.com");
        assertThat(message.getFrom()).extracting(Object::toString).containsExactly("no-reply@eventual.example");
        assertThat(message.getSubject()).isEqualTo("Order 42 received");
        assertThat(message.getContent()).isEqualTo("Order 42: 1 x SKU 3.\n");
    }

    @Test
    void anAddressThatIsNoAddressIsRefusedWithoutTalkingToTheServer() {
        Recording sender = new Recording(null);
        MailNoticeChannel channel = new MailNoticeChannel(sender, "no-reply@eventual.example");

        for (String recipient : new String[]{"user 7 at nowhere", "", " ", "no-at-sign", "a@b@c", "<broken"}) {
            Notice notice = new Notice(42, OrderEventType.ORDER_CREATED, recipient, NOTICE.messageId(), "s", "b");
            assertThatThrownBy(() -> channel.send(notice)).as(recipient).isInstanceOf(NoticeRefusedException.class);
        }
        assertThat(sender.sent).isEmpty();
    }

    @Test
    void aServerRejectionIsARefusalAndAnUnreachableServerIsNot() {
        MailNoticeChannel rejecting = new MailNoticeChannel(new Recording(
                new MailSendException("rejected", new SendFailedException("550 5.1.1 User unknown"))), "no-reply@eventual.example");
        MailNoticeChannel unreachable = new MailNoticeChannel(new Recording(
                new MailSendException("Mail server connection failed", new ConnectException("Connection refused"))),
                "no-reply@eventual.example");

        assertThatThrownBy(() -> rejecting.send(NOTICE)).isInstanceOf(NoticeRefusedException.class);
        assertThatThrownBy(() -> unreachable.send(NOTICE)).isInstanceOf(MailSendException.class)
                .isNotInstanceOf(NoticeRefusedException.class);
    }

    @Test
    void anInvalidFromAddressStopsTheStartUp() {
        assertThatThrownBy(() -> new MailNoticeChannel(new JavaMailSenderImpl(), "not an address"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mail-from");
    }

    /** A sender that records what it is given, or fails as told. */
    private static final class Recording extends JavaMailSenderImpl {
        private final RuntimeException failure;
        private final List<MimeMessage> sent = new ArrayList<>();

        Recording(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        protected void doSend(MimeMessage[] messages, Object[] originals) {
            if (failure != null) {
                throw failure;
            }
            sent.addAll(List.of(messages));
        }
    }
}
