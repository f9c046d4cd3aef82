package dev.eventual.launcher.invariants;

import dev.eventual.infra.db.ServiceDatabase;

import dev.eventual.order.core.shard.OrderShards;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the check reads and how, from its command line, the environment (passwords) and the
 * {@link CheckDefaults}. Every database takes the common {@code --db-*} settings unless its own
 * options ({@code --order-db=HOST[:PORT]}, {@code --order-db-user}, ...) differ, as replicas do.
 * Passwords come from a file option or an environment variable, the database's own before the
 * common one, a file before the environment, and the defaults' last.
 */
record CheckOptions(List<DatabaseTarget> databases, int orderServers, TlsSettings tls, Map<Long, Integer> initialStock,
                    GateTarget gate) {

    static final String PASSWORD_VARIABLE = "EVENTUAL_CHECK_DB_PASSWORD";
    static final String TRUST_STORE_PASSWORD_VARIABLE = "EVENTUAL_CHECK_TRUST_STORE_PASSWORD";
    static final String REDIS_PASSWORD_VARIABLE = "EVENTUAL_CHECK_REDIS_PASSWORD";
    static final int REDIS_PORT = 6379;

    /** Every option name, without its leading {@code --}. */
    static final Set<String> NAMES = names();

    static CheckOptions from(CheckArguments arguments, CheckDefaults defaults, Map<String, String> env)
            throws UsageException {
        Map<String, String> given = arguments.values();
        String host = hostOf(given.getOrDefault("db-host", defaults.host()));
        int port = given.containsKey("db-port") ? port("--db-port", given.get("db-port")) : defaults.port();
        String user = given.getOrDefault("db-user", defaults.user());
        String password = password(given.get("db-password-file"), env.get(PASSWORD_VARIABLE));
        if (password == null) {
            password = defaults.password() == null ? "" : defaults.password();
        }
        List<DatabaseTarget> databases = new ArrayList<>();
        int orderServers = 1;
        for (ServiceDatabase database : ServiceDatabase.values()) {
            String option = option(database);
            String databasePassword = password(given.get(option + "-password-file"), env.get(passwordVariable(database)));
            String listed = given.get(option);
            // order_db split across servers: one address each, in the order of their logical-shard ranges
            List<String> addresses = listed == null ? Collections.singletonList(null)
                    : database == ServiceDatabase.ORDER ? List.of(listed.split(",", -1)) : List.of(listed);
            if (database == ServiceDatabase.ORDER) {
                orderServers = addresses.size();
            }
            for (String address : addresses) {
                String databaseHost = host;
                int databasePort = port;
                if (address != null) {
                    int colon = address.startsWith("[") ? address.indexOf(':', address.indexOf(']')) : address.indexOf(':');
                    if (!address.startsWith("[") && colon >= 0 && address.indexOf(':', colon + 1) >= 0) {
                        throw new UsageException("--" + option + "=" + address + ": write an IPv6 address in brackets, [::1]:3306");
                    }
                    if (address.isBlank()) {
                        throw new UsageException("--" + option + "=" + listed + ": an empty address");
                    }
                    databaseHost = hostOf(colon < 0 ? address : address.substring(0, colon));
                    databasePort = colon < 0 ? port : port("--" + option, address.substring(colon + 1));
                }
                databases.add(new DatabaseTarget(database.databaseName(), databaseHost, databasePort,
                        given.getOrDefault(option + "-user", user), databasePassword == null ? password : databasePassword));
            }
        }
        if (!OrderShards.isServerCount(orderServers)) {
            throw new UsageException("--order-db: order_db is split across a power of two of servers, not " + orderServers);
        }
        return new CheckOptions(databases, orderServers, tls(given, defaults, env),
                initialStock(given.getOrDefault("initial-stock", "")), gate(given, defaults, env));
    }

    /** {@code order-db} for order_db: the option naming the database's own settings. */
    static String option(ServiceDatabase database) {
        return database.databaseName().replace('_', '-');
    }

    /** {@code EVENTUAL_CHECK_ORDER_DB_PASSWORD} for order_db. */
    static String passwordVariable(ServiceDatabase database) {
        return "EVENTUAL_CHECK_" + database.databaseName().toUpperCase(Locale.ROOT) + "_PASSWORD";
    }

    private static Set<String> names() {
        Set<String> names = new LinkedHashSet<>(List.of("db-host", "db-port", "db-user", "db-password-file"));
        for (ServiceDatabase database : ServiceDatabase.values()) {
            String option = option(database);
            names.addAll(List.of(option, option + "-user", option + "-password-file"));
        }
        names.addAll(List.of("ssl-mode", "trust-store", "trust-store-type", "trust-store-password-file", "initial-stock",
                "redis", "redis-password-file", "gated-skus"));
        return Set.copyOf(names);
    }

    private static TlsSettings tls(Map<String, String> given, CheckDefaults defaults, Map<String, String> env)
            throws UsageException {
        SslMode sslMode = defaults.sslMode();
        if (given.containsKey("ssl-mode")) {
            try {
                sslMode = SslMode.valueOf(given.get("ssl-mode").toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--ssl-mode=" + given.get("ssl-mode")
                        + ": expected DISABLED, PREFERRED, REQUIRED, VERIFY_CA or VERIFY_IDENTITY");
            }
        }
        if (!given.containsKey("trust-store")) {
            for (String option : List.of("trust-store-type", "trust-store-password-file")) {
                if (given.containsKey(option)) {
                    throw new UsageException("--" + option + " needs --trust-store");
                }
            }
            return new TlsSettings(sslMode, null, null, null);
        }
        if (!sslMode.verifies()) {
            // the driver would ignore it and not verify anything: refuse rather than let it look verified
            throw new UsageException("--trust-store is only read with --ssl-mode=VERIFY_CA or VERIFY_IDENTITY (now "
                    + sslMode + ", which does not verify the server's certificate)");
        }
        Path trustStore = Path.of(given.get("trust-store")).toAbsolutePath();
        if (!Files.isRegularFile(trustStore) || !Files.isReadable(trustStore)) {
            throw new UsageException("--trust-store=" + given.get("trust-store") + ": no readable file");
        }
        return new TlsSettings(sslMode, trustStore, given.getOrDefault("trust-store-type", "PKCS12"),
                password(given.get("trust-store-password-file"), env.get(TRUST_STORE_PASSWORD_VARIABLE)));
    }

    /** {@code --redis=HOST[:PORT]}: the stock gate's checks too; null without it. */
    private static GateTarget gate(Map<String, String> given, CheckDefaults defaults, Map<String, String> env)
            throws UsageException {
        String address = given.get("redis");
        if (address == null) {
            for (String option : List.of("redis-password-file", "gated-skus")) {
                if (given.containsKey(option)) {
                    throw new UsageException("--" + option + " needs --redis=HOST[:PORT]");
                }
            }
            return null;
        }
        int colon = address.lastIndexOf(':');
        if (address.isBlank() || address.indexOf(':') != colon) {
            throw new UsageException("--redis=" + address + ": expected HOST or HOST:PORT");
        }
        String host = colon < 0 ? address : address.substring(0, colon);
        int port = colon < 0 ? REDIS_PORT : port("--redis", address.substring(colon + 1));
        Set<Long> skus = new LinkedHashSet<>();
        for (String sku : given.getOrDefault("gated-skus", "").split(",")) {
            if (sku.isBlank()) {
                continue;
            }
            try {
                skus.add(Long.parseLong(sku.trim()));
            } catch (NumberFormatException e) {
                throw new UsageException("--gated-skus: '" + sku + "' is no SKU; expected --gated-skus=1001,1002");
            }
        }
        String password = password(given.get("redis-password-file"), env.get(REDIS_PASSWORD_VARIABLE));
        return new GateTarget(host, port, password == null ? defaults.redisPassword() : password, Set.copyOf(skus));
    }

    /**
     * Where the stock gate's Redis is.
     *
     * @param password null when neither a file, the environment nor the defaults give one
     * @param skus     the gated SKUs to check; empty: every SKU the gate holds
     */
    record GateTarget(String host, int port, String password, Set<Long> skus) {

        @Override
        public String toString() {
            return "Redis " + host + ":" + port;
        }
    }

    /** The file's content without its line end, else the variable's value, else null. */
    private static String password(String file, String variable) throws UsageException {
        if (file == null) {
            return variable;
        }
        try {
            return Files.readString(Path.of(file), StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
        } catch (IOException e) {
            throw new UsageException("cannot read the password file " + file + ": " + e.getMessage());
        }
    }

    /** Connector/J wants an IPv6 address in brackets. */
    private static String hostOf(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    private static int port(String option, String value) throws UsageException {
        try {
            int port = Integer.parseInt(value);
            if (port >= 1 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below with the value
        }
        throw new UsageException(option + ": '" + value + "' is no port (1-65535)");
    }

    /** {@code sku:units,sku:units}. */
    private static Map<Long, Integer> initialStock(String list) throws UsageException {
        Map<Long, Integer> stock = new HashMap<>();
        for (String entry : list.split(",")) {
            if (entry.isBlank()) {
                continue;
            }
            String[] skuAndUnits = entry.split(":", 2);
            try {
                if (skuAndUnits.length != 2 || stock.put(Long.parseLong(skuAndUnits[0].trim()),
                        Integer.parseInt(skuAndUnits[1].trim())) != null) {
                    throw new NumberFormatException();
                }
            } catch (NumberFormatException e) {
                throw new UsageException("--initial-stock: '" + entry + "' is not sku:units (or names its SKU twice);"
                        + " expected --initial-stock=1001:100,1002:100");
            }
        }
        return stock;
    }
}
