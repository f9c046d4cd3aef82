package dev.eventual.order.payment;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A payment and the unpaid timeout's cancel (what reconcile-job sends: reason {@code payment-timeout},
 * only if still CREATED) on the same order at the same time, many times, on the real order_db and
 * broker: every order has exactly one winner, and its rows say the same.
 */
@OrderServiceIT
class PaymentTimeoutRaceIT {

    private static final int ORDERS = 30;
    private static final long CUSTOMER = 99;
    private static final String TIMEOUT_CANCEL = "{\"reason\":\"payment-timeout\",\"expectedStatus\":\"CREATED\"}";
    private static final ExecutorService threads = Executors.newFixedThreadPool(2);

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    DataSource dataSource;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @AfterAll
    static void stop() {
        threads.shutdownNow();
    }

    /** Both requests leave together. */
    @Test
    void startedTogetherExactlyOneOfPaymentAndTimeoutWinsEveryTime() throws Exception {
        List<Race> races = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++) {
            String orderId = place();
            CyclicBarrier start = new CyclicBarrier(2);
            races.add(race(orderId, () -> meet(start), () -> meet(start)));
        }
        assertOneWinnerEach(races);
    }

    /**
     * The payment leaves once the cancel is inside its local transaction (its attempt's barrier row is
     * written, not committed): the interleaving where the payment reads a CREATED order that a cancel
     * is about to change.
     */
    @Test
    void aPaymentArrivingWhileTheTimeoutCancelIsInItsTransactionStillLeavesOneWinner() throws Exception {
        List<Race> races = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++) {
            String orderId = place();
            races.add(race(orderId, () -> { }, () -> await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(1))
                    .until(() -> cancelAttemptStarted(orderId))));
        }
        assertOneWinnerEach(races);
    }

    private record Race(String orderId, HttpCall.Response pay, HttpCall.Response cancel) {
    }

    private Race race(String orderId, Runnable beforeCancel, Runnable beforePay) throws Exception {
        CompletableFuture<HttpCall.Response> cancel = CompletableFuture.supplyAsync(() -> {
            beforeCancel.run();
            // the unpaid timeout is reconcile-job's, which calls with its client's token
            return HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.reconcile()).json(TIMEOUT_CANCEL).send();
        }, threads);
        CompletableFuture<HttpCall.Response> pay = CompletableFuture.supplyAsync(() -> {
            beforePay.run();
            return HttpCall.post(port, "/api/orders/" + orderId + "/pay").bearer(tokens.payment())
                    .json("{\"paymentId\":\"race-" + orderId + "\"}").send();
        }, threads);
        return new Race(orderId, pay.get(60, TimeUnit.SECONDS), cancel.get(60, TimeUnit.SECONDS));
    }

    private void assertOneWinnerEach(List<Race> races) {
        int paid = 0;
        for (Race race : races) {
            String what = "order " + race.orderId() + ": pay " + race.pay().status() + " " + race.pay().body()
                    + ", cancel " + race.cancel().status() + " " + race.cancel().body();
            Map<String, Object> order = jdbc.queryForMap("SELECT status, payment_id FROM t_order WHERE order_id = ?",
                    Long.parseLong(race.orderId()));
            long canceledEvents = jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ?"
                    + " AND event_type = 'ORDER_CANCELED'", Long.class, Long.parseLong(race.orderId()));
            if (race.pay().status() == 200) {
                paid++;
                assertThat(race.cancel().status()).as(what).isEqualTo(409);
                assertThat(order).as(what).containsEntry("status", "PAID").containsEntry("payment_id", "race-" + race.orderId());
                assertThat(canceledEvents).as(what).isZero();
            } else {
                assertThat(race.pay().status()).as(what).isEqualTo(409);
                assertThat(race.cancel().status()).as(what).isEqualTo(200);
                assertThat(order).as(what).containsEntry("status", "CANCELED").containsEntry("payment_id", null);
                assertThat(canceledEvents).as(what).isEqualTo(1);
            }
        }
        System.out.printf("payment won %d of %d races, the timeout %d%n", paid, races.size(), races.size() - paid);
    }

    /** The cancel attempt's barrier row, read past its lock: the cancel is inside its local transaction. */
    private boolean cancelAttemptStarted(String orderId) throws Exception {
        try (Connection dirty = dataSource.getConnection()) {
            dirty.setTransactionIsolation(Connection.TRANSACTION_READ_UNCOMMITTED);
            try (Statement query = dirty.createStatement(); ResultSet row = query.executeQuery(
                    "SELECT 1 FROM tx_attempt_barrier WHERE order_id = " + Long.parseLong(orderId)
                            + " AND event_type = 'ORDER_CANCELED'")) {
                return row.next();
            } finally {
                dirty.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
            }
        }
    }

    private static void meet(CyclicBarrier barrier) {
        try {
            barrier.await(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the other request never started", e);
        }
    }

    private String place() {
        HttpCall.Response response = HttpCall.post(port, "/api/orders").bearer(tokens.customer(CUSTOMER))
                .json("{\"userId\":" + CUSTOMER + ",\"skuId\":6006,\"quantity\":1}").send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("orderId").asString();
    }
}
