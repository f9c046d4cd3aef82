package dev.eventual.notice.compose;

/** Derives the address from a pattern: {@code user-{userId}@example.com} gives {@code user-42@example.com}. */
public class PatternRecipientResolver implements RecipientResolver {

    public static final String USER_ID = "{userId}";

    private final String pattern;

    public PatternRecipientResolver(String pattern) {
        if (pattern == null || pattern.isBlank()) {
            throw new IllegalArgumentException("eventual.notice.recipient-pattern must not be blank");
        }
        this.pattern = pattern.strip();
    }

    @Override
    public String recipientFor(long userId) {
        return pattern.replace(USER_ID, Long.toString(userId));
    }
}
