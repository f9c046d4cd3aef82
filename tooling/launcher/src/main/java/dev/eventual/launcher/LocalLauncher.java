package dev.eventual.launcher;

import dev.eventual.infra.db.EmbeddedMariaDb;
import dev.eventual.launcher.identity.DemoUsers;
import dev.eventual.launcher.identity.ServiceClients;
import dev.eventual.order.core.shard.OrderShards;
import dev.eventual.launcher.identity.SuiteIdentity;
import dev.eventual.launcher.invariants.CheckDefaults;
import dev.eventual.launcher.invariants.InvariantCheckCommand;
import dev.eventual.launcher.invariants.SslMode;
import picocli.CommandLine.ParameterException;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryEventPublisherBeansApplicationListener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * {@code ./run-local.sh}: starts the suite with the documented ports, prints where to go next and
 * stops everything on Ctrl-C; its options are {@link LaunchOptions}.
 * {@code --check} checks the invariants of the local suite, {@code check} those of any stack
 * ({@code ./check-invariants.sh}); both take the same options, with different defaults.
 */
public final class LocalLauncher {

    /** The check's option naming order_db's servers ({@code --order-db=HOST:PORT,...} or {@code --order-db HOST:PORT,...}). */
    private static final String ORDER_DB = "--order-db";

    private LocalLauncher() {
    }

    /**
     * Signs a demo person or {@code customer:<id>} in to the running suite's authorization server (the
     * authorization code flow through its login form, with the password the data directory keeps) and
     * prints the access token alone, so that {@code TOKEN=$(./run-local.sh --token=alice)} works.
     */
    static int printToken(String who, Map<String, String> env) {
        Path data = Path.of(env.getOrDefault("EVENTUAL_DATA_DIR", ".local-data")).toAbsolutePath();
        try {
            DemoUsers users = DemoUsers.read(data.resolve("auth"));
            ServiceClients clients = ServiceClients.read(data.resolve("auth"));
            int port = SuiteIdentity.PORT + LaunchSettings.portOffset(env);
            System.out.println(SuiteIdentity.token(SuiteIdentity.issuer(port), users, clients, who));
            return 0;
        } catch (RuntimeException e) {
            System.err.println("no token for " + who + ": " + e.getMessage()
                    + "\n(the local suite must be running: ./run-local.sh; users are alice, bob, olga, adam and customer:<id>,"
                    + " and the payment provider's client is payment-provider)");
            return 1;
        }
    }

    public static void main(String[] args) {
        if (args.length > 0 && (args[0].equals("--check") || args[0].equals("check"))) {
            boolean local = args[0].equals("--check");
            CheckDefaults defaults = local ? localSuiteCheck(System.getenv()) : CheckDefaults.anyStack();
            List<String> options = Arrays.asList(args).subList(1, args.length);
            System.exit(InvariantCheckCommand.run(local ? localOrderServers(options, System.getenv()) : options, defaults,
                    System.getenv(), System.out, System.err).exitCode());
        }
        List<String> serviceArgs;
        int orderServers;
        int portOffset;
        Path data = Path.of(System.getenv().getOrDefault("EVENTUAL_DATA_DIR", ".local-data")).toAbsolutePath();
        try {
            LaunchOptions options = LaunchOptions.parse(Arrays.asList(args));
            if (options.helpRequested()) {
                options.printUsage();
                System.exit(0);
            }
            if (options.token() != null) {
                System.exit(printToken(options.token(), System.getenv()));
            }
            serviceArgs = options.serviceArgs(System.getenv());
            orderServers = OrderServersMark.agree(data, options.orderServers());
            portOffset = LaunchSettings.portOffset(System.getenv());
        } catch (ParameterException | IllegalArgumentException e) {
            // picocli's message names the option; OrderServersMark's says what the data directory holds
            System.err.println(e.getMessage() + " (./run-local.sh --help lists the options)");
            System.exit(LaunchOptions.USAGE);
            return;
        }
        String bindAddress = System.getenv().getOrDefault("EVENTUAL_BIND_ADDRESS", EmbeddedMariaDb.LOOPBACK);
        LaunchSettings settings = LaunchSettings.defaults(data, bindAddress, System.getenv("EVENTUAL_LOCAL_DB_PASSWORD"),
                serviceArgs, orderServers, portOffset);
        // Spring Boot adds the wrapper that puts trace ids into the MDC when the first service starts, but
        // OpenTelemetry takes wrappers only until its context storage is first used, which happens before
        // that (the embedded broker starts first): without this no line of the suite had a trace id
        // (docs/tracing.md).
        OpenTelemetryEventPublisherBeansApplicationListener.addWrapper();
        LocalSuite suite = LocalSuite.start(settings);
        StopSignals.stopOnSignal(suite);
        Runtime.getRuntime().addShutdownHook(new Thread(suite::close, "eventual-shutdown"));
        System.out.println(banner(suite, data, bindAddress)
                + gateLine(settings.gateEnabled(), suite.inventoryPort()));
    }

