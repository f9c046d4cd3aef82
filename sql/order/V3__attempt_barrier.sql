-- order_db, version 3: the check-back barrier is kept per publish attempt, not per event.
-- A cancel reuses its order's id, so a rollback tombstone under (order_id, event_type) in message_log
-- blocked every later cancel of that order. Each attempt now has its own row, keyed by the broker
-- transaction id (the producer's unique id of the half message, handed to the local transaction and
-- to every check-back of it). The local transaction inserts its COMMITTED row first; a check-back
-- inserts a ROLLED_BACK row with INSERT IGNORE under the same key and so waits for, or pre-empts,
-- exactly that attempt. message_log keeps real events only. Protocol: docs/check-back.md.
CREATE TABLE tx_attempt_barrier (
    transaction_id VARCHAR(128) NOT NULL COMMENT 'broker transaction id of one publish attempt',
    order_id       BIGINT       NOT NULL,
    event_type     VARCHAR(32)  NOT NULL COMMENT 'OrderEventType',
    outcome        VARCHAR(16)  NOT NULL COMMENT 'AttemptOutcome: COMMITTED by the local transaction, ROLLED_BACK by a check-back',
    created_at     DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (transaction_id),
    KEY idx_tx_attempt_barrier_order (order_id, event_type),
    KEY idx_tx_attempt_barrier_created (created_at),
    CONSTRAINT ck_tx_attempt_barrier_event_type CHECK (event_type IN ('ORDER_CREATED', 'ORDER_CANCELED')),
    CONSTRAINT ck_tx_attempt_barrier_outcome CHECK (outcome IN ('COMMITTED', 'ROLLED_BACK'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Existing attempts keep their answers: a half message still in doubt during the upgrade is
-- answered for its own attempt. Rows without a transaction id cannot be asked about by any check-back.
INSERT IGNORE INTO tx_attempt_barrier (transaction_id, order_id, event_type, outcome, created_at)
SELECT transaction_id, order_id, event_type,
       CASE WHEN msg_status = 'ROLLED_BACK' THEN 'ROLLED_BACK' ELSE 'COMMITTED' END, created_at
FROM message_log WHERE transaction_id IS NOT NULL;

INSERT IGNORE INTO tx_attempt_barrier (transaction_id, order_id, event_type, outcome, created_at)
SELECT transaction_id, order_id, event_type,
       CASE WHEN msg_status = 'ROLLED_BACK' THEN 'ROLLED_BACK' ELSE 'COMMITTED' END, created_at
FROM message_log_hist WHERE transaction_id IS NOT NULL;

-- Tombstones were never events: they leave message_log (freeing the key of every canceled-order
-- attempt they blocked) and its archive.
DELETE FROM message_log WHERE msg_status = 'ROLLED_BACK';
DELETE FROM message_log_hist WHERE msg_status = 'ROLLED_BACK';

ALTER TABLE message_log DROP CONSTRAINT ck_message_log_msg_status;
ALTER TABLE message_log ADD CONSTRAINT ck_message_log_msg_status CHECK (msg_status IN ('INIT', 'SENT', 'CONSUMED', 'FAIL'));
