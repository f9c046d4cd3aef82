package dev.eventual.notice.channel;

import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;

/**
 * A MimeMessage whose Message-ID survives {@link #saveChanges()}: JavaMail replaces the header with
 * a random one in {@link #updateMessageID()}, which would defeat the receiver's deduplication of a resend.
 */
final class StableIdMimeMessage extends MimeMessage {

    static final String MESSAGE_ID = "Message-ID";

    private final String messageId;

    StableIdMimeMessage(Session session, String messageId) {
        super(session);
        this.messageId = messageId;
    }

    @Override
    protected void updateMessageID() throws MessagingException {
        setHeader(MESSAGE_ID, messageId);
    }
}
