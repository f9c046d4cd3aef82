package dev.eventual.order.core.outbox;

/**
 * The database work tied to one half message. It runs inside a transaction opened by
 * {@link LocalTransactionRunner}; returning anything but {@link LocalTxOutcome#COMMITTED} rolls it back.
 */
@FunctionalInterface
public interface LocalOrderTransaction {

    LocalTxOutcome execute(String brokerTransactionId);
}
