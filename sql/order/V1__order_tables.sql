-- order_db, version 1: orders, the local message table, per-consumer status, work orders.
-- Runs unchanged on MySQL 8.4 and MariaDB 11.4. Timestamps are UTC (the services pin the
-- session time zone). State machines: docs/state-machines.md.

CREATE TABLE t_order (
    order_id        BIGINT       NOT NULL COMMENT 'snowflake id',
    user_id         BIGINT       NOT NULL,
    idempotency_key VARCHAR(64)  NOT NULL COMMENT 'client key, unique per user',
    sku_id          BIGINT       NOT NULL,
    quantity        INT          NOT NULL,
    status          VARCHAR(16)  NOT NULL COMMENT 'OrderStatus',
    version         INT          NOT NULL DEFAULT 0 COMMENT 'guards status transitions',
    created_at      DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at      DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (order_id),
    UNIQUE KEY uk_order_user_idempotency (user_id, idempotency_key),
    KEY idx_order_user_status_id (user_id, status, order_id),
    CONSTRAINT ck_order_quantity CHECK (quantity > 0),
    CONSTRAINT ck_order_status CHECK (status IN ('CREATED', 'PAID', 'SHIPPED', 'CANCELED'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per order event (created, canceled). The unique (order_id, event_type) key is what
-- makes the transaction check-back exact: the check inserts a ROLLED_BACK tombstone with
-- INSERT IGNORE under the same key, which waits for an in-flight local transaction's row lock.
CREATE TABLE message_log (
    id                  BIGINT        NOT NULL AUTO_INCREMENT,
    order_id            BIGINT        NOT NULL,
    event_type          VARCHAR(32)   NOT NULL COMMENT 'OrderEventType',
    shard_key           INT           NOT NULL COMMENT 'hash(order_id) in [0, 65536): reconcile shards take ranges of it',
    topic               VARCHAR(127)  NOT NULL,
    tag                 VARCHAR(64)   NOT NULL,
    msg_key             VARCHAR(64)   NOT NULL COMMENT 'broker message key (the order id)',
    transaction_id      VARCHAR(128)  NULL COMMENT 'broker transaction id, for diagnosis',
    payload             TEXT          NULL COMMENT 'event JSON, re-driven by reconciliation; NULL for tombstones',
    msg_status          VARCHAR(16)   NOT NULL COMMENT 'MessageStatus, derived from the consumer status rows',
    reconcile_status    VARCHAR(16)   NOT NULL COMMENT 'ReconcileStatus',
    retry_count         INT           NOT NULL DEFAULT 0,
    next_reconcile_time DATETIME(3)   NOT NULL,
    version             INT           NOT NULL DEFAULT 0 COMMENT 'claim guard for reconcile runs',
    last_error          VARCHAR(512)  NULL,
    created_at          DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at          DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_message_log_order_event (order_id, event_type),
    -- reconcile scan: one status, one shard's key range, due rows first
    KEY idx_message_log_due (reconcile_status, shard_key, next_reconcile_time),
    -- archive scan: finished rows by age
    KEY idx_message_log_finished (reconcile_status, updated_at),
    CONSTRAINT ck_message_log_shard_key CHECK (shard_key BETWEEN 0 AND 65535),
    CONSTRAINT ck_message_log_event_type CHECK (event_type IN ('ORDER_CREATED', 'ORDER_CANCELED')),
    CONSTRAINT ck_message_log_msg_status CHECK (msg_status IN ('INIT', 'SENT', 'CONSUMED', 'FAIL', 'ROLLED_BACK')),
    CONSTRAINT ck_message_log_reconcile_status CHECK (reconcile_status IN ('PENDING', 'RETRY', 'SUCCESS', 'FAIL', 'SKIPPED'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Archive of finished message_log rows (same id), written in batches by the archive job.
CREATE TABLE message_log_hist (
    id                  BIGINT        NOT NULL,
    order_id            BIGINT        NOT NULL,
    event_type          VARCHAR(32)   NOT NULL,
    shard_key           INT           NOT NULL,
    topic               VARCHAR(127)  NOT NULL,
    tag                 VARCHAR(64)   NOT NULL,
    msg_key             VARCHAR(64)   NOT NULL,
    transaction_id      VARCHAR(128)  NULL,
    payload             TEXT          NULL,
    msg_status          VARCHAR(16)   NOT NULL,
    reconcile_status    VARCHAR(16)   NOT NULL,
    retry_count         INT           NOT NULL,
    next_reconcile_time DATETIME(3)   NOT NULL,
    version             INT           NOT NULL,
    last_error          VARCHAR(512)  NULL,
    created_at          DATETIME(3)   NOT NULL,
    updated_at          DATETIME(3)   NOT NULL,
    archived_at         DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_message_log_hist_order (order_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- What each consumer group reported for each event: one column cannot hold two consumers'
-- outcomes, so message_log.msg_status is derived from these rows.
CREATE TABLE message_consumer_status (
    order_id       BIGINT        NOT NULL,
    event_type     VARCHAR(32)   NOT NULL,
    consumer_group VARCHAR(64)   NOT NULL,
    status         VARCHAR(16)   NOT NULL COMMENT 'ConsumeStatus',
    detail         VARCHAR(512)  NULL,
    created_at     DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at     DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (order_id, event_type, consumer_group),
    CONSTRAINT ck_consumer_status CHECK (status IN ('PROCESSING', 'SUCCESS', 'FAIL'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Manual work orders: at most one per (order, event); a later exhaustion reopens it.
CREATE TABLE reconcile_work_order (
    id               BIGINT        NOT NULL AUTO_INCREMENT,
    order_id         BIGINT        NOT NULL,
    event_type       VARCHAR(32)   NOT NULL,
    message_log_id   BIGINT        NOT NULL,
    status           VARCHAR(16)   NOT NULL COMMENT 'WorkOrderStatus',
    resolution       VARCHAR(16)   NULL COMMENT 'WorkOrderAction that resolved it',
    reason           VARCHAR(512)  NOT NULL COMMENT 'why reconciliation gave up',
    order_status     VARCHAR(16)   NULL COMMENT 'snapshot when opened',
    inventory_status VARCHAR(16)   NULL COMMENT 'snapshot when opened',
    notice_status    VARCHAR(16)   NULL COMMENT 'snapshot when opened',
    retry_count      INT           NOT NULL,
    open_count       INT           NOT NULL DEFAULT 1,
    resolved_by      VARCHAR(64)   NULL,
    resolved_at      DATETIME(3)   NULL,
    resolution_note  VARCHAR(1024) NULL,
    created_at       DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at       DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_work_order_order_event (order_id, event_type),
    KEY idx_work_order_status_id (status, id),
    CONSTRAINT ck_work_order_status CHECK (status IN ('OPEN', 'RESOLVED')),
    CONSTRAINT ck_work_order_resolution CHECK (resolution IS NULL OR resolution IN ('RETRY', 'CANCEL_ORDER', 'CLOSE'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- Audit trail: every opening and every operator action on a work order, with its outcome.
CREATE TABLE reconcile_work_order_audit (
    id            BIGINT        NOT NULL AUTO_INCREMENT,
    work_order_id BIGINT        NOT NULL,
    action        VARCHAR(16)   NOT NULL COMMENT 'OPEN, REOPEN or a WorkOrderAction',
    operator      VARCHAR(64)   NOT NULL COMMENT 'user name, or reconcile-job for automatic entries',
    note          VARCHAR(1024) NULL,
    outcome       VARCHAR(16)   NOT NULL COMMENT 'APPLIED, REJECTED or FAILED',
    detail        VARCHAR(512)  NULL,
    created_at    DATETIME(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    KEY idx_work_order_audit_work_order (work_order_id, id),
    CONSTRAINT ck_work_order_audit_outcome CHECK (outcome IN ('APPLIED', 'REJECTED', 'FAILED'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
