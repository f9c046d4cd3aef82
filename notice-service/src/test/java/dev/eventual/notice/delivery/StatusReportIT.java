package dev.eventual.notice.delivery;

import dev.eventual.common.event.OrderCreatedEvent;
import dev.eventual.common.messaging.OrderMessaging;
import dev.eventual.infra.test.FakeOrderService;
import dev.eventual.infra.test.FakeOrderService.Report;
import dev.eventual.notice.support.Events;
import dev.eventual.notice.support.InternalApi;
import dev.eventual.notice.support.NoticeServiceIT;
import dev.eventual.notice.support.TestRecipients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report reaches order-service's internal API over Feign and LoadBalancer: right path, service
 * token, body. order-service is played by a plain HTTP server that the static instance list points
 * at for the duration of the test (every other IT keeps the closed port).
 */
@NoticeServiceIT
class StatusReportIT {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    TestRecipients recipients;

    private FakeOrderService orderService;

    @BeforeEach
    void pointOrderServiceAtAFake() {
        orderService = FakeOrderService.start(context);
    }

    @AfterEach
    void restoreOrderService() {
        orderService.close();
    }

    @Test
    void successAndRefusalAreReportedWithTheServicesOwnClientTokenGotOnce() {
        OrderCreatedEvent sent = Events.created(Events.newId(), Events.newId(), 9, 1);
        long brokenUser = Events.newId();
        recipients.breakAddressOf(brokenUser);
        OrderCreatedEvent refused = Events.created(Events.newId(), brokenUser, 9, 1);

        assertThat(InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(sent)).get("status").asString())
                .isEqualTo("SUCCESS");
        assertThat(InternalApi.redriveOne(port, InternalApi.RETRIES_CREATED, Events.json(refused)).get("status").asString())
                .isEqualTo("FAIL");

        Report success = orderService.awaitReport(sent.orderId());
        assertThat(success.call().method()).isEqualTo("POST");
        // notice-service's own client, with the one scope that reports for its group
        JsonNode claims = claims(success.call().token());
        assertThat(claims.get("sub").asString()).isEqualTo("notice-service");
        assertThat(claims.get("scope").valueStream().map(JsonNode::asString).toList()).containsExactly("orders.report.notice");
        assertThat(success.call().body().get("consumerGroup").asString()).isEqualTo(OrderMessaging.NOTICE_CONSUMER_GROUP);
        assertThat(success.entry().get("eventType").asString()).isEqualTo("ORDER_CREATED");
        assertThat(success.entry().get("status").asString()).isEqualTo("SUCCESS");

        Report failure = orderService.awaitReport(refused.orderId());
        // the token is kept, not asked for per report: both calls carry the same one
        assertThat(failure.call().token()).isEqualTo(success.call().token());
        assertThat(failure.entry().get("status").asString()).isEqualTo("FAIL");
        assertThat(failure.entry().get("detail").asString()).contains("invalid recipient address");
    }

    /** The claims of a {@code Bearer <JWT>} header's token (already checked by Spring Security where it counts). */
    private static JsonNode claims(String authorization) {
        assertThat(authorization).startsWith("Bearer ");
        String payload = authorization.substring("Bearer ".length()).split("\\.")[1];
        return JSON.readTree(new String(java.util.Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8));
    }
}
