package dev.eventual.auth.users;

/**
 * Who a person is to the suite (docs/security.md, "Who may do what"). Access tokens carry it in the
 * {@code roles} claim in lower case, the form the services map to {@code ROLE_CUSTOMER} and so on.
 */
public enum Role {
    CUSTOMER,
    OPERATOR,
    ADMIN;

    /** As the claim carries it. */
    public String claimValue() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
