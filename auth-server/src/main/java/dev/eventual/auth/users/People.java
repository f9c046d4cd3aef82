package dev.eventual.auth.users;

import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The configured users, their passwords hashed once at start (BCrypt), and the synthetic customers
 * {@code customer-<id>} when they are on. Those share one password hashed at BCrypt's lowest cost: a
 * load tool signs thousands of them in. A synthetic customer never has the id of a configured one:
 * the shared password would otherwise open that person's orders (issue 40), so {@code customer-1} does
 * not exist where alice is customer 1.
 */
@Component
class People implements UserDetailsService {

    static final Pattern SYNTHETIC = Pattern.compile("customer-([1-9][0-9]{0,18})");
    private static final int SYNTHETIC_COST = 4;

    private final Map<String, Person> configured;
    private final Set<Long> namedCustomers;
    private final String syntheticHash;

    People(AuthUsersProperties properties) {
        PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
        this.configured = properties.users().entrySet().stream().collect(Collectors.toUnmodifiableMap(Map.Entry::getKey,
                user -> new Person(user.getKey(), encoder.encode(user.getValue().password()), user.getValue().role(),
                        user.getValue().customerId())));
        this.namedCustomers = configured.values().stream().map(Person::customerId).filter(Objects::nonNull)
                .collect(Collectors.toUnmodifiableSet());
        this.syntheticHash = properties.syntheticCustomers().enabled()
                ? "{bcrypt}" + new BCryptPasswordEncoder(SYNTHETIC_COST).encode(properties.syntheticCustomers().password())
                : null;
    }

    @Override
    public Person loadUserByUsername(String username) {
        Person person = configured.get(username);
        if (person != null) {
            return person;
        }
        Matcher synthetic = SYNTHETIC.matcher(username);
        if (syntheticHash != null && synthetic.matches()) {
            try {
                long customerId = Long.parseLong(synthetic.group(1));
                if (!namedCustomers.contains(customerId)) {
                    return new Person(username, syntheticHash, Role.CUSTOMER, customerId);
                }
            } catch (NumberFormatException beyondLong) {
                // no order can carry it
            }
        }
        throw new UsernameNotFoundException("no such user");
    }
}