    /**
     * What {@code ./run-local.sh --check} reads: the local suite's embedded MariaDB as its admin, with
     * the password EVENTUAL_LOCAL_DB_PASSWORD sets or the data directory keeps, without TLS (the
     * embedded server runs without it, on loopback); with {@code --redis}, the password the data
     * directory keeps for the suite's Redis, as it does the database's.
     */
    static CheckDefaults localSuiteCheck(Map<String, String> env) {
        Path data = Path.of(env.getOrDefault("EVENTUAL_DATA_DIR", ".local-data"));
        String password = env.get("EVENTUAL_LOCAL_DB_PASSWORD");
        if (password == null) {
            password = kept(data.resolve("mariadb").resolve("root-password"));
        }
        return new CheckDefaults(EmbeddedMariaDb.LOOPBACK, LaunchSettings.DATABASE_PORT + LaunchSettings.portOffset(env), "root", password, SslMode.DISABLED,
                kept(data.resolve("redis").resolve("password")));
    }

    /** A password the data directory keeps, or null: then the login fails and the check says so. */
    private static String kept(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file).strip() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * The local suite's order_db servers for {@code --check}, unless the user names them: every server
     * the data directory was started with ({@code --order-shards}), on the ports the launcher gives them.
     */
    static List<String> localOrderServers(List<String> options, Map<String, String> env) {
        Path data = Path.of(env.getOrDefault("EVENTUAL_DATA_DIR", ".local-data")).toAbsolutePath();
        int servers = OrderServersMark.read(data);
        // the option itself, not --order-db-user or --order-db-password-file, which leave the servers to us
        if (servers == 1 || options.stream().anyMatch(option -> option.equals(ORDER_DB) || option.startsWith(ORDER_DB + "="))) {
            return options;
        }
        int first = LaunchSettings.DATABASE_PORT + LaunchSettings.portOffset(env);
        List<String> withServers = new ArrayList<>(options);
        withServers.add(ORDER_DB + "=" + String.join(",", java.util.stream.IntStream.range(0, servers)
                .mapToObj(server -> EmbeddedMariaDb.LOOPBACK + ":" + (first + server)).toList()));
        return withServers;
    }

    /** Where order_db is: the one database server, or split across several by customer (docs/design.md, "Sharding order_db"). */
    static String orderDbLine(List<Integer> ports) {
        if (ports.size() == 1) {
            return "  order_db           on that server (./run-local.sh --order-shards=2 splits it across two)\n";
        }
        StringBuilder line = new StringBuilder("  order_db           split by customer across " + ports.size() + " servers:");
        for (int server = 0; server < ports.size(); server++) {
            line.append(server == 0 ? " " : ", ").append(EmbeddedMariaDb.LOOPBACK).append(':').append(ports.get(server))
                    .append(" (logical shards ").append(server * OrderShards.LOGICAL / ports.size()).append('-')
                    .append((server + 1) * OrderShards.LOGICAL / ports.size() - 1).append(')');
        }
        return line.append("\n    the same admin password on each; ./run-local.sh --check reads them all\n").toString();
    }

    /** Whether orders meet the stock gate, and how a gated SKU gets its count (docs/stock-gate.md). */
    static String gateLine(boolean on, int inventoryPort) {
        if (!on) {
            return "Stock gate: off (./run-local.sh --gate or EVENTUAL_GATE_ENABLED=true turns it on).\n";
        }
        return """
                Stock gate: ON (docs/stock-gate.md). Setting a SKU's stock through the API seeds its count:
                  ADMIN=$(./run-local.sh --token=adam)
                  curl -s -X PUT http://127.0.0.1:%d/api/inventory/<sku> -H 'Content-Type: application/json' \\
                       -H "Authorization: Bearer $ADMIN" -d '{"stock":100}'
                The demo SKUs were seeded that way when first created. A SKU whose stock was set while the
                gate was off gets its count from the reconcile job's rebuild (1 s after start) when Redis has
                no "catalog seeded" mark, as at the first start with --gate; otherwise set its stock again.
                """.formatted(inventoryPort);
    }

