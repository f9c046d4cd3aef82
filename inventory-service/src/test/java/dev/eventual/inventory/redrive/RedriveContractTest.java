package dev.eventual.inventory.redrive;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.consumer.receive.ReceivedEvent;
import dev.eventual.infra.test.EventContracts.Fixture;
import dev.eventual.infra.test.EventContracts;
import dev.eventual.inventory.deduct.DeductLogMapper;
import dev.eventual.inventory.deduct.DeductOutcome;
import dev.eventual.inventory.deduct.DeductStatus;
import dev.eventual.inventory.deduct.OrderEventHandler;
import dev.eventual.inventory.retention.DeductLogCleanup;
import dev.eventual.web.WebSupportAutoConfiguration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ContextConfiguration;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

import java.util.List;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * inventory's re-drive endpoints take every kept schema version's payloads (test-fixtures,
 * event-contracts/README.md) as message_log stores them, in a batch, through the strict JSON
 * reading every service's request bodies get (web-support): each arrives at the handler as the order the
 * fixture describes. The handler is a stand-in; what it does with a re-drive is for BatchRedriveIT.
 */
@WebMvcTest
@ContextConfiguration(classes = RedriveContractTest.RedriveEndpoints.class)
class RedriveContractTest {

    private static final String ORDER_ID = Long.toString(EventContracts.ORDER_ID);

    @Autowired
    MockMvc mvc;

    @MockitoBean
    OrderEventHandler handler;

    @MockitoBean
    DeductLogMapper deductLog;

    @MockitoBean
    DeductLogCleanup cleanup;

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CREATED)
    void theRetriesEndpointTakesAnOrderCreatedPayloadOfEveryKeptVersion(Fixture fixture) throws Exception {
        DeductOutcome deducted = new DeductOutcome(EventContracts.ORDER_ID, DeductStatus.SUCCESS, false, "deducted");
        when(handler.redriveAll(any())).thenReturn(List.of(deducted));

        send("/internal/inventory/retries", "{\"events\":[" + fixture.json() + "]}")
                .andExpect(status().isOk()).andExpect(jsonPath("$.results[0].orderId").value(ORDER_ID));

        verify(handler).redriveAll(List.of(ReceivedEvent.of(EventContracts.created(fixture.version()), 1, null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource(EventContracts.CANCELED)
    void theReleasesEndpointTakesAnOrderCanceledPayloadOfEveryKeptVersion(Fixture fixture) throws Exception {
        DeductOutcome fenced = new DeductOutcome(EventContracts.ORDER_ID, DeductStatus.FENCED, false, "fenced");
        when(handler.redriveAll(any())).thenReturn(List.of(fenced));

        send("/internal/inventory/releases", "{\"events\":[" + fixture.json() + "]}")
                .andExpect(status().isOk()).andExpect(jsonPath("$.results[0].orderId").value(ORDER_ID));

        verify(handler).redriveAll(List.of(ReceivedEvent.of(EventContracts.canceled(fixture.version()), 1, null)));
    }

    private ResultActions send(String path, String json) throws Exception {
        return mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON).content(json));
    }

    /**
     * A plain configuration named by the test, not a {@code @SpringBootConfiguration}: the ITs in this
     * package look for one to boot the whole service and must not find this one.
     */
    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(WebSupportAutoConfiguration.class)
    @Import(RedriveController.class)
    static class RedriveEndpoints {
    }
}
