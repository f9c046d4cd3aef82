-- order_db, version 2: the reconcile job claims the rows it works on. A batch claim sets a fresh
-- token on every row it wins (guarded by status and due time), then reads back the rows carrying
-- its token: two executors, a double trigger or a stale shard total can never both hold a row.
ALTER TABLE message_log ADD COLUMN claim_token VARCHAR(36) NULL COMMENT 'token of the reconcile run that claimed the row';
ALTER TABLE message_log_hist ADD COLUMN claim_token VARCHAR(36) NULL;
