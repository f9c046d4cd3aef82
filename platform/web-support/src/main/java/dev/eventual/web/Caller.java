package dev.eventual.web;

import java.util.Set;

/**
 * Who made the current request, as a controller parameter: the access token's subject and roles, and a
 * customer's id; or the service that presented the service token. Audit rows name {@link #subject()}.
 *
 * @param customerId the numeric id a customer's orders carry; null for anyone else
 */
public record Caller(String subject, Set<CallerRole> roles, Long customerId) {

    public Caller {
        roles = Set.copyOf(roles);
    }

    public boolean is(CallerRole role) {
        return roles.contains(role);
    }

    /** A customer and nothing more: sees and acts on its own orders only. */
    public boolean isCustomerOnly() {
        return roles.equals(Set.of(CallerRole.CUSTOMER));
    }
}
