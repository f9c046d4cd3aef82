package dev.eventual.launcher.invariants;

import dev.eventual.infra.db.ServiceDatabase;
import org.springframework.boot.convert.DurationStyle;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The check's command line as typed, read by picocli: each option as {@code --name=VALUE} or
 * {@code --name VALUE}, once. No option takes a password: a command line is visible to every user of
 * the machine ({@code ps}); passwords come from files or the environment ({@link CheckOptions}). The
 * values a connection needs are checked here (ports, addresses, SKUs), how options go together in
 * {@link CheckOptions}.
 */
@Command(name = "./check-invariants.sh", sortOptions = false, abbreviateSynopsis = true, usageHelpAutoWidth = true,
        description = {"Checks the invariants of a running Eventual stack by reading order_db, inventory_db and notice_db"
                + " (SELECT only), and prints every violation with its order or SKU. ./run-local.sh --check checks the"
                + " local suite, with its defaults. docs/invariant-checker.md has more.", ""},
        footer = {"", "Passwords are never taken on the command line: other users of the machine can read it."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no violation", "1:violations found", "2:bad command line",
                "3:a database could not be reached, logged into or read (or Redis, with --redis)"})
final class CheckArguments {

    @Option(names = "--db-host", paramLabel = "HOST",
            description = "every database's host (default ${DEFAULT-VALUE})")
    String host;

    @Option(names = "--db-port", paramLabel = "PORT", converter = Port.class,
            description = "every database's port (default ${DEFAULT-VALUE})")
    int port;

    @Option(names = "--db-user", paramLabel = "USER",
            description = "every database's account (default ${DEFAULT-VALUE}); a SELECT grant is enough")
    String user;

    @Option(names = "--db-password-file", paramLabel = "FILE",
            description = "the password, from a file; or the variable " + CheckOptions.PASSWORD_VARIABLE)
    Path passwordFile;

    @Option(names = "--order-db", paramLabel = "HOST[:PORT]", split = ",",
            description = {"where order_db is, if not on --db-host/--db-port (e.g. a replica); split across servers:"
                    + " HOST:PORT,HOST:PORT in shard order (eventual.order-db.shard-urls), reported per server and in total"})
    List<DatabaseAddress> orderDb;

    @Option(names = "--inventory-db", paramLabel = "HOST[:PORT]",
            description = "likewise inventory_db; IPv6 as [::1]:3306")
    DatabaseAddress inventoryDb;

    @Option(names = "--notice-db", paramLabel = "HOST[:PORT]",
            description = "likewise notice_db")
    DatabaseAddress noticeDb;

    @Option(names = "--order-db-user", paramLabel = "USER",
            description = "order_db's own account")
    String orderDbUser;

    @Option(names = "--inventory-db-user", paramLabel = "USER",
            description = "inventory_db's own account")
    String inventoryDbUser;

    @Option(names = "--notice-db-user", paramLabel = "USER",
            description = "notice_db's own account")
    String noticeDbUser;

    @Option(names = "--order-db-password-file", paramLabel = "FILE",
            description = "order_db's own password; or EVENTUAL_CHECK_ORDER_DB_PASSWORD")
    Path orderDbPasswordFile;

    @Option(names = "--inventory-db-password-file", paramLabel = "FILE",
            description = "inventory_db's own password; or EVENTUAL_CHECK_INVENTORY_DB_PASSWORD")
    Path inventoryDbPasswordFile;

    @Option(names = "--notice-db-password-file", paramLabel = "FILE",
            description = "notice_db's own password; or EVENTUAL_CHECK_NOTICE_DB_PASSWORD")
    Path noticeDbPasswordFile;

