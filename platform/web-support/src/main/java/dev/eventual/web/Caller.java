package dev.eventual.web;

import java.util.Set;

/**
 * Who made the current request, as a controller parameter: the access token's subject (a person's user
 * name, or a service's client id), a person's roles and a customer's id, and the scopes the token was
 * granted. Audit rows name {@link #subject()}.
 *
 * @param customerId the numeric id a customer's orders carry; null for anyone else
 * @param scopes     the token's scopes ({@code scope} claim); a service acts by these
 */
public record Caller(String subject, Set<CallerRole> roles, Long customerId, Set<String> scopes) {

    public Caller {
        roles = Set.copyOf(roles);
        scopes = Set.copyOf(scopes);
    }

    public boolean is(CallerRole role) {
        return roles.contains(role);
    }

    public boolean has(String scope) {
        return scopes.contains(scope);
    }

    /** A customer and nothing more: sees and acts on its own orders only. */
    public boolean isCustomerOnly() {
        return roles.equals(Set.of(CallerRole.CUSTOMER));
    }
}
