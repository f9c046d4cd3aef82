-- order_db, version 7: payment confirmation and the unpaid-order timeout (docs/state-machines.md).
-- CREATED -> PAID stores the payment provider's id and the time (database clock, UTC) in the same
-- guarded update. A payment id pays at most one order: the provider's id is unique per payment, so
-- the same id on a second order is a caller's mistake, refused instead of recorded twice.
ALTER TABLE t_order
    ADD COLUMN payment_id VARCHAR(64) NULL COMMENT 'payment provider id that paid the order; NULL until PAID',
    ADD COLUMN paid_at    DATETIME(3) NULL COMMENT 'when the order became PAID',
    ADD CONSTRAINT uk_order_payment UNIQUE (payment_id);

-- The unpaid-order timeout scan of reconcile-job: CREATED orders by age, oldest first. InnoDB's
-- secondary index carries the primary key, so (created_at, order_id) keyset pages read the index in
-- order and stop at the age cutoff.
CREATE INDEX idx_order_status_created ON t_order (status, created_at);
