package dev.eventual.notice.channel;

/** {@code eventual.notice.channel}: where notices go. */
public enum ChannelType {
    /** One INFO log line per notice (default; needs nothing). */
    LOG,
    /** A plain-text mail over SMTP ({@code spring.mail.*}). */
    MAIL
}