    @Option(names = "--ssl-mode", paramLabel = "MODE",
            description = "${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
    SslMode sslMode;

    @Option(names = "--trust-store", paramLabel = "FILE",
            description = "for VERIFY_*: the trusted CA certificates (default: the JVM's own)")
    Path trustStore;

    @Option(names = "--trust-store-type", paramLabel = "TYPE",
            description = "PKCS12 (default) or JKS")
    String trustStoreType;

    @Option(names = "--trust-store-password-file", paramLabel = "FILE",
            description = "or the variable " + CheckOptions.TRUST_STORE_PASSWORD_VARIABLE)
    Path trustStorePasswordFile;

    @Option(names = "--initial-stock", paramLabel = "SKU:UNITS", split = ",",
            description = "check stock conservation for these SKUs, which started with these units")
    List<InitialUnits> initialStock = List.of();

    @Option(names = "--relay-max-attempts", paramLabel = "SENDS", converter = Sends.class,
            description = {"the relay's eventual.order.relay.max-attempts (default ${DEFAULT-VALUE}, the relay's own):"
                    + " an event still WAITING for the broker after that many sends, without a work order, is a violation"})
    int relayMaxAttempts;

    @Option(names = "--retention", paramLabel = "TABLE=DURATION", split = ",",
            description = {"a cleaned table's retention where it is set otherwise than by default (docs/retention.md),"
                    + " e.g. --retention=inventory_deduct_log=7d,notice_log=7d: what it may have cleaned is not missing,"
                    + " and a row older than twice it is a violation"})
    List<TableRetention> retentions = List.of();

    @Option(names = "--redis", paramLabel = "HOST[:PORT]",
            description = "also check the stock gate in this Redis (port " + CheckOptions.REDIS_PORT + " by default):"
                    + " per gated SKU, count + reservations = stock and no reservation left")
    RedisAddress redis;

    @Option(names = "--redis-password-file", paramLabel = "FILE",
            description = "its password; or the variable " + CheckOptions.REDIS_PASSWORD_VARIABLE
                    + " (./run-local.sh --check: else the one the data directory keeps)")
    Path redisPasswordFile;

    @Option(names = "--gated-skus", paramLabel = "SKU", split = ",", converter = Sku.class,
            description = "the gated SKUs to check (default: every SKU the gate holds)")
    Set<Long> gatedSkus = Set.of();

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;

    private final CommandLine commandLine;

    /** The defaults fill what the command line leaves out, and are what {@code --help} shows. */
    private CheckArguments(CheckDefaults defaults) {
        commandLine = new CommandLine(this).setCaseInsensitiveEnumValuesAllowed(true)
                .registerConverter(String.class, CheckArguments::nonEmpty)
                .registerConverter(DatabaseAddress.class, DatabaseAddress::parse)
                .registerConverter(RedisAddress.class, RedisAddress::parse)
                .registerConverter(InitialUnits.class, InitialUnits::parse)
                .registerConverter(TableRetention.class, TableRetention::parse)
                .setDefaultValueProvider(argument -> argument instanceof CommandLine.Model.OptionSpec option
                        ? switch (option.longestName()) {
                            case "--db-host" -> defaults.host();
                            case "--db-port" -> String.valueOf(defaults.port());
                            case "--db-user" -> defaults.user();
                            case "--ssl-mode" -> defaults.sslMode().name();
                            case "--relay-max-attempts" -> String.valueOf(InvariantChecker.RELAY_MAX_ATTEMPTS);
                            default -> null;
                        } : null);
    }

    /**
     * @throws ParameterException a command line the check cannot run with; its message names the option
     *                            and says what to change (exit code 2)
     */
    static CheckArguments parse(List<String> args, CheckDefaults defaults) {
        CheckArguments arguments = new CheckArguments(defaults);
        try {
            arguments.commandLine.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.UnmatchedArgumentException e) {
            String unknown = e.getUnmatched().get(0);
            String name = unknown.contains("=") ? unknown.substring(0, unknown.indexOf('=')) : unknown;
            if (name.endsWith("password")) {
                // the message must not repeat what follows the name: it is the password
                throw arguments.refused(name + ": passwords are not taken on the command line (every user of the"
                        + " machine sees it); use the environment variable or the --...-password-file option (--help)");
            }
            throw e;
        }
        return arguments;
    }

    String usage() {
        return commandLine.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    ParameterException refused(String message) {
        return new ParameterException(commandLine, message);
    }

    /** The addresses {@code --order-db} and the like give for a database; null for its default. */
    List<DatabaseAddress> addresses(ServiceDatabase database) {
        return switch (database) {
            case ORDER -> orderDb;
            case INVENTORY -> inventoryDb == null ? null : List.of(inventoryDb);
            case NOTICE -> noticeDb == null ? null : List.of(noticeDb);
        };
    }

    /** {@code --order-db-user} and the like; null for the common {@code --db-user}. */
    String user(ServiceDatabase database) {
        return switch (database) {
            case ORDER -> orderDbUser;
            case INVENTORY -> inventoryDbUser;
            case NOTICE -> noticeDbUser;
        };
    }

    /** {@code --order-db-password-file} and the like; null without it. */
    Path passwordFile(ServiceDatabase database) {
        return switch (database) {
            case ORDER -> orderDbPasswordFile;
            case INVENTORY -> inventoryDbPasswordFile;
            case NOTICE -> noticeDbPasswordFile;
        };
    }

    /** A database's {@code HOST[:PORT]}; port null for {@code --db-port}'s. Connector/J wants IPv6 in brackets. */
    record DatabaseAddress(String host, Integer port) {

        static DatabaseAddress parse(String address) {
            if (address.isBlank()) {
                throw new TypeConversionException("an empty address");
            }
            int colon = address.startsWith("[") ? address.indexOf(':', address.indexOf(']')) : address.indexOf(':');
            if (!address.startsWith("[") && colon >= 0 && address.indexOf(':', colon + 1) >= 0) {
                throw new TypeConversionException("'" + address + "': write an IPv6 address in brackets, [::1]:3306");
            }
            return new DatabaseAddress(hostOf(colon < 0 ? address : address.substring(0, colon)),
                    colon < 0 ? null : Port.parse(address.substring(colon + 1)));
        }

        /** Connector/J wants an IPv6 address in brackets. */
        static String hostOf(String host) {
            return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        }
    }

    /** The stock gate's Redis, {@code HOST[:PORT]}. */
    record RedisAddress(String host, int port) {

        static RedisAddress parse(String address) {
            int colon = address.lastIndexOf(':');
            if (address.isBlank() || address.indexOf(':') != colon) {
                throw new TypeConversionException("'" + address + "': expected HOST or HOST:PORT");
            }
            return colon < 0 ? new RedisAddress(address, CheckOptions.REDIS_PORT)
                    : new RedisAddress(address.substring(0, colon), Port.parse(address.substring(colon + 1)));
        }
    }

    /** One {@code SKU:UNITS} of {@code --initial-stock}. */
    record InitialUnits(long sku, int units) {

        static InitialUnits parse(String entry) {
            String[] skuAndUnits = entry.split(":", 2);
            try {
                if (skuAndUnits.length == 2) {
                    return new InitialUnits(Long.parseLong(skuAndUnits[0].trim()), Integer.parseInt(skuAndUnits[1].trim()));
                }
            } catch (NumberFormatException e) {
                // refused below with the entry
            }
            throw new TypeConversionException("'" + entry + "' is not sku:units; expected --initial-stock=1001:100,1002:100");
        }
    }

    record TableRetention(String table, Duration keep) {

        static TableRetention parse(String entry) {
            String[] tableAndKeep = entry.split("=", 2);
            if (tableAndKeep.length == 2 && Retentions.DEFAULTS.keep().containsKey(tableAndKeep[0].trim())) {
                try {
                    Duration keep = DurationStyle.detectAndParse(tableAndKeep[1].trim());
                    if (!keep.isNegative() && !keep.isZero()) {
                        return new TableRetention(tableAndKeep[0].trim(), keep);
                    }
                } catch (IllegalArgumentException e) {
                    // refused below with the entry
                }
            }
            throw new TypeConversionException("'" + entry + "' is not table=duration of a cleaned table ("
                    + String.join(", ", new TreeSet<>(Retentions.DEFAULTS.keep().keySet()))
                    + "); expected e.g. --retention=inventory_deduct_log=7d");
        }
    }

    static final class Port implements ITypeConverter<Integer> {

        @Override
        public Integer convert(String value) {
            return parse(value);
        }

        static int parse(String value) {
            try {
                int port = Integer.parseInt(value);
                if (port >= 1 && port <= 65_535) {
                    return port;
                }
            } catch (NumberFormatException e) {
                // refused below with the value
            }
            throw new TypeConversionException("'" + value + "' is no port (1-65535)");
        }
    }

    static final class Sends implements ITypeConverter<Integer> {

        @Override
        public Integer convert(String value) {
            try {
                int sends = Integer.parseInt(value.trim());
                if (sends >= 1) {
                    return sends;
                }
            } catch (NumberFormatException e) {
                // refused below with the value
            }
            throw new TypeConversionException("'" + value + "' is no number of sends (1 or more)");
        }
    }

    static final class Sku implements ITypeConverter<Long> {

        @Override
        public Long convert(String value) {
            try {
                return Long.parseLong(value.trim());
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is no SKU; expected --gated-skus=1001,1002");
            }
        }
    }

    /** {@code --db-host=} is a mistake, not a host. */
    private static String nonEmpty(String value) {
            if (value.isEmpty()) {
            throw new TypeConversionException("a value is needed");
        }
        return value;
    }
}
