package dev.eventual.notice.redrive;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.infra.test.EventContracts.Fixture;
import dev.eventual.notice.compose.NoticeRequest;
import dev.eventual.notice.config.NoticeProperties;
import dev.eventual.notice.delivery.DeliveryAttempt;
import dev.eventual.notice.delivery.DeliveryOutcome;
import dev.eventual.notice.delivery.DeliveryResult;
import dev.eventual.notice.delivery.NoticeDelivery;
import dev.eventual.notice.retention.NoticeLogCleanup;
import dev.eventual.notice.store.NoticeStatus;
import dev.eventual.web.WebSupportAutoConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

import java.time.Duration;
import java.util.List;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * notice's re-drive endpoints take every kept schema version's payloads (test-fixtures,
 * event-contracts/README.md) as message_log stores them, in a batch, through the strict JSON
 * reading every service's request bodies get (web-support): each becomes the notice of the order the
 * fixture describes, born at its own event's time. The delivery is a stand-in that sends everything; what it does is
 * for BatchRedriveIT. It is also where an event's age is judged (with its record, docs/retention.md), so the fixtures'
 * fixed dates never age into a refusal here.
 */
@WebMvcTest
@ContextConfiguration(classes = RedriveContractTest.RedriveEndpoints.class)
class RedriveContractTest {

    private static final String ORDER_ID = Long.toString(EventContracts.ORDER_ID);
    private static final DeliveryResult SENT = new DeliveryResult(DeliveryOutcome.SENT, NoticeStatus.SUCCESS, "sent");

    @Autowired
    MockMvc mvc;

    @MockitoBean
    NoticeDelivery delivery;

    @MockitoBean
    NoticeStatusQuery statusQuery;

    @MockitoBean
    NoticeLogCleanup cleanup;

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CREATED)
    void theOrderCreatedRetriesEndpointTakesAPayloadOfEveryKeptVersion(Fixture fixture) throws Exception {
        sendsEverything();

        send("/internal/notices/order-created/retries", "{\"events\":[" + fixture.json() + "]}")
                .andExpect(status().isOk()).andExpect(jsonPath("$.results[0].orderId").value(ORDER_ID));

        NoticeRequest notice = new NoticeRequest(EventContracts.ORDER_ID, OrderEventType.ORDER_CREATED,
                EventContracts.USER_ID, EventContracts.SKU_ID, EventContracts.QUANTITY, null, EventContracts.CREATED_AT);
        verify(delivery).deliverWithin(List.of(notice), Duration.ofSeconds(3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CANCELED)
    void theOrderCanceledRetriesEndpointTakesAPayloadOfEveryKeptVersion(Fixture fixture) throws Exception {
        sendsEverything();

        send("/internal/notices/order-canceled/retries", "{\"events\":[" + fixture.json() + "]}")
                .andExpect(status().isOk()).andExpect(jsonPath("$.results[0].orderId").value(ORDER_ID));

        NoticeRequest notice = new NoticeRequest(EventContracts.ORDER_ID, OrderEventType.ORDER_CANCELED,
                EventContracts.USER_ID, EventContracts.SKU_ID, EventContracts.QUANTITY, EventContracts.REASON,
                EventContracts.CANCELED_AT);
        verify(delivery).deliverWithin(List.of(notice), Duration.ofSeconds(3));
    }

    private void sendsEverything() {
        when(delivery.deliverWithin(any(), any())).thenAnswer(call -> ((List<?>) call.getArgument(0)).stream()
                .map(request -> new DeliveryAttempt(SENT, null)).toList());
    }

    private ResultActions send(String path, String json) throws Exception {
        return mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON)
                .content(json));
    }

    /**
     * A plain configuration named by the test, not a {@code @SpringBootConfiguration}: the ITs in this
     * package look for one to boot the whole service and must not find this one.
     */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(WebSupportAutoConfiguration.class)
    @Import(RedriveController.class)
    @EnableConfigurationProperties(NoticeProperties.class)
    static class RedriveEndpoints {
    }
}
