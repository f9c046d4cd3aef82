package dev.eventual.web;

import java.util.Locale;
import java.util.Optional;

/**
 * A person's role to the suite (docs/security.md, "Who may do what"), from the access token's roles
 * claim. A service is no role: it acts by the scopes of its client's token.
 */
public enum CallerRole {
    CUSTOMER,
    OPERATOR,
    ADMIN;

    /** The Spring Security authority, {@code ROLE_CUSTOMER} and so on. */
    public String authority() {
        return "ROLE_" + name();
    }

    /** A roles-claim value ({@code customer}, {@code Operator}); unknown values are no role. */
    static Optional<CallerRole> ofClaim(String value) {
        try {
            return Optional.of(valueOf(value.strip().toUpperCase(Locale.ROOT)));
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }
}
