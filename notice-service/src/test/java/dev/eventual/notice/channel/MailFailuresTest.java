package dev.eventual.notice.channel;

import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import jakarta.mail.internet.InternetAddress;
import org.junit.jupiter.api.Test;
import org.springframework.mail.MailAuthenticationException;
import org.springframework.mail.MailParseException;
import org.springframework.mail.MailPreparationException;
import org.springframework.mail.MailSendException;

import java.net.ConnectException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class MailFailuresTest {

    private static final Address[] NONE = new Address[0];

    @Test
    void aMailThatCannotBeBuiltIsPermanent() {
        assertThat(MailFailures.isPermanent(new MailParseException("bad header"))).isTrue();
        assertThat(MailFailures.isPermanent(new MailPreparationException("bad content"))).isTrue();
    }

    @Test
    void noConnectionOrAuthenticationIsTechnical() {
        MailSendException connection = new MailSendException("Mail server connection failed",
                new MessagingException("Couldn't connect to host", new ConnectException("Connection refused")));

        assertThat(MailFailures.isPermanent(connection)).isFalse();
        assertThat(MailFailures.isPermanent(new MailAuthenticationException("535 auth failed"))).isFalse();
    }

    @Test
    void aRejectedRecipientIsPermanent() throws Exception {
        SendFailedException rejected = new SendFailedException("Invalid Addresses", null, NONE, NONE,
                new Address[]{new InternetAddress("nobody@example.com")});

        assertThat(MailFailures.isPermanent(new MailSendException(Map.of(new Object(), rejected)))).isTrue();
    }

    @Test
    void aPermanentReplyFoundDownTheChainIsPermanent() {
        SendFailedException top = new SendFailedException("Message not sent", null, NONE, NONE, NONE);
        top.setNextException(new SendFailedException("554 5.7.1 Message rejected as spam"));

        assertThat(MailFailures.isPermanent(new MailSendException(Map.of(new Object(), top)))).isTrue();
        assertThat(MailFailures.isPermanent(new MailSendException("failed",
                new SendFailedException("550 5.1.1 User unknown")))).isTrue();
    }

    @Test
    void aTransientReplyIsTechnical() {
        SendFailedException busy = new SendFailedException("451 4.3.0 Try again later");
        SendFailedException mailboxFull = new SendFailedException("452 4.2.2 Mailbox full", null, NONE, NONE, NONE);

        assertThat(MailFailures.isPermanent(new MailSendException(Map.of(new Object(), busy)))).isFalse();
        assertThat(MailFailures.isPermanent(new MailSendException(Map.of(new Object(), mailboxFull)))).isFalse();
        assertThat(MailFailures.isPermanent(new MailSendException("5000 bytes written", busy))).isFalse();
    }
}
