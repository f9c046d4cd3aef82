package dev.eventual.reconcile.workorder;

import dev.eventual.order.core.status.WorkOrderAction;
import dev.eventual.order.core.status.WorkOrderStatus;
import dev.eventual.order.core.store.WorkOrderMapper;
import dev.eventual.order.core.store.WorkOrderOpening;
import dev.eventual.order.core.store.WorkOrderRow;
import dev.eventual.reconcile.support.ReconcileJobIT;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** A reopened work order is open again as a whole: it shows nothing of the resolution before it. */
@ReconcileJobIT
class WorkOrderReopenIT {

    @Autowired
    WorkOrderMapper workOrders;

    @Test
    void reopeningClearsThePreviousResolversFields() {
        long orderId = ThreadLocalRandom.current().nextLong(1L << 40, 1L << 50);
        WorkOrderOpening first = new WorkOrderOpening(orderId, "ORDER_CREATED", orderId, null, "stock short", "CREATED",
                "FAIL", "SUCCESS", 5);
        workOrders.open(first);
        long id = workOrders.idOf(orderId, "ORDER_CREATED");
        assertThat(workOrders.resolve(id, WorkOrderAction.RETRY, "ops-alice", "stock added")).isEqualTo(1);

        workOrders.open(new WorkOrderOpening(orderId, "ORDER_CREATED", orderId, null, "still short", "CREATED", "FAIL",
                "SUCCESS", 5));

        WorkOrderRow reopened = workOrders.find(id);
        assertThat(reopened.status()).isEqualTo(WorkOrderStatus.OPEN);
        assertThat(reopened.openCount()).isEqualTo(2);
        assertThat(reopened.reason()).isEqualTo("still short");
        assertThat(reopened.resolution()).isNull();
        assertThat(reopened.resolvedBy()).isNull();
        assertThat(reopened.resolvedAt()).isNull();
        assertThat(reopened.resolutionNote()).isNull();
    }
}
