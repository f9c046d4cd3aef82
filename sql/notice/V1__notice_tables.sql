-- notice_db, version 1: one notice record per (order, notice type).
-- Runs unchanged on MySQL 8.4 and MariaDB 11.4. State machines: docs/state-machines.md.

CREATE TABLE notice_log (
    id          BIGINT       NOT NULL AUTO_INCREMENT,
    order_id    BIGINT       NOT NULL,
    notice_type VARCHAR(32)  NOT NULL COMMENT 'the OrderEventType that triggered it',
    channel     VARCHAR(16)  NOT NULL COMMENT 'log, mail, ...',
    recipient   VARCHAR(320) NOT NULL,
    message_id  VARCHAR(190) NOT NULL COMMENT 'stable id derived from order id + type, for downstream dedup',
    status      VARCHAR(16)  NOT NULL COMMENT 'NoticeStatus',
    attempts    INT          NOT NULL DEFAULT 0,
    last_error  VARCHAR(512) NULL,
    created_at  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at  DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (id),
    UNIQUE KEY uk_notice_log_order_type (order_id, notice_type),
    -- cleanup of finished records by age
    KEY idx_notice_log_status_updated (status, updated_at),
    CONSTRAINT ck_notice_log_status CHECK (status IN ('PROCESSING', 'SUCCESS', 'FAIL'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;
