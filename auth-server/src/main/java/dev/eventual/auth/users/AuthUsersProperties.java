package dev.eventual.auth.users;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

import java.util.Map;

/**
 * The people this server knows ({@code eventual.auth.*}). None by default: the local suite makes its
 * demo users with passwords generated per data directory, compose takes them from {@code .env}, and a
 * deployment with its own identity provider runs no auth-server at all.
 *
 * @param users              by username: password (16+ characters), role, and for a customer the
 *                           numeric customer id its orders carry
 * @param syntheticCustomers when its password is set, {@code customer-<id>} signs in as customer
 *                           {@code <id>} for any positive id: the local suite's load tools and tests
 *                           act for thousands of customers this way
 */
@Validated
@ConfigurationProperties("eventual.auth")
public record AuthUsersProperties(Map<String, @Valid User> users, @Valid SyntheticCustomers syntheticCustomers) {

    public AuthUsersProperties {
        users = users == null ? Map.of() : Map.copyOf(users);
        syntheticCustomers = syntheticCustomers == null ? new SyntheticCustomers(null) : syntheticCustomers;
    }

    /**
     * @param customerId required for a customer, refused for anyone else
     */
    public record User(@NotNull @Size(min = 16) String password, @NotNull Role role, @Positive Long customerId) {
    }

    /** @param password null (the default) turns synthetic customers off */
    public record SyntheticCustomers(@Size(min = 16) String password) {

        boolean enabled() {
            return password != null;
        }
    }
}
