package dev.eventual.reconcile.downstream;

import dev.eventual.common.api.RedriveResult;
import dev.eventual.common.event.OrderCanceledEvent;
import dev.eventual.common.event.OrderCreatedEvent;

/**
 * Bases for stand-ins of the services the reconcile job calls. The job re-drives in batches only, so
 * a stand-in answers the batch endpoints and refuses the single-event ones, which only operators use.
 */
final class BatchOnlyServices {

    private static final String BATCHES_ONLY = "the reconcile job re-drives in batches";

    private BatchOnlyServices() {
    }

    interface Inventory extends InventoryClient {

        @Override
        default RedriveResult retry(OrderCreatedEvent event) {
            throw new UnsupportedOperationException(BATCHES_ONLY);
        }

        @Override
        default RedriveResult release(OrderCanceledEvent event) {
            throw new UnsupportedOperationException(BATCHES_ONLY);
        }
    }

    interface Notice extends NoticeClient {

        @Override
        default RedriveResult retryCreated(OrderCreatedEvent event) {
            throw new UnsupportedOperationException(BATCHES_ONLY);
        }

        @Override
        default RedriveResult retryCanceled(OrderCanceledEvent event) {
            throw new UnsupportedOperationException(BATCHES_ONLY);
        }
    }
}
