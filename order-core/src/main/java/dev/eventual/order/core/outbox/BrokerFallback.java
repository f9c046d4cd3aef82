package dev.eventual.order.core.outbox;

import dev.eventual.order.core.outbox.OrderOutbox.Publication;
import dev.eventual.order.core.status.MessageStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

import java.util.UUID;

/**
 * The outbox without the broker (docs/design.md, "The outbox"): an attempt's local transaction run directly,
 * its event row WAITING for {@link OrderRelay}. It runs under a transaction id of its own ({@code relay-} and a
 * UUID), never a half message's: a half message whose send timed out after the broker stored it has an id
 * with no barrier row, so its check-back settles it ROLLED_BACK and it is never delivered; only the relay's
 * message counts (docs/check-back.md).
 */
@Component
class BrokerFallback {

    private static final Logger log = LoggerFactory.getLogger(BrokerFallback.class);
    static final String TRANSACTION_ID_PREFIX = "relay-";

    private final LocalTransactionRunner runner;
    private final TransactionMetrics metrics;

    BrokerFallback(LocalTransactionRunner runner, TransactionMetrics metrics) {
        this.runner = runner;
        this.metrics = metrics;
    }

    /**
     * @param why   why the half message is not used: counted by its reason, and logged
     * @param cause for {@link FallbackReason#NOT_STORED}, why the broker did not store it; else null
     * @return {@link Publication#WAITING} when it committed, else returns and throws as {@link OrderOutbox#publish} does
     */
    Publication publish(PublishAttempt attempt, FallbackReason why, Throwable cause) {
        metrics.fellBack(why);
        String transactionId = TRANSACTION_ID_PREFIX + UUID.randomUUID();
        try {
            LocalTxOutcome outcome = runner.run(attempt, transactionId, MessageStatus.WAITING);
            attempt.record(outcome);
            metrics.localTransaction(outcome);
            if (outcome == LocalTxOutcome.COMMITTED) {
                log.info("Order {}: {} written WAITING for the relay under {} ({})", attempt.orderId(),
                        attempt.eventType(), transactionId, cause == null ? why.text() : why.text() + ": " + cause);
            }
        } catch (Error e) {
            attempt.failed(e);
        }
        Publication publication = attempt.publication();
        return publication == Publication.COMMITTED ? Publication.WAITING : publication;
    }
}
