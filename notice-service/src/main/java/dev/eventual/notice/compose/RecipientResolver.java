package dev.eventual.notice.compose;

/**
 * Who receives a user's notices. The demo default is {@link PatternRecipientResolver}; a real
 * deployment plugs in its user directory by declaring its own bean of this type.
 */
public interface RecipientResolver {

    /** The address for this user; blank means none is known (the channel then refuses the notice). */
    String recipientFor(long userId);
}
