package dev.eventual.bench;

import dev.eventual.order.core.shard.OrderShards;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * Command-line settings of a run; {@code --quick} shrinks every duration and size for a smoke run.
 *
 * @param warmUp           before each measured acceptance step (not counted), and the least JIT warm-up per mode
 * @param jitQuiet         the JIT warm-up ends when the compiler threads of all JVMs use less than this many
 *                         cores over a round of the three modes
 * @param warmUpCap        the JIT warm-up ends after this long even if the compilers are still busy (logged)
 * @param measure          each acceptance step (one mode, one concurrency)
 * @param loadDuration     the end-to-end run and each time-to-consistency run
 * @param drain            how long to wait for stragglers after a load run
 * @param concurrencies    acceptance concurrency levels
 * @param reconcileRows    backlog sizes; the largest runs only for "all consistent, 2 shards"
 *                         (tooling/bench/README.md, "Reconcile throughput")
 * @param hotSkuOrders     events per hot-SKU case
 * @param flashOrders      orders of the flash sale, all for the one gated SKU's units
 * @param flashClients     closed-loop clients that send them
 * @param flashWarmUp      orders for the gated SKU while its stock is 0, before the sale: all refused, nothing
 *                         written, so the refusal path is compiled before it is measured
 * @param consistencyRate  orders/s of the time-to-consistency run the target is checked on: fixed, so runs compare
 * @param consistencyHighRate orders/s of a second, busier time-to-consistency run (information); 0 skips it
 * @param serviceHeap      -Xmx of each service JVM
 * @param serviceLogLevel  root log level of the services; INFO by default, as users run them
 * @param profile          a JFR recording per service JVM
 * @param isolatePublish   also measure mode (a) with inventory- and notice-service stopped (mode "a0"):
 *                         the publishing protocol's cost without the consumers' share of the CPU
 * @param costBlocks       blocks of the cost section, each running every variant once (6 or more for a verdict)
 * @param costWindow       the load of each cost window, and the idle window's length
 * @param costRate         refusals/s and plain reads/s of the cost section's CPU windows (below saturation)
 * @param costP99Rate      refusals/s of the window that measures the refusal p99
 * @param costOrderRate    orders/s of the cost section's order window
 * @param costSaturation   the wrk closed-loop step that finds the saturation refusals/s
 * @param orderShards      how many MariaDB servers order_db is split across (docs/design.md, "Sharding order_db");
 *                         more than 1 only with {@code --sections=cost}, the section whose counters read every server
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
        Duration costSaturation,
        int orderShards) {

    public static BenchOptions parse(String... args) {
        boolean quick = List.of(args).contains("--quick");
        Set<Section> sections = Section.parse("all");
        Duration warmUp = quick ? Duration.ofSeconds(2) : Duration.ofSeconds(3);
        double jitQuiet = 0.05;
        Duration warmUpCap = quick ? Duration.ofSeconds(60) : Duration.ofSeconds(240);
        Duration measure = quick ? Duration.ofSeconds(4) : Duration.ofSeconds(12);
        Duration load = quick ? Duration.ofSeconds(10) : Duration.ofSeconds(40);
        Duration drain = quick ? Duration.ofSeconds(20) : Duration.ofSeconds(60);
        List<Integer> concurrencies = List.of(1, 8, 32, 64);
        List<Integer> rows = quick ? List.of(20_000) : List.of(100_000, 1_000_000);
        int hot = quick ? 2_000 : 10_000;
        int flashOrders = quick ? 2_000 : 20_000;
        int flashClients = 64;
        int flashWarmUp = quick ? 2_000 : 10_000;
        // below this box's saturation (330-552 consistent orders/s in the full runs so far), the same in --quick
        double consistencyRate = 150;
        double consistencyHighRate = 270;
        String heap = "256m";
        // what users run (the services' own default): WARN would measure a box nobody deploys
        String logLevel = "INFO";
        Path results = Path.of("tooling/bench/results");
        Path work = Path.of("tooling/bench/target/run");
        boolean profile = false;
        boolean isolatePublish = false;
        int costBlocks = 6;
        Duration costWindow = quick ? Duration.ofSeconds(3) : Duration.ofSeconds(10);
        double costRate = 1_000;
        double costP99Rate = 4_000;
        double costOrderRate = 100;
        Duration costSaturation = quick ? Duration.ofSeconds(5) : Duration.ofSeconds(10);
        int orderShards = 1;
        for (String arg : args) {
            if (arg.equals("--quick")) {
                continue;
            }
            if (arg.equals("--profile")) {
                profile = true;
                continue;
            }
            if (arg.equals("--isolate-publish")) {
                isolatePublish = true;
                continue;
            }
            if (arg.equals("--help")) {
                throw new IllegalArgumentException("usage");
            }
            String[] kv = arg.split("=", 2);
            if (kv.length != 2 || !kv[0].startsWith("--")) {
                throw new IllegalArgumentException("not a --key=value option: " + arg);
            }
            String value = kv[1];
            switch (kv[0]) {
                case "--sections" -> sections = Section.parse(value);
                case "--warm-up" -> warmUp = seconds(value);
                case "--jit-quiet" -> jitQuiet = Double.parseDouble(value);
                case "--warm-up-cap" -> warmUpCap = seconds(value);
                case "--measure" -> measure = seconds(value);
                case "--load" -> load = seconds(value);
                case "--drain" -> drain = seconds(value);
                case "--concurrency" -> concurrencies = ints(value);
                case "--reconcile-rows" -> rows = ints(value);
                case "--hot-sku-orders" -> hot = Integer.parseInt(value);
                case "--flash-orders" -> flashOrders = atLeast(1, kv[0], count(value));
                case "--flash-clients" -> flashClients = atLeast(1, kv[0], Integer.parseInt(value));
                case "--flash-warm-up" -> flashWarmUp = atLeast(0, kv[0], count(value));
                case "--consistency-rate" -> consistencyRate = positive(kv[0], Double.parseDouble(value));
                case "--consistency-high-rate" -> consistencyHighRate = Double.parseDouble(value);
                case "--service-heap" -> heap = value;
                case "--service-log-level" -> logLevel = value;
                case "--results" -> results = Path.of(value);
                case "--work" -> work = Path.of(value);
                case "--cost-blocks" -> costBlocks = atLeast(1, kv[0], Integer.parseInt(value));
                case "--cost-window" -> costWindow = seconds(value);
                case "--cost-rate" -> costRate = Double.parseDouble(value);
                case "--cost-p99-rate" -> costP99Rate = Double.parseDouble(value);
                case "--cost-order-rate" -> costOrderRate = Double.parseDouble(value);
                case "--cost-saturation" -> costSaturation = seconds(value);
                case "--order-shards" -> orderShards = atLeast(1, kv[0], Integer.parseInt(value));
                default -> throw new IllegalArgumentException("unknown option " + kv[0]);
            }
        }
        return new BenchOptions(sections, warmUp, jitQuiet, warmUpCap, measure, load, drain, concurrencies, rows, hot,
                flashOrders, flashClients, flashWarmUp, consistencyRate, consistencyHighRate, heap, logLevel,
                results.toAbsolutePath(), work.toAbsolutePath(), profile, isolatePublish, costBlocks, costWindow, costRate,
                costP99Rate, costOrderRate, costSaturation, orderShards(orderShards, sections));
    }

    private static int orderShards(int servers, Set<Section> sections) {
        if (!OrderShards.isServerCount(servers)) {
            throw new IllegalArgumentException("--order-shards: a power of two of servers, not " + servers);
        }
        if (servers > 1 && !sections.equals(Set.of(Section.COST))) {
            throw new IllegalArgumentException("--order-shards=" + servers + " needs --sections=cost: the other sections"
                    + " read order_db on one server");
        }
        return servers;
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
        if (value.endsWith("m")) {
            return Duration.ofMinutes(Long.parseLong(value.substring(0, value.length() - 1)));
        }
        return Duration.ofSeconds(Long.parseLong(value.endsWith("s") ? value.substring(0, value.length() - 1) : value));
    }

    private static int atLeast(int least, String option, int value) {
        if (value < least) {
            throw new IllegalArgumentException(option + " must be at least " + least + ": " + value);
        }
        return value;
    }

    private static double positive(String option, double value) {
        if (value <= 0) {
            throw new IllegalArgumentException(option + " must be above 0: " + value);
        }
        return value;
    }

    private static List<Integer> ints(String value) {
        return List.of(value.split(",")).stream().map(BenchOptions::count).toList();
    }

    /** "2000", "2_000", "2k" or "1M". */
    private static int count(String value) {
        String s = value.trim().replace("_", "");
        return s.endsWith("k") ? Integer.parseInt(s.substring(0, s.length() - 1)) * 1_000
                : s.endsWith("M") ? Integer.parseInt(s.substring(0, s.length() - 1)) * 1_000_000
                : Integer.parseInt(s);
    }

    public static String usage() {
        return """
                tooling/bench/run.sh [--quick] [--key=value ...]
                  --quick                   smoke run: short steps, 20k reconcile rows, 2k hot-SKU events, 2k flash-sale orders (~5 min)
                  --sections=all|acceptance,endtoend,consistency,hotsku,reconcile,limits,flashsale,cost
                  --warm-up=3s --measure=12s    each acceptance step (mode x concurrency)
                  --jit-quiet=0.05 --warm-up-cap=240s   warm up (mode a) until the JIT compilers of all JVMs use < 0.05 cores
                  --concurrency=1,8,32,64
                  --load=40s --drain=60s        end-to-end and each time-to-consistency run; wait for stragglers
                  --reconcile-rows=100k,1M      the largest size runs only "all consistent, 2 shards"
                  --hot-sku-orders=10000
                  --flash-orders=20000 --flash-clients=64   flash sale: orders for the gated SKU's 100 units, closed-loop clients
                  --flash-warm-up=10000     refused orders (stock 0) before the flash sale; 0 skips it
                  --consistency-rate=150 --consistency-high-rate=270   time-to-consistency runs at fixed orders/s
                                            (the target on the first; 0 skips the second)
                  --service-heap=256m --service-log-level=INFO
                  --isolate-publish         also run mode a with the consumers stopped ("a0"; about +1.5 min)
                  --profile                 a JFR recording per service JVM (<work>/jfr/hotspot-pid-<pid>-*.jfr, written at the end)
                  --cost-blocks=6 --cost-window=10s (3s)   cost: blocks of every variant; each window's load and the idle window
                  --cost-rate=1000 --cost-p99-rate=4000 --cost-order-rate=100   cost: fixed rates (refusals and reads, p99, orders)
                  --cost-saturation=10s (5s)  cost: the wrk closed-loop step for saturation refusals/s
                  --order-shards=1            cost only: order_db split across this many MariaDB servers (1, 2, 4)
                  --results=tooling/bench/results --work=tooling/bench/target/run
                """;
    }
}
