package dev.eventual.notice.support;

import dev.eventual.notice.compose.RecipientResolver;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The configured pattern resolver, except for users a test marks as having a broken address on file:
 * for them it answers something that is not a mail address, which the mail channel refuses for good.
 */
public class TestRecipients implements RecipientResolver {

    private final RecipientResolver configured;
    private final Set<Long> broken = ConcurrentHashMap.newKeySet();

    public TestRecipients(RecipientResolver configured) {
        this.configured = configured;
    }

    public void breakAddressOf(long userId) {
        broken.add(userId);
    }

    public void fixAddressOf(long userId) {
        broken.remove(userId);
    }

    @Override
    public String recipientFor(long userId) {
        return broken.contains(userId) ? "user " + userId + " at nowhere" : configured.recipientFor(userId);
    }
}
