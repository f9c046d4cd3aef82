package dev.eventual.web;

/** 64-bit ids arrive as decimal strings (JSON, paths, query parameters); this is their one parser. */
public final class Ids {

    private Ids() {
    }

    /** A positive 64-bit id; anything else is a 400 naming the input. */
    public static long parse(String name, String value) {
        if (value == null || !value.matches("[0-9]{1,19}")) {
            throw ApiProblemException.invalid(name, "must be a positive 64-bit integer");
        }
        try {
            long id = Long.parseLong(value);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // 19 digits above Long.MAX_VALUE: same answer as any other bad id
        }
        throw ApiProblemException.invalid(name, "must be a positive 64-bit integer");
    }
}