    private static String banner(LocalSuite suite, Path data, String bindAddress) {
        DemoUsers users = suite.identity().users();
        return """

                Eventual is running (Ctrl-C stops everything).
                  order-service      http://127.0.0.1:%1$d   Swagger UI: http://127.0.0.1:%1$d/swagger-ui/index.html
                  inventory-service  http://127.0.0.1:%2$d
                  notice-service     http://127.0.0.1:%3$d
                  reconcile-job      http://127.0.0.1:%4$d
                  operators' console %20$s   (sign in as olga or adam; docs/reconcile-job.md)
                  auth-server        %14$s   (OAuth 2.1 / OpenID Connect; docs/security.md)
                  health, metrics    http://127.0.0.1:<port>/actuator/health, /actuator/prometheus on each one's
                                     management port, loopback only: order %22$d, inventory %23$d, notice %24$d,
                                     reconcile %25$d, auth-server %26$d (docs/operations.md)
                  MariaDB            127.0.0.1:%5$d   RocketMQ NameServer %6$s
                    admin: mariadb -h 127.0.0.1 -P %5$d -u root -p   (password: %9$s,
                    kept in %7$s/mariadb/root-password; EVENTUAL_LOCAL_DB_PASSWORD sets it)
                %21$s  Redis              127.0.0.1:%12$d   (always loopback; password: %13$s,
                    kept in %7$s/redis/password; with Debian's redis-tools:
                    REDISCLI_AUTH=<password> redis-cli -p %12$d)
                  listening on       %10$s only%11$s
                  data               %7$s (kept across restarts; delete it to start empty)
                  clients            the services' and the payment provider's secrets are kept in
                                     %8$s (docs/security.md)

                Users (passwords kept in %7$s/auth/users.properties):
                  alice  customer 1   %15$s
                  bob    customer 2   %16$s
                  olga   operator     %17$s
                  adam   admin        %18$s
                  customer-<id>       %19$s   (any numeric customer id, for load tools)

                Sign in without a browser and place an order as alice (demo SKUs 1001-1003 have 100 units,
                1004 has 5, 1005 has 1):
                  TOKEN=$(./run-local.sh --token=alice)
                  curl -s -X POST http://127.0.0.1:%1$d/api/orders -H 'Content-Type: application/json' \\
                       -H "Authorization: Bearer $TOKEN" -H 'Idempotency-Key: demo-1' -d '{"skuId":1001,"quantity":2}'
                Then read it (statuses converge within a second):
                  curl -s http://127.0.0.1:%1$d/api/orders/<orderId> -H "Authorization: Bearer $TOKEN"
                And pay it as the payment provider (a client of its own, with the one scope orders.pay):
                  PAY=$(./run-local.sh --token=payment-provider)
                  curl -s -X POST http://127.0.0.1:%1$d/api/orders/<orderId>/pay -H 'Content-Type: application/json' \\
                       -H "Authorization: Bearer $PAY" -d '{"paymentId":"demo-pay-1"}'
                """.formatted(suite.orderPort(), suite.inventoryPort(), suite.noticePort(), suite.reconcilePort(),
                suite.databasePort(), suite.nameServerAddress(), data, data.resolve("auth").resolve(ServiceClients.FILE),
                suite.database().password(), bindAddress,
                bindAddress.equals(EmbeddedMariaDb.LOOPBACK) ? " (EVENTUAL_BIND_ADDRESS opens it)" : "",
                suite.redis().port(), suite.redis().password(), suite.identity().issuer(),
                users.alice(), users.bob(), users.olga(), users.adam(), users.customers(), suite.consoleUrl(),
                orderDbLine(suite.orderDbPorts()), suite.managementPort(SuiteService.ORDER), suite.managementPort(SuiteService.INVENTORY),
                suite.managementPort(SuiteService.NOTICE), suite.managementPort(SuiteService.RECONCILE),
                suite.identity().managementPort());
    }
}
