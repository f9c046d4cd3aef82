package dev.eventual.order.consumer;

import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import org.junit.jupiter.api.RepeatedTest;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reports of one order and of a whole page (both through {@code /internal/orders/consumer-reports})
 * racing over the same events (issue 12 §5). Batches lock their page in
 * ascending order id order while single reports walk the same orders downwards, so singles commit on
 * orders the batch has not reached yet. Whatever the interleaving, the monotonic rules fix the end
 * state: each group ends at the highest status it reported (PROCESSING, then FAIL, then SUCCESS),
 * and msg_status is derived from both groups.
 */
@OrderServiceIT
class ConcurrentStatusReportsIT {

    private static final String INVENTORY = OrderMessaging.INVENTORY_CONSUMER_GROUP;
    private static final String NOTICE = OrderMessaging.NOTICE_CONSUMER_GROUP;
    private static final int ORDERS = 60;
    private static final long CUSTOMER = 89;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @RepeatedTest(3)
    void racingSingleAndBatchReportsNeverFailAndEndWhereTheMonotonicRulesSay() throws Exception {
        List<String> orderIds = placeOrders();
        Map<String, Integer> failedSingles = new ConcurrentHashMap<>();

        List<Object> results = race(
                () -> sendBatch(batch(INVENTORY, "SUCCESS", orderIds)),
                () -> sendBatch(batch(NOTICE, "PROCESSING", orderIds)),
                () -> sendDownwards(orderIds, INVENTORY, orderId -> "PROCESSING", failedSingles),
                () -> sendDownwards(orderIds, NOTICE, orderId -> noticeOutcome(orderIds, orderId), failedSingles));

        HttpCall.Response inventory = (HttpCall.Response) results.get(0);
        HttpCall.Response notice = (HttpCall.Response) results.get(1);
        assertThat(failedSingles).as("single reports that failed (order id and group -> HTTP status)").isEmpty();
        assertThat(inventory.status()).as("inventory batch: %s", inventory.body()).isEqualTo(200);
        assertThat(notice.status()).as("notice batch: %s", notice.body()).isEqualTo(200);
        // a single PROCESSING either came first (then SUCCESS replaced it) or was ignored: either way the
        // batch changed every order exactly once
        assertThat(inventory.json().get("recorded").asInt()).isEqualTo(ORDERS);
        assertThat(inventory.json().get("unchanged").asInt()).isZero();
        assertThat(inventory.json().get("unknownOrderIds").size()).isZero();
        // a batch PROCESSING is recorded only where it came before the single SUCCESS or FAIL
        assertThat(notice.json().get("recorded").asInt() + notice.json().get("unchanged").asInt()).isEqualTo(ORDERS);
        assertThat(notice.json().get("unknownOrderIds").size()).isZero();
        for (String orderId : orderIds) {
            String noticeStatus = noticeOutcome(orderIds, orderId);
            assertThat(consumerStatus(orderId, INVENTORY)).as("inventory status of order %s", orderId).isEqualTo("SUCCESS");
            assertThat(consumerStatus(orderId, NOTICE)).as("notice status of order %s", orderId).isEqualTo(noticeStatus);
            assertThat(messageStatus(orderId)).as("msg_status of order %s", orderId)
                    .isEqualTo(noticeStatus.equals("SUCCESS") ? "CONSUMED" : "FAIL");
        }
    }

    /** Here the batch only updates rows, so no duplicate key hides a stale derivation of msg_status. */
    @RepeatedTest(2)
    void aBatchDerivesMessageStatusFromReportsThatCommittedWhileItRan() throws Exception {
        List<String> orderIds = placeOrders();
        for (String orderId : orderIds) {
            assertThat(send(orderId, report(INVENTORY, "PROCESSING")).status()).isEqualTo(200);
        }
        Map<String, Integer> failedSingles = new ConcurrentHashMap<>();

        List<Object> results = race(
                () -> sendBatch(batch(INVENTORY, "SUCCESS", orderIds)),
                () -> sendDownwards(orderIds, NOTICE, orderId -> "SUCCESS", failedSingles));

        HttpCall.Response inventory = (HttpCall.Response) results.get(0);
        assertThat(failedSingles).as("single reports that failed (order id and group -> HTTP status)").isEmpty();
        assertThat(inventory.status()).as("inventory batch: %s", inventory.body()).isEqualTo(200);
        assertThat(inventory.json().get("recorded").asInt()).isEqualTo(ORDERS);
        for (String orderId : orderIds) {
            assertThat(messageStatus(orderId)).as("msg_status of order %s", orderId).isEqualTo("CONSUMED");
        }
    }

