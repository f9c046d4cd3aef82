package dev.eventual.order.payment;

import dev.eventual.infra.test.HttpCall;
import dev.eventual.infra.test.TestAuthServer;
import dev.eventual.infra.test.TestInfrastructure;
import dev.eventual.infra.test.TestTokens;
import dev.eventual.order.support.OrderServiceIT;
import dev.eventual.order.support.OrderTables;
import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import tools.jackson.databind.JsonNode;

import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code POST /api/orders/{orderId}/pay} on the real order_db, over HTTP, with the service token. */
@OrderServiceIT
class PaymentIT {

    /** Who places (and cancels) the orders here; the payment callback is a service, never a customer. */
    private static final long CUSTOMER = 88;

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    @Autowired
    MeterRegistry meters;

    private final TestTokens tokens = TestInfrastructure.shared().authServer().tokens();

    @Test
    void aCreatedOrderIsPaidOnceAndTheSamePaymentAgainAnswersTheOrderWithoutWriting() {
        String orderId = place();
        String paymentId = newPaymentId();
        double paidBefore = payments("paid");

        HttpCall.Response paid = pay(orderId, paymentId);

        assertThat(paid.status()).as(paid.body()).isEqualTo(200);
        assertThat(paid.json().get("orderId").asString()).isEqualTo(orderId);
        assertThat(paid.json().get("status").asString()).isEqualTo("PAID");
        Map<String, Object> row = row(orderId);
        assertThat(row).containsEntry("status", "PAID").containsEntry("payment_id", paymentId).containsEntry("version", 1);
        assertThat(row.get("paid_at")).isNotNull();
        assertThat(payments("paid") - paidBefore).isEqualTo(1);
        // no event for a payment: the order's only message_log row is its ORDER_CREATED
        assertThat(events(orderId)).isEqualTo(1);

        double repeatedBefore = payments("repeated");
        OrderTables before = OrderTables.count(jdbc);
        HttpCall.Response again = pay(orderId, paymentId);

        assertThat(again.status()).as(again.body()).isEqualTo(200);
        assertThat(again.json().get("status").asString()).isEqualTo("PAID");
        assertThat(row(orderId)).isEqualTo(row);
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(payments("repeated") - repeatedBefore).isEqualTo(1);
    }

    @Test
    void anotherPaymentOnAPaidOrderIsAConflictAndChangesNothing() {
        String orderId = place();
        String first = newPaymentId();
        assertThat(pay(orderId, first).status()).isEqualTo(200);
        Map<String, Object> row = row(orderId);

        HttpCall.Response other = pay(orderId, newPaymentId());

        assertConflict(other, orderId, "PAID");
        assertThat(row(orderId)).isEqualTo(row);
    }

    @Test
    void aPaymentIdPaysOneOrderOnly() {
        String paymentId = newPaymentId();
        String first = place();
        String second = place();
        assertThat(pay(first, paymentId).status()).isEqualTo(200);

        HttpCall.Response reused = pay(second, paymentId);

        assertThat(reused.status()).as(reused.body()).isEqualTo(409);
        assertThat(reused.json().get("detail").asString()).contains(paymentId).contains("order " + second);
        assertThat(row(second)).containsEntry("status", "CREATED").containsEntry("payment_id", null);
    }

    @Test
    void aCanceledOrderIsNeverPaid() {
        String orderId = place();
        assertThat(HttpCall.post(port, "/api/orders/" + orderId + "/cancel").bearer(tokens.customer(CUSTOMER)).send().status())
                .isEqualTo(200);
        Map<String, Object> row = row(orderId);
        double canceledBefore = payments("canceled");

        HttpCall.Response refused = pay(orderId, newPaymentId());

        assertConflict(refused, orderId, "CANCELED");
        assertThat(row(orderId)).isEqualTo(row).containsEntry("payment_id", null);
        assertThat(payments("canceled") - canceledBefore).isEqualTo(1);
    }

