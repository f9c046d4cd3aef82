package dev.eventual.inventory.gate;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.inventory.deduct.DeductOutcome;
import dev.eventual.inventory.deduct.DeductStatus;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

/**
 * A refused event (docs/retention.md) changed no stock, so the gate of its gated SKU is told nothing: not that its
 * order deducted, nor that its units came back. Every other outcome is InventoryGateIT's, against a real Redis.
 */
class InventoryGateTest {

    private static final long SKU = 1001L;

    private final GateAdapter adapter = mock(GateAdapter.class);
    private final InventoryGate gate = new InventoryGate(adapter, new SimpleMeterRegistry());

    @BeforeEach
    void gated() {
        when(adapter.gates(SKU)).thenReturn(true);
    }

    @ParameterizedTest
    @EnumSource(OrderEventType.class)
    void aRefusedEventTellsTheGateNothing(OrderEventType type) {
        gate.applied(type, SKU, new DeductOutcome(42L, DeductStatus.REFUSED, false, "refused: ..."));
        gate.applied(type, SKU, new DeductOutcome(42L, DeductStatus.REFUSED, true, "refused: ..."));

        verifyNoMoreInteractions(adapter);
    }

    /** The same adapter hears of a deduction: the silence above is the refusal's. */
    @Test
    void aDeductionTellsTheGate() {
        gate.applied(OrderEventType.ORDER_CREATED, SKU, new DeductOutcome(42L, DeductStatus.SUCCESS, false, "deducted 1"));

        verify(adapter).applied(SKU, 42L);
    }
}