    private List<String> placeOrders() {
        List<String> orderIds = new ArrayList<>();
        for (int i = 0; i < ORDERS; i++) {
            orderIds.add(place());
        }
        return orderIds;
    }

    /** Runs every task at once (released together by a latch) and returns their results in order. */
    private static List<Object> race(Callable<?>... tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(tasks.length);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Callable<?> task : tasks) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<Object> results = new ArrayList<>();
            for (Future<?> future : futures) {
                results.add(future.get(2, TimeUnit.MINUTES));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** Single reports from the highest order id down, so they meet an ascending batch in the middle. */
    private Void sendDownwards(List<String> orderIds, String group, UnaryOperator<String> statusOf,
                               Map<String, Integer> failed) {
        List<String> downwards = new ArrayList<>(orderIds);
        Collections.reverse(downwards);
        for (String orderId : downwards) {
            HttpCall.Response response = send(orderId, report(group, statusOf.apply(orderId)));
            if (response.status() != 200) {
                failed.put(orderId + " " + group, response.status());
            }
        }
        return null;
    }

    /** Every second order's notice fails for good, the others succeed. */
    private static String noticeOutcome(List<String> orderIds, String orderId) {
        return orderIds.indexOf(orderId) % 2 == 0 ? "SUCCESS" : "FAIL";
    }

    private String consumerStatus(String orderId, String group) {
        return jdbc.queryForObject("SELECT status FROM message_consumer_status WHERE order_id = ?"
                + " AND event_type = 'ORDER_CREATED' AND consumer_group = ?", String.class, Long.parseLong(orderId), group);
    }

    private String messageStatus(String orderId) {
        return jdbc.queryForObject("SELECT msg_status FROM message_log WHERE order_id = ? AND event_type = 'ORDER_CREATED'",
                String.class, Long.parseLong(orderId));
    }

    /** As the service of the group the body names sends it, with its own client's token. */
    private HttpCall.Response sendBatch(String body) {
        return HttpCall.post(port, "/internal/orders/consumer-reports")
                .bearer(tokens.reporter(body.contains("\"" + NOTICE + "\"") ? NOTICE : INVENTORY)).json(body).send();
    }

    /** A report of one order alone, as a consumer's flush of a single outcome sends it. */
    private HttpCall.Response send(String orderId, String report) {
        return sendBatch(report.formatted(orderId));
    }

    private String place() {
        return HttpCall.post(port, "/api/orders").bearer(tokens.customer(CUSTOMER))
                .json("{\"userId\":" + CUSTOMER + ",\"skuId\":9,\"quantity\":1}").send().json().get("orderId").asString();
    }

    /** One group's same outcome for many orders' creation, in one call. */
    private static String batch(String group, String status, List<String> orderIds) {
        return "{\"consumerGroup\":\"" + group + "\",\"reports\":[" + orderIds.stream()
                .map(orderId -> entry(orderId, status, "batch")).collect(Collectors.joining(",")) + "]}";
    }

    /** One group's outcome for one order, its id left as {@code %s}. */
    private static String report(String group, String status) {
        return "{\"consumerGroup\":\"" + group + "\",\"reports\":[" + entry("%s", status, "single") + "]}";
    }

    private static String entry(String orderId, String status, String detail) {
        return "{\"orderId\":\"" + orderId + "\",\"eventType\":\"ORDER_CREATED\",\"status\":\"" + status
                + "\",\"detail\":\"" + detail + "\"}";
    }
}
