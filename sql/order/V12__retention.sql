-- order_db, version 12: the indexes reconcile-job's retention cleanup deletes by (docs/retention.md). Each of its
-- statements deletes one bounded batch, oldest first, in the index's own order, so it reads only the rows it
-- deletes and holds their locks for one short statement or transaction:
-- * message_log_hist rows archived longer ago than eventual.reconcile.retention.history (90 days):
--   DELETE ... WHERE archived_at < ? ORDER BY archived_at LIMIT ?
-- * resolved work orders, with their audit rows, resolved longer ago than
--   eventual.reconcile.retention.resolved-work-orders (400 days): SELECT ... WHERE status = 'RESOLVED' AND
--   resolved_at < ? ORDER BY resolved_at LIMIT ? FOR UPDATE. The status comes first, so open work orders
--   (resolved_at NULL) are never read.
-- Both are built online (InnoDB adds a secondary index while the table is read and written, on MySQL 8.4 and
-- MariaDB 11.4 alike; LOCK=NONE makes the statement fail rather than block writes if it could not), but on an
-- archive of many months the build takes its time: order-service's start waits for it.
ALTER TABLE message_log_hist ADD KEY idx_message_log_hist_archived (archived_at), ALGORITHM = INPLACE, LOCK = NONE;
ALTER TABLE reconcile_work_order ADD KEY idx_work_order_status_resolved (status, resolved_at), ALGORITHM = INPLACE, LOCK = NONE;
