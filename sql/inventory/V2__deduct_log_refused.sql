-- inventory_db, version 2: a late event whose deduct record is missing is REFUSED, never applied
-- (docs/retention.md, "A late event never applies twice"): cleanup removes records untouched for
-- eventual.consumer.retention.keep, so a missing record of an order born longer ago may have been
-- deducted already. The REFUSED record keeps a redelivery refused, and its own updated_at makes it
-- cleanable in turn. State machine: docs/state-machines.md.
ALTER TABLE inventory_deduct_log DROP CONSTRAINT ck_deduct_log_status;
ALTER TABLE inventory_deduct_log ADD CONSTRAINT ck_deduct_log_status
    CHECK (status IN ('SUCCESS', 'FAIL', 'RELEASED', 'FENCED', 'REFUSED'));
