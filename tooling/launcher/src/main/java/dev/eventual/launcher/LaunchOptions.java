package dev.eventual.launcher;

import dev.eventual.order.core.shard.OrderShards;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;
import picocli.CommandLine.Unmatched;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ./run-local.sh}'s command line (docs/running-locally.md), read by picocli. Its own options are
 * {@code --gate}, {@code --order-shards=N} and {@code --token=WHO}; every other {@code --key=value} is a
 * Spring property for every service, which picocli hands over unmatched. {@code --check} and
 * {@code check} are dispatched before it ({@link LocalLauncher}).
 */
@Command(name = "run-local.sh", sortOptions = false, usageHelpAutoWidth = true, synopsisHeading = "Usage:%n",
        customSynopsis = {"  ./run-local.sh [--gate] [--order-shards=N] [--key=value ...]", "  ./run-local.sh --token=WHO",
                "  ./run-local.sh --check [OPTIONS]   (./run-local.sh --check --help lists them)", ""},
        description = {"Runs the whole suite on this machine: embedded MariaDB, RocketMQ and Redis, the auth-server and the"
                + " four services (docs/running-locally.md). Any other --key=value is a Spring property given to every"
                + " service,", "e.g. --eventual.notice.channel=log.", ""},
        footer = {"", "Environment: EVENTUAL_DATA_DIR (default .local-data), EVENTUAL_BIND_ADDRESS,",
                "EVENTUAL_LOCAL_DB_PASSWORD, EVENTUAL_GATE_ENABLED, EVENTUAL_PORT_OFFSET (every port + N)."})
final class LaunchOptions {

    /** The same switch as {@code --gate} from the environment, as the services and the compose stack read it. */
    static final String GATE_ENV = "EVENTUAL_GATE_ENABLED";
    /** Exit code of a command line that cannot be run (picocli's {@link CommandLine.ExitCode#USAGE}). */
    static final int USAGE = CommandLine.ExitCode.USAGE;
    /** The most order_db servers the local suite starts (docs/running-locally.md: 1, 2, 4 or 8). */
    private static final int MAX_ORDER_SERVERS = 8;

    @Option(names = "--gate", description = "the stock gate on in order- and inventory-service (docs/stock-gate.md);"
            + " also EVENTUAL_GATE_ENABLED=true; --gate=false keeps it off whatever the variable says")
    private Boolean gate;

    @Option(names = "--order-shards", paramLabel = "N", converter = ServerCount.class,
            description = "order_db split by customer across N MariaDB servers from port 13306 on: 1, 2, 4 or 8"
                    + " (default: as many as the data directory was started with)")
    private int orderServers;

    @Option(names = "--token", paramLabel = "WHO", description = "prints an access token of the running suite and nothing"
            + " else: alice, bob, olga, adam, customer:<id> or the payment provider's client payment-provider;"
            + " TOKEN=$(./run-local.sh --token=alice)")
    private String token;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    private boolean help;

    @Unmatched
    private List<String> properties = new ArrayList<>();

    private final CommandLine commandLine = new CommandLine(this);

    private LaunchOptions() {
    }

    /** @throws ParameterException a command line that cannot be run; its message names the option */
    static LaunchOptions parse(List<String> args) {
        LaunchOptions options = new LaunchOptions();
        options.commandLine.parseArgs(args.toArray(String[]::new));
        for (String property : options.properties) {
            if (!property.startsWith("--") || !property.contains("=")) {
                throw new ParameterException(options.commandLine,
                        "'" + property + "' is not --gate, --order-shards=N, --token=WHO nor a --spring.property=value");
            }
        }
        if (options.token != null && (options.gate != null || options.orderServers > 0 || !options.properties.isEmpty())) {
            throw new ParameterException(options.commandLine, "--token takes no other option: it only signs in");
        }
        return options;
    }

    boolean helpRequested() {
        return help;
    }

    void printUsage() {
        commandLine.usage(System.out);
    }

    /** Who {@code --token=WHO} asks a token for; null without it. */
    String token() {
        return token;
    }

    /** How many servers {@code --order-shards=N} asks for; 0 without it (then the data directory's own number, {@link OrderServersMark}). */
    int orderServers() {
        return orderServers;
    }

    /**
     * The Spring properties every service gets: the user's {@code --key=value} arguments, and the gate
     * switched on by {@code --gate} or {@code EVENTUAL_GATE_ENABLED=true} (the flag, {@code --gate=false}
     * too, wins over the variable). A user's own {@code --eventual.gate.enabled=} is left alone and wins:
     * Spring joins a repeated argument's values with commas instead of taking the last.
     *
     * @throws ParameterException the variable is neither true nor false
     */
    List<String> serviceArgs(Map<String, String> env) {
        boolean on = gate != null ? gate : gateInEnvironment(env.get(GATE_ENV));
        List<String> serviceArgs = new ArrayList<>();
        if (on && properties.stream().noneMatch(property -> property.startsWith(LaunchSettings.GATE_PROPERTY))) {
            serviceArgs.add(LaunchSettings.GATE_PROPERTY + "true");
        }
        serviceArgs.addAll(properties);
        return List.copyOf(serviceArgs);
    }

    /** Unset or false is off, true is on; anything else is refused rather than guessed. */
    private boolean gateInEnvironment(String value) {
        if (value == null || value.isBlank()) {
            return false;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new ParameterException(commandLine, GATE_ENV + " must be true or false, not '" + value + "'");
        };
    }

    /** Each server is a MariaDB of its own on this machine: a power of two from 1 to 8. */
    static final class ServerCount implements ITypeConverter<Integer> {

        @Override
        public Integer convert(String value) {
            try {
                int servers = Integer.parseInt(value);
                if (OrderShards.isServerCount(servers) && servers <= MAX_ORDER_SERVERS) {
                    return servers;
                }
            } catch (NumberFormatException e) {
                // refused below with the value
            }
            throw new TypeConversionException("'" + value + "': 1, 2, 4 or 8 servers");
        }
    }
}
