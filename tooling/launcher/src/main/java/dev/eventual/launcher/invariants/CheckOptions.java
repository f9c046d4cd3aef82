package dev.eventual.launcher.invariants;

import dev.eventual.infra.db.ServiceDatabase;

import dev.eventual.order.core.shard.OrderShards;
import picocli.CommandLine.ParameterException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the check reads and how, from its command line ({@link CheckArguments}), the environment
 * (passwords) and the {@link CheckDefaults}. Every database takes the common {@code --db-*} settings unless its own
 * options ({@code --order-db=HOST[:PORT]}, {@code --order-db-user}, ...) differ, as replicas do.
 * Passwords come from a file option or an environment variable, the database's own before the
 * common one, a file before the environment, and the defaults' last.
 */
record CheckOptions(List<DatabaseTarget> databases, int orderServers, TlsSettings tls, Map<Long, Integer> initialStock,
                    int relayMaxAttempts, GateTarget gate, Retentions retentions) {

    static final String PASSWORD_VARIABLE = "EVENTUAL_CHECK_DB_PASSWORD";
    static final String TRUST_STORE_PASSWORD_VARIABLE = "EVENTUAL_CHECK_TRUST_STORE_PASSWORD";
    static final String REDIS_PASSWORD_VARIABLE = "EVENTUAL_CHECK_REDIS_PASSWORD";
    static final int REDIS_PORT = 6379;

    /** @throws ParameterException options that do not go together, or a password file that cannot be read */
    static CheckOptions from(CheckArguments given, CheckDefaults defaults, Map<String, String> env) {
        String password = password(given, given.passwordFile, env.get(PASSWORD_VARIABLE));
        if (password == null) {
            password = defaults.password() == null ? "" : defaults.password();
        }
        String host = CheckArguments.DatabaseAddress.hostOf(given.host);
        List<DatabaseTarget> databases = new ArrayList<>();
        int orderServers = 1;
        for (ServiceDatabase database : ServiceDatabase.values()) {
            String databasePassword = password(given, given.passwordFile(database), env.get(passwordVariable(database)));
            // order_db split across servers: one address each, in the order of their logical-shard ranges
            List<CheckArguments.DatabaseAddress> addresses = given.addresses(database);
            if (addresses == null) {
                addresses = List.of(new CheckArguments.DatabaseAddress(host, given.port));
            }
            if (database == ServiceDatabase.ORDER) {
                orderServers = addresses.size();
            }
            for (CheckArguments.DatabaseAddress address : addresses) {
                databases.add(new DatabaseTarget(database.databaseName(), address.host(),
                        address.port() == null ? given.port : address.port(),
                        given.user(database) == null ? given.user : given.user(database),
                        databasePassword == null ? password : databasePassword));
            }
        }
        if (!OrderShards.isServerCount(orderServers)) {
            throw given.refused("--order-db: order_db is split across a power of two of servers, not " + orderServers);
        }
        return new CheckOptions(databases, orderServers, tls(given, env), initialStock(given), given.relayMaxAttempts,
                gate(given, defaults, env), retentions(given));
    }

    /** {@code EVENTUAL_CHECK_ORDER_DB_PASSWORD} for order_db. */
    static String passwordVariable(ServiceDatabase database) {
        return "EVENTUAL_CHECK_" + database.databaseName().toUpperCase(Locale.ROOT) + "_PASSWORD";
    }

    private static TlsSettings tls(CheckArguments given, Map<String, String> env) {
        if (given.trustStore == null) {
            if (given.trustStoreType != null) {
                throw given.refused("--trust-store-type needs --trust-store");
            }
            if (given.trustStorePasswordFile != null) {
                throw given.refused("--trust-store-password-file needs --trust-store");
            }
            return new TlsSettings(given.sslMode, null, null, null);
        }
        if (!given.sslMode.verifies()) {
            // the driver would ignore it and not verify anything: refuse rather than let it look verified
            throw given.refused("--trust-store is only read with --ssl-mode=VERIFY_CA or VERIFY_IDENTITY (now "
                    + given.sslMode + ", which does not verify the server's certificate)");
        }
        Path trustStore = given.trustStore.toAbsolutePath();
        if (!Files.isRegularFile(trustStore) || !Files.isReadable(trustStore)) {
            throw given.refused("--trust-store=" + given.trustStore + ": no readable file");
        }
        return new TlsSettings(given.sslMode, trustStore, given.trustStoreType == null ? "PKCS12" : given.trustStoreType,
                password(given, given.trustStorePasswordFile, env.get(TRUST_STORE_PASSWORD_VARIABLE)));
    }

    /** {@code --redis=HOST[:PORT]}: the stock gate's checks too; null without it. */
    private static GateTarget gate(CheckArguments given, CheckDefaults defaults, Map<String, String> env) {
        if (given.redis == null) {
            if (given.redisPasswordFile != null) {
                throw given.refused("--redis-password-file needs --redis=HOST[:PORT]");
            }
            if (!given.gatedSkus.isEmpty()) {
                throw given.refused("--gated-skus needs --redis=HOST[:PORT]");
            }
            return null;
        }
        String password = password(given, given.redisPasswordFile, env.get(REDIS_PASSWORD_VARIABLE));
        return new GateTarget(given.redis.host(), given.redis.port(), password == null ? defaults.redisPassword() : password,
                Set.copyOf(given.gatedSkus));
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
    private static String password(CheckArguments given, Path file, String variable) {
        if (file == null) {
            return variable;
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
        } catch (IOException e) {
            throw given.refused("cannot read the password file " + file + ": " + e.getMessage());
        }
    }

    /** {@code --initial-stock=sku:units,...}: each SKU once. */
    private static Retentions retentions(CheckArguments given) {
        Map<String, Duration> changed = new HashMap<>();
        for (CheckArguments.TableRetention entry : given.retentions) {
            if (changed.put(entry.table(), entry.keep()) != null) {
                throw given.refused("--retention names " + entry.table() + " twice");
            }
        }
        return Retentions.DEFAULTS.with(changed);
    }

    private static Map<Long, Integer> initialStock(CheckArguments given) {
        Map<Long, Integer> stock = new HashMap<>();
        for (CheckArguments.InitialUnits entry : given.initialStock) {
            if (stock.put(entry.sku(), entry.units()) != null) {
                throw given.refused("--initial-stock: SKU " + entry.sku() + " is named twice");
            }
        }
        return stock;
    }
}