    @Test
    void anUnknownOrderIsNotFound() {
        HttpCall.Response response = pay("424242424243", newPaymentId());

        assertThat(response.status()).isEqualTo(404);
        assertThat(response.contentType()).startsWith("application/problem+json");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing paymentId           | {}                                              | paymentId",
            "null paymentId              | {\"paymentId\":null}                            | paymentId",
            "blank paymentId             | {\"paymentId\":\"   \"}                         | paymentId",
            "empty paymentId             | {\"paymentId\":\"\"}                            | paymentId",
            "paymentId of 65 characters  | {\"paymentId\":\"ppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp\"} | paymentId",
            "paymentId with a space      | {\"paymentId\":\"pay 1\"}                       | paymentId",
            "paymentId with a newline    | {\"paymentId\":\"pay\\n1\"}                     | paymentId",
            "paymentId with SQL          | {\"paymentId\":\"1'; DROP TABLE t_order; --\"}  | paymentId",
            "object paymentId            | {\"paymentId\":{\"id\":\"p-1\"}}               | paymentId",
            "array paymentId             | {\"paymentId\":[\"p-1\"]}                      | paymentId",
            "unknown field               | {\"paymentId\":\"p-1\",\"amount\":10}           | amount",
            "bad order id                | {\"paymentId\":\"p-1\"}                         | orderId"})
    void badInputIsA400NamingTheFieldAndWritesNothing(String name, String body, String field) {
        String orderId = place();
        String path = field.equals("orderId") ? "/api/orders/0" + orderId + "/pay" : "/api/orders/" + orderId + "/pay";
        OrderTables before = OrderTables.count(jdbc);
        Map<String, Object> row = row(orderId);

        HttpCall.Response response = HttpCall.post(port, path).bearer(tokens.payment()).json(body).send();

        assertThat(response.status()).as(response.body()).isEqualTo(400);
        assertThat(response.contentType()).startsWith("application/problem+json");
        assertThat(response.json().get("invalidParams").findValuesAsString("name")).as(response.body()).contains(field);
        assertThat(OrderTables.count(jdbc)).isEqualTo(before);
        assertThat(row(orderId)).isEqualTo(row);
    }

    @Test
    void onlyThePaymentProvidersClientPaysAndNoOneElseLearnsAboutTheBody() {
        String orderId = place();

        HttpCall.Response missing = HttpCall.post(port, "/api/orders/" + orderId + "/pay")
                .json("{\"paymentId\":\"" + newPaymentId() + "\"}").send();
        // the shared service token of before opens nothing
        HttpCall.Response oldHeader = HttpCall.post(port, "/api/orders/" + orderId + "/pay")
                .header("X-Eventual-Service-Token", "guess-guess-guess-guess").json("{\"paymentId\":\"p-1\"}").send();
        // another service's client: reconcile-job may cancel, not pay
        HttpCall.Response reconcile = HttpCall.post(port, "/api/orders/" + orderId + "/pay")
                .bearer(tokens.client(TestAuthServer.Client.RECONCILE_JOB)).json("{\"paymentId\":\"" + newPaymentId() + "\"}").send();
        // the payment provider pays, and reads no order
        HttpCall.Response paymentReads = HttpCall.get(port, "/api/orders/" + orderId).bearer(tokens.payment()).send();
        HttpCall.Response badBodyNoToken = HttpCall.post(port, "/api/orders/" + orderId + "/pay").json("{}").send();
        // the order's own customer, signed in, is no payment callback
        HttpCall.Response owner = HttpCall.post(port, "/api/orders/" + orderId + "/pay").bearer(tokens.customer(CUSTOMER))
                .json("{\"paymentId\":\"" + newPaymentId() + "\"}").send();
        HttpCall.Response ownerBadBody = HttpCall.post(port, "/api/orders/" + orderId + "/pay").bearer(tokens.customer(CUSTOMER))
                .json("{}").send();

        for (HttpCall.Response response : new HttpCall.Response[]{missing, oldHeader, badBodyNoToken}) {
            assertThat(response.status()).as(response.body()).isEqualTo(401);
            assertThat(response.contentType()).startsWith("application/problem+json");
        }
        for (HttpCall.Response response : new HttpCall.Response[]{owner, ownerBadBody, reconcile, paymentReads}) {
            assertThat(response.status()).as(response.body()).isEqualTo(403);
            assertThat(response.json().get("type").asString()).isEqualTo("urn:eventual:problem:forbidden");
        }
        assertThat(row(orderId)).containsEntry("status", "CREATED").containsEntry("payment_id", null);
    }

    private static void assertConflict(HttpCall.Response response, String orderId, String status) {
        assertThat(response.status()).as(response.body()).isEqualTo(409);
        assertThat(response.contentType()).startsWith("application/problem+json");
        JsonNode problem = response.json();
        assertThat(problem.get("type").asString()).startsWith("urn:eventual:problem:");
        assertThat(problem.get("title").asString()).isEqualTo("Conflict");
        assertThat(problem.get("detail").asString()).contains("order " + orderId).contains(status);
    }

    private HttpCall.Response pay(String orderId, String paymentId) {
        return HttpCall.post(port, "/api/orders/" + orderId + "/pay").bearer(tokens.payment())
                .json("{\"paymentId\":\"" + paymentId + "\"}").send();
    }

    private String place() {
        HttpCall.Response response = HttpCall.post(port, "/api/orders").bearer(tokens.customer(CUSTOMER))
                .json("{\"userId\":" + CUSTOMER + ",\"skuId\":5005,\"quantity\":1}").send();
        assertThat(response.status()).as(response.body()).isEqualTo(201);
        return response.json().get("orderId").asString();
    }

    private Map<String, Object> row(String orderId) {
        return jdbc.queryForMap("SELECT status, version, payment_id, paid_at, updated_at FROM t_order WHERE order_id = ?",
                Long.parseLong(orderId));
    }

    private long events(String orderId) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM message_log WHERE order_id = ?", Long.class, Long.parseLong(orderId));
    }

    private double payments(String result) {
        return meters.counter("eventual.orders.payments", "result", result).count();
    }

    private static String newPaymentId() {
        return "pay-" + UUID.randomUUID();
    }
}
