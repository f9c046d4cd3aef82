-- The W3C trace context (traceparent) of the request that wrote an event, so the reconcile job's
-- re-drives and work-order actions continue the order's trace (docs/tracing.md). Nullable: rows
-- written before this column, or with tracing off, have none. Added at the end of the row, an
-- instant change on MySQL 8.4 and MariaDB 11.4 however large message_log is.
ALTER TABLE message_log ADD COLUMN trace_parent VARCHAR(55) NULL;
ALTER TABLE message_log_hist ADD COLUMN trace_parent VARCHAR(55) NULL;
