package dev.eventual.order.core.outbox;

import dev.eventual.common.messaging.OrderEventType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The relay's batch line names each order with the trace id of the request that wrote its event (docs/tracing.md). */
class WaitingRowTest {

    @Test
    void anOrderIsNamedWithItsTraceIdOrADashWithoutOne() {
        assertThat(row("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01").orderAndTrace())
                .isEqualTo("42 trace 4bf92f3577b34da6a3ce929d0e0e4736");
        assertThat(row(null).orderAndTrace()).isEqualTo("42 trace -");
        assertThat(row("garbage").orderAndTrace()).isEqualTo("42 trace -");
    }

    private static WaitingRow row(String traceParent) {
        return new WaitingRow(1, 42, OrderEventType.ORDER_CREATED, "EVENTUAL_ORDER_EVENT", "ORDER_CREATED", "42", "{}",
                traceParent, 0);
    }
}
