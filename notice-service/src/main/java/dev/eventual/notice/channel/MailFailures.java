package dev.eventual.notice.channel;

import jakarta.mail.MessagingException;
import jakarta.mail.SendFailedException;
import org.springframework.mail.MailException;
import org.springframework.mail.MailParseException;
import org.springframework.mail.MailPreparationException;
import org.springframework.mail.MailSendException;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Tells a permanent mail failure (sending the same mail again cannot help) from a technical one.
 * Permanent: the message cannot be built, or the server rejected the recipient or the message with a
 * 5xx reply. Everything else (no connection, timeouts, 4xx replies, authentication) is technical.
 */
final class MailFailures {

    /** SMTP replies start with a three-digit code; 5yz is a permanent negative completion (RFC 5321 §4.2.1). */
    private static final Pattern PERMANENT_REPLY = Pattern.compile("^5\\d\\d[ -].*", Pattern.DOTALL);

    private MailFailures() {
    }

    static boolean isPermanent(MailException failure) {
        if (failure instanceof MailParseException || failure instanceof MailPreparationException) {
            return true;
        }
        if (!(failure instanceof MailSendException send)) {
            return false;
        }
        List<Throwable> roots = new ArrayList<>(List.of(send.getMessageExceptions()));
        roots.add(send);
        for (Throwable root : roots) {
            for (Throwable t : chain(root)) {
                if (t instanceof SendFailedException rejected && isPermanent(rejected)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean isPermanent(SendFailedException rejected) {
        boolean invalidRecipients = rejected.getInvalidAddresses() != null && rejected.getInvalidAddresses().length > 0;
        return invalidRecipients || (rejected.getMessage() != null && PERMANENT_REPLY.matcher(rejected.getMessage()).matches());
    }

    /** The cause chain, following JavaMail's own {@code getNextException} links too. */
    private static List<Throwable> chain(Throwable root) {
        List<Throwable> chain = new ArrayList<>();
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        List<Throwable> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            Throwable t = pending.remove(pending.size() - 1);
            if (t == null || seen.put(t, Boolean.TRUE) != null) {
                continue;
            }
            chain.add(t);
            pending.add(t.getCause());
            if (t instanceof MessagingException messaging) {
                pending.add(messaging.getNextException());
            }
        }
        return chain;
    }
}
