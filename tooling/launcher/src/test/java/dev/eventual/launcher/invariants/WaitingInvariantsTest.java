package dev.eventual.launcher.invariants;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.launcher.invariants.DatabaseSnapshot.EventKey;
import dev.eventual.launcher.invariants.DatabaseSnapshot.Waiting;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The broker fallback's rule on each kind of WAITING row; ReadOnlyCheckIT reads such rows from a database. */
class WaitingInvariantsTest {

    private static final int MAX = 16;
    private static final EventKey CREATED = new EventKey(1, OrderEventType.ORDER_CREATED);
    private static final EventKey CANCELED = new EventKey(2, OrderEventType.ORDER_CANCELED);

    @Test
    void aRowTheRelayOwnsWithSendsLeftIsWorkInProgress() {
        assertThat(violations(Map.of(CREATED, new Waiting(0, true), CANCELED, new Waiting(MAX - 1, true)), Set.of()))
                .isEmpty();
    }

    @Test
    void aRowWithAWorkOrderIsAPersonsWhateverTheRelayLeft() {
        assertThat(violations(Map.of(CREATED, new Waiting(MAX, false), CANCELED, new Waiting(MAX, true)),
                Set.of(CREATED, CANCELED))).isEmpty();
    }

    @Test
    void aRowLetGoOrPastTheLastAttemptWithoutAWorkOrderIsReported() {
        assertThat(violations(Map.of(CREATED, new Waiting(3, false), CANCELED, new Waiting(MAX, true)), Set.of()))
                .containsExactlyInAnyOrder(
                        new Violation(WaitingInvariants.RELAYED_OR_HANDED_OVER, "order 1",
                                "ORDER_CREATED WAITING after 3 relay sends, let go by the relay, no work order"),
                        new Violation(WaitingInvariants.RELAYED_OR_HANDED_OVER, "order 2",
                                "ORDER_CANCELED WAITING after 16 relay sends, past the relay's last attempt (16), no work order"));
    }

    private static List<Violation> violations(Map<EventKey, Waiting> waiting, Set<EventKey> workOrders) {
        DatabaseSnapshot db = new DatabaseSnapshot(Map.of(), Map.of(), Map.of(), Set.of(), Map.of(), waiting, workOrders,
                Set.of(), Map.of(), Map.of(), Map.of(), Map.of());
        List<Violation> violations = new ArrayList<>();
        WaitingInvariants.check(db, MAX, violations);
        return violations;
    }
}
