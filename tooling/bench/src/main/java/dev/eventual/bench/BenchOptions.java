package dev.eventual.bench;

import dev.eventual.bench.cost.Layout;
import dev.eventual.order.core.shard.OrderShards;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code tooling/bench/run.sh}'s settings of a run, read by picocli from its options ({@link Arguments}:
 * each {@code --name=value} or {@code --name value}, described in its usage, {@code --help}). The
 * defaults are a full run's (tooling/bench/README.md); {@code --quick} shrinks every duration and size
 * for a smoke run, and an option given wins over both.
 */
public record BenchOptions(
        Set<Section> sections,
        Duration warmUp,
        double jitQuiet,
        Duration warmUpCap,
        Duration measure,
        Duration loadDuration,
        Duration drain,
        List<Integer> concurrencies,
        List<Integer> reconcileRows,
        int hotSkuOrders,
        int flashOrders,
        int flashClients,
        int flashWarmUp,
        double consistencyRate,
        double consistencyHighRate,
        String serviceHeap,
        String serviceLogLevel,
        Path resultsDirectory,
        Path workDirectory,
        boolean profile,
        boolean isolatePublish,
        int costBlocks,
        Duration costWindow,
        double costRate,
        double costP99Rate,
        double costOrderRate,
        Duration costStep,
        int orderShards,
        int relayBacklog,
        Duration relayOutage,
        int relayConcurrency,
        Layout layout,
        Duration retentionSoak,
        double retentionRate,
        int retentionCostBlocks,
        Duration retentionCostWindow) {

    /** What {@code --quick} changes: every duration and size, not the rates, so that runs compare. */
    private static final Map<String, String> QUICK = Map.ofEntries(
            Map.entry("--warm-up", "2s"), Map.entry("--warm-up-cap", "60s"), Map.entry("--measure", "4s"),
            Map.entry("--load", "10s"), Map.entry("--drain", "20s"), Map.entry("--reconcile-rows", "20k"),
            Map.entry("--hot-sku-orders", "2k"), Map.entry("--flash-orders", "2k"), Map.entry("--flash-warm-up", "2k"),
            Map.entry("--cost-window", "3s"), Map.entry("--cost-step", "3s"), Map.entry("--relay-backlog", "10k"),
            Map.entry("--relay-outage", "15s"), Map.entry("--retention-soak", "4m"),
            Map.entry("--retention-cost-window", "10s"));

    /**
     * The longest window of the retention section's cleanup cost: its preparation, load and wait for consistency
     * must end before the events it archives pass the soak's 1-minute history retention.
     */
    public static final Duration MAX_RETENTION_COST_WINDOW = Duration.ofSeconds(40);

    /**
     * @return null after {@code --help} printed the usage
     * @throws ParameterException a command line the bench cannot run with; its message names the option
     */
    public static BenchOptions parse(String... args) {
        Arguments given = new Arguments();
        boolean quick = List.of(args).contains("--quick");
        CommandLine commandLine = new CommandLine(given).setCaseInsensitiveEnumValuesAllowed(true).registerConverter(Integer.class, BenchOptions::count)
                .registerConverter(int.class, BenchOptions::count)
                .registerConverter(Duration.class, BenchOptions::seconds)
                .setDefaultValueProvider(option -> quick && option instanceof CommandLine.Model.OptionSpec named
                        ? QUICK.get(named.longestName()) : null);
        commandLine.parseArgs(args);
        if (given.help) {
            commandLine.usage(System.out);
            return null;
        }
        Set<Section> sections;
        try {
            sections = Section.parse(given.sectionList);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(commandLine, "--sections=" + given.sectionList + ": all, or some of "
                    + List.of(Section.values()));
        }
        atLeast(commandLine, 1, "--flash-orders", given.flashOrders);
        atLeast(commandLine, 1, "--flash-clients", given.flashClients);
        atLeast(commandLine, 0, "--flash-warm-up", given.flashWarmUp);
        atLeast(commandLine, 1, "--cost-blocks", given.costBlocks);
        atLeast(commandLine, 1, "--relay-backlog", given.relayBacklog);
        atLeast(commandLine, 1, "--relay-concurrency", given.relayConcurrency);
        if (given.consistencyRate <= 0) {
            throw new ParameterException(commandLine, "--consistency-rate must be above 0: " + given.consistencyRate);
        }
        if (!OrderShards.isServerCount(given.orderShards)) {
            throw new ParameterException(commandLine, "--order-shards: a power of two of servers, not " + given.orderShards);
        }
        if (given.layout == Layout.LOCAL && (!sections.equals(Set.of(Section.COST)) || given.orderShards > 1)) {
            throw new ParameterException(commandLine, "--layout=local needs --sections=cost and one order_db server:"
                    + " the other sections measure the per-process layout");
        }
        if (sections.contains(Section.RETENTION) && sections.size() > 1) {
            throw new ParameterException(commandLine, "--sections=retention runs alone: its suite keeps every record for"
                    + " minutes, not the defaults the other sections measure");
        }
        if (given.retentionRate <= 0) {
            throw new ParameterException(commandLine, "--retention-rate must be above 0: " + given.retentionRate);
        }
        atLeast(commandLine, 0, "--retention-cost-blocks", given.retentionCostBlocks);
        if (given.retentionCostWindow.compareTo(Duration.ofSeconds(1)) < 0
                || given.retentionCostWindow.compareTo(MAX_RETENTION_COST_WINDOW) > 0) {
            throw new ParameterException(commandLine, "--retention-cost-window must be 1s to "
                    + MAX_RETENTION_COST_WINDOW.toSeconds() + "s (the events a window archives must not pass the"
                    + " soak's 1-minute history retention before it ends): " + given.retentionCostWindow.toSeconds() + "s");
        }
        if (given.orderShards > 1 && !sections.equals(Set.of(Section.COST))) {
            throw new ParameterException(commandLine, "--order-shards=" + given.orderShards
                    + " needs --sections=cost: the other sections read order_db on one server");
        }
        return new BenchOptions(sections, given.warmUp, given.jitQuiet, given.warmUpCap, given.measure, given.loadDuration,
                given.drain, List.copyOf(given.concurrencies), List.copyOf(given.reconcileRows), given.hotSkuOrders,
                given.flashOrders, given.flashClients, given.flashWarmUp, given.consistencyRate, given.consistencyHighRate,
                given.serviceHeap, given.serviceLogLevel, given.resultsDirectory.toAbsolutePath(),
                given.workDirectory.toAbsolutePath(), given.profile, given.isolatePublish, given.costBlocks, given.costWindow,
                given.costRate, given.costP99Rate, given.costOrderRate, given.costStep, given.orderShards,
                given.relayBacklog, given.relayOutage, given.relayConcurrency, given.layout, given.retentionSoak,
                given.retentionRate, given.retentionCostBlocks, given.retentionCostWindow);
    }

    private static void atLeast(CommandLine commandLine, int least, String option, int value) {
        if (value < least) {
            throw new ParameterException(commandLine, option + " must be at least " + least + ": " + value);
        }
    }

    public boolean runs(Section section) {
        return sections.contains(section);
    }

    /** The time-to-consistency runs, in order: the target's rate, then the high rate unless it is 0. */
    public List<Double> consistencyRates() {
        return consistencyHighRate > 0 ? List.of(consistencyRate, consistencyHighRate) : List.of(consistencyRate);
    }

    /** "10" or "10s" or "2m". */
    private static Duration seconds(String value) {
        try {
            if (value.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(value.substring(0, value.length() - 1)));
            }
            return Duration.ofSeconds(Long.parseLong(value.endsWith("s") ? value.substring(0, value.length() - 1) : value));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is no duration: 10, 10s or 2m");
        }
    }

    /** "2000", "2_000", "2k" or "1M". */
    private static Integer count(String value) {
        String s = value.trim().replace("_", "");
        try {
            return s.endsWith("k") ? Integer.parseInt(s.substring(0, s.length() - 1)) * 1_000
                    : s.endsWith("M") ? Integer.parseInt(s.substring(0, s.length() - 1)) * 1_000_000
                    : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + value + "' is no count: 2000, 2_000, 2k or 1M");
        }
    }

    /** The options as typed; their descriptions are the usage. */
    @Command(name = "tooling/bench/run.sh", sortOptions = false, abbreviateSynopsis = true, usageHelpAutoWidth = true,
            description = {"Starts every service in its own JVM on embedded MariaDB and RocketMQ, runs the chosen sections"
                    + " and writes the results (tooling/bench/README.md).", ""},
            footer = {"", "Defaults shown are a full run's; with --quick: --help --quick."})
    private static final class Arguments {

        @Option(names = "--quick", description = "smoke run: short steps, 20k reconcile rows, 2k hot-SKU events,"
                + " 2k flash-sale orders (~5 min)")
        private boolean quick;

        @Option(names = "--sections", paramLabel = "LIST", defaultValue = "all", description = "all, or some of acceptance,endtoend,consistency,hotsku,reconcile,limits,"
                        + "flashsale,cost,relay; they run in this order; or retention, alone (default ${DEFAULT-VALUE}: all but retention)")
        private String sectionList;

        @Option(names = "--warm-up", paramLabel = "SECONDS", defaultValue = "3s",
                description = "before each measured acceptance step (not counted), and the least JIT warm-up per mode"
                        + " (default ${DEFAULT-VALUE})")
        private Duration warmUp;

        @Option(names = "--jit-quiet", paramLabel = "CORES", defaultValue = "0.05",
                description = "the JIT warm-up ends when the compiler threads of all JVMs use fewer cores than this over a"
                        + " round of the three modes (default ${DEFAULT-VALUE})")
        private double jitQuiet;

        @Option(names = "--warm-up-cap", paramLabel = "SECONDS", defaultValue = "240s",
                description = "the JIT warm-up ends after this long even if the compilers are still busy (default ${DEFAULT-VALUE})")
        private Duration warmUpCap;

        @Option(names = "--measure", paramLabel = "SECONDS", defaultValue = "12s",
                description = "each acceptance step: one mode, one concurrency (default ${DEFAULT-VALUE})")
        private Duration measure;

        @Option(names = "--load", paramLabel = "SECONDS", defaultValue = "40s",
                description = "the end-to-end run and each time-to-consistency run (default ${DEFAULT-VALUE})")
        private Duration loadDuration;

        @Option(names = "--drain", paramLabel = "SECONDS", defaultValue = "60s",
                description = "how long to wait for stragglers after a load run (default ${DEFAULT-VALUE})")
        private Duration drain;

        @Option(names = "--concurrency", paramLabel = "N", split = ",", defaultValue = "1,8,32,64",
                description = "acceptance concurrency levels (default ${DEFAULT-VALUE})")
        private List<Integer> concurrencies;

        @Option(names = "--reconcile-rows", paramLabel = "ROWS", split = ",", defaultValue = "100k,1M",
                description = "backlog sizes; the largest runs only \"all consistent, 2 shards\" (default ${DEFAULT-VALUE})")
        private List<Integer> reconcileRows;

        @Option(names = "--hot-sku-orders", paramLabel = "N", defaultValue = "10k",
                description = "events per hot-SKU case (default ${DEFAULT-VALUE})")
        private int hotSkuOrders;

        @Option(names = "--flash-orders", paramLabel = "N", defaultValue = "20k",
                description = "orders of the flash sale, all for the one gated SKU's 100 units (default ${DEFAULT-VALUE})")
        private int flashOrders;

        @Option(names = "--flash-clients", paramLabel = "N", defaultValue = "64",
                description = "closed-loop clients that send them (default ${DEFAULT-VALUE})")
        private int flashClients;

        @Option(names = "--flash-warm-up", paramLabel = "N", defaultValue = "10k",
                description = "orders for the gated SKU while its stock is 0, before the sale: all refused, nothing written,"
                        + " so the refusal path is compiled before it is measured; 0 skips it (default ${DEFAULT-VALUE})")
        private int flashWarmUp;

        // below this box's saturation (330-552 consistent orders/s in the full runs so far), the same in --quick
        @Option(names = "--consistency-rate", paramLabel = "ORDERS/S", defaultValue = "150",
                description = "orders/s of the time-to-consistency run the target is checked on: fixed, so runs compare"
                        + " (default ${DEFAULT-VALUE})")
        private double consistencyRate;

        @Option(names = "--consistency-high-rate", paramLabel = "ORDERS/S", defaultValue = "270",
                description = "orders/s of a second, busier time-to-consistency run (information); 0 skips it"
                        + " (default ${DEFAULT-VALUE})")
        private double consistencyHighRate;

        @Option(names = "--service-heap", paramLabel = "SIZE", defaultValue = "256m",
                description = "-Xmx of each service JVM (default ${DEFAULT-VALUE})")
        private String serviceHeap;

        // what users run (the services' own default): WARN would measure a box nobody deploys
        @Option(names = "--service-log-level", paramLabel = "LEVEL", defaultValue = "INFO",
                description = "root log level of the services (default ${DEFAULT-VALUE}, as users run them)")
        private String serviceLogLevel;

        @Option(names = "--results", paramLabel = "DIR", defaultValue = "tooling/bench/results",
                description = "where the results go (default ${DEFAULT-VALUE})")
        private Path resultsDirectory;

        @Option(names = "--work", paramLabel = "DIR", defaultValue = "tooling/bench/target/run",
                description = "the run's data, logs and JFR recordings (default ${DEFAULT-VALUE})")
        private Path workDirectory;

        @Option(names = "--profile", description = "a JFR recording per service JVM (<work>/jfr/hotspot-pid-<pid>-*.jfr,"
                + " written at the end)")
        private boolean profile;

        @Option(names = "--isolate-publish", description = "also measure mode a with inventory- and notice-service stopped"
                + " (mode \"a0\"; about +1.5 min): the publishing protocol's cost without the consumers' share of the CPU")
        private boolean isolatePublish;

        @Option(names = "--cost-blocks", paramLabel = "N", defaultValue = "6",
                description = "cost: blocks, each running every variant once (6 or more for a verdict)")
        private int costBlocks;

        @Option(names = "--cost-window", paramLabel = "SECONDS", defaultValue = "5s",
                description = "cost: the load of each fixed-rate window (information), and the idle window's length"
                        + " (default ${DEFAULT-VALUE})")
        private Duration costWindow;

        @Option(names = "--cost-rate", paramLabel = "N/S", defaultValue = "1000",
                description = "cost: refusals/s and plain reads/s of the CPU windows, below saturation (default ${DEFAULT-VALUE})")
        private double costRate;

        @Option(names = "--cost-p99-rate", paramLabel = "N/S", defaultValue = "4000",
                description = "cost: refusals/s of the window that measures the refusal p99 (default ${DEFAULT-VALUE})")
        private double costP99Rate;

        @Option(names = "--cost-order-rate", paramLabel = "N/S", defaultValue = "100",
                description = "cost: orders/s of the order window (default ${DEFAULT-VALUE})")
        private double costOrderRate;

        @Option(names = "--cost-step", paramLabel = "SECONDS", defaultValue = "5s",
                description = "cost: each closed-loop wrk step (c = 16 and 64 of refusal, read and order in every block),"
                        + " whose saturation figures carry the CPU targets (default ${DEFAULT-VALUE})")
        private Duration costStep;

        @Option(names = "--order-shards", paramLabel = "N", defaultValue = "1",
                description = "order_db split across N MariaDB servers (1, 2, 4; docs/design.md, \"Sharding order_db\"); more"
                        + " than 1 only with --sections=cost, the section whose counters read every server")
        private int orderShards;

        @Option(names = "--relay-backlog", paramLabel = "ROWS", defaultValue = "100k",
                description = "relay: events WAITING for the broker, from orders placed while it is stopped, that the relay"
                        + " works off once it is back (default ${DEFAULT-VALUE})")
        private int relayBacklog;

        @Option(names = "--relay-outage", paramLabel = "SECONDS", defaultValue = "60s",
                description = "relay: how long orders are measured with the broker up, then stopped (default ${DEFAULT-VALUE})")
        private Duration relayOutage;

        @Option(names = "--relay-concurrency", paramLabel = "N", defaultValue = "32",
                description = "relay: closed-loop clients placing orders, the same with the broker up and down (default ${DEFAULT-VALUE})")
        private int relayConcurrency;

        @Option(names = "--retention-soak", paramLabel = "SECONDS", defaultValue = "12m",
                description = "retention: how long orders come at --retention-rate with every retention set to minutes"
                        + " (default ${DEFAULT-VALUE}; the first 3 minutes are not judged for flatness)")
        private Duration retentionSoak;

        @Option(names = "--retention-rate", paramLabel = "ORDERS", defaultValue = "100",
                description = "retention: orders per second during the soak and the cleanup cost's windows"
                        + " (default ${DEFAULT-VALUE})")
        private double retentionRate;

        @Option(names = "--retention-cost-blocks", paramLabel = "N", defaultValue = "6",
                description = "retention: blocks of the cleanup's cost to the order path after the soak, each a window"
                        + " with the cleanup off and one with it on; 0 skips it (default ${DEFAULT-VALUE}: the least that"
                        + " gives a 95 % interval)")
        private int retentionCostBlocks;

        @Option(names = "--retention-cost-window", paramLabel = "SECONDS", defaultValue = "20s",
                description = "retention: each cleanup cost window's orders at --retention-rate, 1s to 40s"
                        + " (default ${DEFAULT-VALUE})")
        private Duration retentionCostWindow;

        @Option(names = "--layout", paramLabel = "LAYOUT", defaultValue = "process",
                description = "cost: process (a JVM per service; the targets) or local (./run-local.sh --gate as users"
                        + " run it, one JVM, closed-loop steps only; with --sections=cost) (default ${DEFAULT-VALUE})")
        private Layout layout;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
        private boolean help;
    }
}
