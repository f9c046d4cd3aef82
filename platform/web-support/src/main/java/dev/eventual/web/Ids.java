package dev.eventual.web;

import dev.eventual.common.api.IdForm;

import java.util.regex.Pattern;

/** 64-bit ids arrive as decimal strings (JSON, paths, query parameters); this is their one parser. */
public final class Ids {

    private static final Pattern FORM = Pattern.compile(IdForm.PATTERN);

    private Ids() {
    }

    /** A positive 64-bit id in {@link IdForm}; anything else is a 400 naming the input. */
    public static long parse(String name, String value) {
        Long id = parseOrNull(value);
        if (id == null) {
            throw ApiProblemException.invalid(name, IdForm.RULE);
        }
        return id;
    }

    /** The id, or null when the value is not one. */
    static Long parseOrNull(String value) {
        if (value == null || !FORM.matcher(value).matches()) {
            return null;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return null; // 19 digits above Long.MAX_VALUE
        }
    }
}
