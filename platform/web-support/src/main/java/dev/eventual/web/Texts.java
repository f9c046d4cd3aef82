package dev.eventual.web;

/**
 * Text cut to a column's width before it is stored. Here because web-support is the platform library
 * every service has; common holds contracts only.
 */
public final class Texts {

    private Texts() {
    }

    /** The text's first {@code max} characters; null stays null. */
    public static String truncate(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max);
    }
}
