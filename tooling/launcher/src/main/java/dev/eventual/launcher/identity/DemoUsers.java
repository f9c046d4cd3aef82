package dev.eventual.launcher.identity;

import dev.eventual.infra.Secrets;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * The local suite's people (docs/security.md): customers alice (customer 1) and bob (customer 2),
 * operator olga, admin adam, and the synthetic customers {@code customer-<id>} of the load tools. Their
 * passwords are generated for each data directory, kept in a file only its owner may read, and shown
 * by the banner; nothing is well known.
 */
public record DemoUsers(String alice, String bob, String olga, String adam, String customers) {

    /** A demo person: username, role, and for a customer the id its orders carry. */
    public record Person(String username, String role, Long customerId) {
    }

    public static final List<Person> PEOPLE = List.of(new Person("alice", "CUSTOMER", 1L), new Person("bob", "CUSTOMER", 2L),
            new Person("olga", "OPERATOR", null), new Person("adam", "ADMIN", null));
    static final String FILE = "users.properties";
    private static final String CUSTOMERS = "customer-<id>";

    /** The passwords kept under {@code directory}, created at the first start (and always when not kept). */
    public static DemoUsers readOrCreate(Path directory, boolean keep) {
        Path file = directory.resolve(FILE);
        if (keep && Files.exists(file)) {
            return read(directory);
        }
        DemoUsers users = new DemoUsers(Secrets.random(), Secrets.random(), Secrets.random(), Secrets.random(), Secrets.random());
        users.store(file);
        return users;
    }

    /** The passwords a running suite keeps under {@code directory}. */
    public static DemoUsers read(Path directory) {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(directory.resolve(FILE), StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the demo users in " + directory.resolve(FILE)
                    + " (is this the data directory of a suite that has run?)", e);
        }
        return new DemoUsers(properties.getProperty("alice"), properties.getProperty("bob"), properties.getProperty("olga"),
                properties.getProperty("adam"), properties.getProperty(CUSTOMERS));
    }

    /** The password of a demo person or of {@code customer-<id>}. */
    public String passwordOf(String username) {
        return switch (username) {
            case "alice" -> alice;
            case "bob" -> bob;
            case "olga" -> olga;
            case "adam" -> adam;
            default -> {
                if (username.matches("customer-[1-9][0-9]{0,18}")) {
                    yield customers;
                }
                throw new IllegalArgumentException("no such user in the local suite: " + username
                        + " (alice, bob, olga, adam or customer:<id>)");
            }
        };
    }

    /** The auth-server arguments that make these users. */
    public List<String> serverArgs() {
        List<String> args = new java.util.ArrayList<>();
        for (Person person : PEOPLE) {
            String prefix = "--eventual.auth.users." + person.username() + ".";
            args.add(prefix + "password=" + passwordOf(person.username()));
            args.add(prefix + "role=" + person.role());
            if (person.customerId() != null) {
                args.add(prefix + "customer-id=" + person.customerId());
            }
        }
        args.add("--eventual.auth.synthetic-customers.password=" + customers);
        return args;
    }

    private void store(Path file) {
        Properties properties = new Properties();
        properties.setProperty("alice", alice);
        properties.setProperty("bob", bob);
        properties.setProperty("olga", olga);
        properties.setProperty("adam", adam);
        properties.setProperty(CUSTOMERS, customers);
        OwnerOnlyFile.write(file, properties, "the local suite's demo users (docs/security.md); delete to get new passwords");
    }
}
