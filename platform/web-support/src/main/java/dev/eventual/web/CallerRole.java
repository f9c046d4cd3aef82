package dev.eventual.web;

import java.util.Locale;
import java.util.Optional;

/**
 * Who a caller is to the suite (docs/security.md, "Who may do what"): a person's role from the access
 * token's roles claim, or a service that presented the service token.
 */
public enum CallerRole {
    CUSTOMER,
    OPERATOR,
    ADMIN,
    /** Another service of the suite (the shared service token), never a person. */
    SERVICE;

    /** The Spring Security authority, {@code ROLE_CUSTOMER} and so on. */
    public String authority() {
        return "ROLE_" + name();
    }

    /** A roles-claim value ({@code customer}, {@code Operator}); service and unknown values are no role of a person. */
    static Optional<CallerRole> ofClaim(String value) {
        try {
            CallerRole role = valueOf(value.strip().toUpperCase(Locale.ROOT));
            return role == SERVICE ? Optional.empty() : Optional.of(role);
        } catch (IllegalArgumentException unknown) {
            return Optional.empty();
        }
    }
}
