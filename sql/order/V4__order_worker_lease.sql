-- order_db, version 4: snowflake worker ids are leased, so no two live order-service instances
-- mint under the same one. One row per worker id (0-1023, all created here). An instance takes a
-- free row with a guarded UPDATE (one of two concurrent takers wins), renews it on a schedule and
-- frees it on shutdown; a row whose lease ran out may be taken over. Expiry is judged by the
-- database clock only, so clock skew between hosts does not matter.
CREATE TABLE order_worker_lease (
    worker_id  INT          NOT NULL COMMENT 'snowflake worker id',
    holder     VARCHAR(255) NULL COMMENT 'instance holding (or that last held) the id: host/pid/random',
    expires_at DATETIME(3)  NULL COMMENT 'database time after which the id is free; NULL: never taken or released',
    max_millis BIGINT       NOT NULL DEFAULT 0 COMMENT 'no id minted under this worker id is later than this (epoch ms): the next holder mints after it',
    taken_at   DATETIME(3)  NULL COMMENT 'when the holder took it',
    updated_at DATETIME(3)  NOT NULL DEFAULT CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3),
    PRIMARY KEY (worker_id),
    CONSTRAINT ck_worker_lease_worker_id CHECK (worker_id BETWEEN 0 AND 1023)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_unicode_ci;

-- 0-1023 as five base-4 digits (a recursive CTE would exceed MySQL's default recursion depth of 1000)
INSERT INTO order_worker_lease (worker_id)
SELECT d0.d + 4 * d1.d + 16 * d2.d + 64 * d3.d + 256 * d4.d
FROM (SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) d0
CROSS JOIN (SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) d1
CROSS JOIN (SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) d2
CROSS JOIN (SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) d3
CROSS JOIN (SELECT 0 AS d UNION ALL SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3) d4;
