-- inventory_db, version 1: stock and the exactly-once deduction record.
-- Runs unchanged on MySQL 8.4 and MariaDB 11.4. State machines: docs/state-machines.md.

CREATE TABLE inventory (
    sku_id     BIGINT      NOT NULL,
    stock      INT         NOT NULL,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (sku_id),
    -- the conditional decrement (stock >= ?) is the guard; this is the last line of defence
    CONSTRAINT ck_inventory_stock CHECK (stock >= 0)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- One row per order, written in the same local transaction as the stock change: a redelivered
-- event finds the row and changes nothing. A cancel that arrives first writes FENCED, so a late
-- create never deducts.
CREATE TABLE inventory_deduct_log (
    order_id    BIGINT       NOT NULL,
    sku_id      BIGINT       NOT NULL,
    quantity    INT          NOT NULL,
    status      VARCHAR(16)  NOT NULL COMMENT 'DeductStatus',
    fail_reason VARCHAR(256) NULL,
    created_at  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (order_id),
    -- cleanup of finished records by age
    KEY idx_deduct_log_status_updated (status, updated_at),
    CONSTRAINT ck_deduct_log_quantity CHECK (quantity >= 0),
    CONSTRAINT ck_deduct_log_status CHECK (status IN ('SUCCESS', 'FAIL', 'RELEASED', 'FENCED'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
