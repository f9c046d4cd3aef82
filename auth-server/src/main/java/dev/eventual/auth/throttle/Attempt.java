package dev.eventual.auth.throttle;

/**
 * One sign-in: the user name as typed and the client's address, as the throttle keys and the log
 * prints them. The name is the caller's to choose: it is trimmed as Spring Security trims it, cut to
 * {@value #LONGEST_NAME} characters (the tallies keep every name they see for a window; longer names
 * share the tally of their beginning) and its control characters replaced, so that it cannot forge a
 * log line.
 */
record Attempt(String userName, String address) {

    static final int LONGEST_NAME = 100;

    static Attempt of(String typedName, String address) {
        String name = typedName == null ? "" : typedName.trim();
        if (name.length() > LONGEST_NAME) {
            name = name.substring(0, LONGEST_NAME);
        }
        return new Attempt(name.replaceAll("\\p{Cntrl}", "?"), address == null ? "unknown" : address);
    }
}
