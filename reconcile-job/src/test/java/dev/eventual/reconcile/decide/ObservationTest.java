package dev.eventual.reconcile.decide;

import dev.eventual.common.messaging.OrderEventType;
import dev.eventual.common.status.DownstreamStatus;
import dev.eventual.order.core.status.OrderStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ObservationTest {

    @Test
    void aCreatedEventIsAppliedByEveryConsumerOnlyWhenStockWasDeductedAndTheNoticeSent() {
        assertThat(created(DownstreamStatus.SUCCESS, DownstreamStatus.SUCCESS).appliedByEveryConsumer()).isTrue();
        assertThat(created(DownstreamStatus.SUCCESS, DownstreamStatus.NOT_FOUND).appliedByEveryConsumer()).isFalse();
        assertThat(created(DownstreamStatus.FAIL, DownstreamStatus.SUCCESS).appliedByEveryConsumer()).isFalse();
        assertThat(created(DownstreamStatus.RELEASED, DownstreamStatus.SUCCESS).appliedByEveryConsumer()).isFalse();
    }

    @Test
    void aCanceledEventIsAppliedByEveryConsumerOnlyWhenStockWasReleasedAndTheNoticeSent() {
        assertThat(canceled(DownstreamStatus.RELEASED, DownstreamStatus.SUCCESS).appliedByEveryConsumer()).isTrue();
        assertThat(canceled(DownstreamStatus.SUCCESS, DownstreamStatus.SUCCESS).appliedByEveryConsumer()).isFalse();
        assertThat(canceled(DownstreamStatus.RELEASED, DownstreamStatus.PROCESSING).appliedByEveryConsumer()).isFalse();
    }

    @Test
    void anActionsAnswerReplacesTheStatusOfTheServiceItWentToAndAFailedCallCountsAsFail() {
        Observation seen = created(DownstreamStatus.NOT_FOUND, DownstreamStatus.NOT_FOUND);

        assertThat(seen.after(Action.REDRIVE_INVENTORY, DownstreamStatus.SUCCESS))
                .isEqualTo(created(DownstreamStatus.SUCCESS, DownstreamStatus.NOT_FOUND));
        assertThat(seen.after(Action.REDRIVE_NOTICE, DownstreamStatus.SUCCESS))
                .isEqualTo(created(DownstreamStatus.NOT_FOUND, DownstreamStatus.SUCCESS));
        assertThat(seen.after(Action.REDRIVE_NOTICE, null))
                .isEqualTo(created(DownstreamStatus.NOT_FOUND, DownstreamStatus.FAIL));
        assertThat(canceled(DownstreamStatus.SUCCESS, DownstreamStatus.SUCCESS).after(Action.RELEASE_INVENTORY,
                DownstreamStatus.RELEASED)).isEqualTo(canceled(DownstreamStatus.RELEASED, DownstreamStatus.SUCCESS));
    }

    /**
     * A cancel committed and was applied while the page's inventory retry ran: the retry answers RELEASED (fenced).
     * Decided on the page's CREATED that is a work order; on the order's status read again it is the cancel's row's
     * to settle (docs/model/README.md, "A stale order status").
     */
    @Test
    void theOrdersStatusReadAgainAfterTheRedrivesDecidesInsteadOfThePagesStaleOne() {
        Observation after = created(DownstreamStatus.FAIL, DownstreamStatus.SUCCESS)
                .after(Action.REDRIVE_INVENTORY, DownstreamStatus.RELEASED);

        assertThat(DecisionTable.decide(after).verdict()).isEqualTo(Verdict.ESCALATE);
        assertThat(after.withOrderStatus(OrderStatus.CANCELED)).isEqualTo(new Observation(OrderEventType.ORDER_CREATED,
                OrderStatus.CANCELED, DownstreamStatus.RELEASED, DownstreamStatus.SUCCESS));
        assertThat(DecisionTable.decide(after.withOrderStatus(OrderStatus.CANCELED)).verdict()).isEqualTo(Verdict.DONE);
    }

    private static Observation created(DownstreamStatus inventory, DownstreamStatus notice) {
        return new Observation(OrderEventType.ORDER_CREATED, OrderStatus.CREATED, inventory, notice);
    }

    private static Observation canceled(DownstreamStatus inventory, DownstreamStatus notice) {
        return new Observation(OrderEventType.ORDER_CANCELED, OrderStatus.CANCELED, inventory, notice);
    }
}
