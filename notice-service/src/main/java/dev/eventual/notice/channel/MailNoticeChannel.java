package dev.eventual.notice.channel;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.springframework.mail.MailException;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.mail.javamail.JavaMailSenderImpl;

import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.Properties;

/**
 * Sends a notice as a plain-text mail through Spring's {@link JavaMailSender}. The mail carries the
 * notice's stable Message-ID, so a resend (at-least-once delivery) can be dropped by the receiver.
 */
public class MailNoticeChannel implements NoticeChannel {

    private final JavaMailSender sender;
    private final Session session;
    private final InternetAddress from;

    public MailNoticeChannel(JavaMailSender sender, String from) {
        this.sender = sender;
        this.session = sender instanceof JavaMailSenderImpl impl ? impl.getSession() : Session.getInstance(new Properties());
        try {
            this.from = new InternetAddress(from, true);
        } catch (AddressException e) {
            throw new IllegalArgumentException("eventual.notice.mail-from is not a valid address: " + from, e);
        }
    }

    @Override
    public String name() {
        return "mail";
    }

    @Override
    public void send(Notice notice) {
        MimeMessage message = message(notice);
        try {
            sender.send(message);
        } catch (MailException e) {
            if (MailFailures.isPermanent(e)) {
                throw new NoticeRefusedException("mail server refused it: " + e.getMessage(), e);
            }
            throw e;
        }
    }

    /** Builds the mail; an address that is not a valid RFC 822 address is refused for good. */
    MimeMessage message(Notice notice) {
        if (notice.recipient() == null || notice.recipient().isBlank()) {
            throw new NoticeRefusedException("no recipient");
        }
        InternetAddress to;
        try {
            to = new InternetAddress(notice.recipient(), true);
        } catch (AddressException e) {
            throw new NoticeRefusedException("invalid recipient address '" + notice.recipient() + "'", e);
        }
        try {
            MimeMessage message = new StableIdMimeMessage(session, notice.messageId());
            message.setFrom(from);
            message.setRecipient(MimeMessage.RecipientType.TO, to);
            message.setSubject(notice.subject(), StandardCharsets.UTF_8.name());
            message.setText(notice.body(), StandardCharsets.UTF_8.name());
            message.setSentDate(new Date());
            message.saveChanges();
            return message;
        } catch (MessagingException e) {
            throw new NoticeRefusedException("the mail could not be built: " + e.getMessage(), e);
        }
    }
}
