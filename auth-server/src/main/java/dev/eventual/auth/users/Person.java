package dev.eventual.auth.users;

import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;

import java.io.Serial;
import java.util.Collection;
import java.util.List;

/**
 * Someone who signs in here: what the access token says of them ({@code sub}, {@code roles},
 * {@code customer_id}) comes from this.
 */
public final class Person implements UserDetails {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String username;
    private final String passwordHash;
    private final Role role;
    private final Long customerId;

    Person(String username, String passwordHash, Role role, Long customerId) {
        if ((role == Role.CUSTOMER) != (customerId != null)) {
            throw new IllegalArgumentException("user " + username + ": a customer needs a customer-id, and only a customer has one");
        }
        this.username = username;
        this.passwordHash = passwordHash;
        this.role = role;
        this.customerId = customerId;
    }

    public Role role() {
        return role;
    }

    /** The numeric id a customer's orders carry; null for operators and admins. */
    public Long customerId() {
        return customerId;
    }

    @Override
    public Collection<? extends GrantedAuthority> getAuthorities() {
        return List.of(new SimpleGrantedAuthority("ROLE_" + role.name()));
    }

    @Override
    public String getPassword() {
        return passwordHash;
    }

    @Override
    public String getUsername() {
        return username;
    }
}
