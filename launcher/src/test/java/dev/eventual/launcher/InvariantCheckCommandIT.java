package dev.eventual.launcher;

import dev.eventual.common.messaging.InternalAuth;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.launcher.invariants.CheckOutcome;
import dev.eventual.launcher.invariants.InvariantCheckCommand;
import dev.eventual.launcher.invariants.Quiescence;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code ./run-local.sh --check} against a running suite's databases. */
class InvariantCheckCommandIT {

    private static final long SKU = 95_001;

    private final LocalSuite suite = SharedSuite.get();

    @Test
    void reportsNoViolationOnAConsistentStackAndNamesTheSkuWhenTheGivenStockDisagrees() {
        assertThat(HttpCall.put(suite.inventoryPort(), "/api/inventory/" + SKU).header(InternalAuth.TOKEN_HEADER, SharedSuite.TOKEN)
                .json("{\"stock\":10}").send().status()).isEqualTo(200);
        assertThat(HttpCall.post(suite.orderPort(), "/api/orders").header("Idempotency-Key", "check-1")
                .json("{\"userId\":950001,\"skuId\":" + SKU + ",\"quantity\":3}").send().status()).isEqualTo(201);
        await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(500)).until(this::quiet);

        Run consistent = check("--initial-stock=" + SKU + ":10");
        assertThat(consistent.exitCode()).as(consistent.output()).isZero();
        assertThat(consistent.output()).contains("0 violation(s); stock conservation checked for [" + SKU + "]");

        Run wrong = check("--initial-stock=" + SKU + ":11");
        assertThat(wrong.exitCode()).isEqualTo(1);
        assertThat(wrong.output()).contains("VIOLATION stock conserved [sku " + SKU + "]: initial 11 != current 7 + deducted 3");

        assertThat(check("--initial-stock=" + SKU + "-10").exitCode()).isEqualTo(2);
        assertThat(check("--db-pasword=x").exitCode()).isEqualTo(2);
    }

    /** As {@code ./run-local.sh --check} does it, with the suite's admin password from the environment. */
    private Run check(String... extra) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream output = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Map<String, String> env = Map.of("EVENTUAL_LOCAL_DB_PASSWORD", suite.database().password());
        List<String> args = new ArrayList<>(List.of("--db-port=" + suite.databasePort()));
        args.addAll(List.of(extra));
        CheckOutcome outcome = InvariantCheckCommand.run(args, LocalLauncher.localSuiteCheck(env), env, output, output);
        return new Run(outcome.exitCode(), bytes.toString(StandardCharsets.UTF_8));
    }

    private boolean quiet() throws Exception {
        try (Connection orders = DriverManager.getConnection(suite.database().jdbcUrl("order_db"),
                suite.database().username(), suite.database().password())) {
            return Quiescence.quiet(orders);
        }
    }

    private record Run(int exitCode, String output) {
    }
}
