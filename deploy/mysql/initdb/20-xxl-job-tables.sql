-- The XXL-Job admin console 3.3.2's own tables, in the xxl_job database that
-- 10-databases-and-users.sh created. Written from the table definitions of the admin's
-- tables_xxl_job.sql for the 3.3 line (the admin ships no migration of its own, and this file is
-- not on Maven Central). Differences from 2.x that 3.x needs: xxl_job_user.password holds a
-- SHA-256 hex digest (100 chars) and has a login token column; xxl_job_log has job indexes.
-- Left out on purpose: the sample executor and job, and the admin/123456 user
-- (40-xxl-job-admin-user.sh creates "admin" with the password from .env).
USE xxl_job;

CREATE TABLE xxl_job_group (
    id           INT         NOT NULL AUTO_INCREMENT,
    app_name     VARCHAR(64) NOT NULL COMMENT 'executor AppName',
    title        VARCHAR(64) NOT NULL COMMENT 'executor display name',
    address_type TINYINT     NOT NULL DEFAULT 0 COMMENT '0 = registered automatically, 1 = entered by hand',
    address_list TEXT COMMENT 'executor addresses, comma-separated',
    update_time  DATETIME             DEFAULT NULL,
    PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_registry (
    id             INT          NOT NULL AUTO_INCREMENT,
    registry_group VARCHAR(50)  NOT NULL,
    registry_key   VARCHAR(255) NOT NULL,
    registry_value VARCHAR(255) NOT NULL,
    update_time    DATETIME DEFAULT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY i_g_k_v (registry_group, registry_key, registry_value)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_info (
    id                        INT          NOT NULL AUTO_INCREMENT,
    job_group                 INT          NOT NULL COMMENT 'xxl_job_group.id',
    job_desc                  VARCHAR(255) NOT NULL,
    add_time                  DATETIME              DEFAULT NULL,
    update_time               DATETIME              DEFAULT NULL,
    author                    VARCHAR(64)           DEFAULT NULL,
    alarm_email               VARCHAR(255)          DEFAULT NULL,
    schedule_type             VARCHAR(50)  NOT NULL DEFAULT 'NONE' COMMENT 'NONE, CRON or FIX_RATE',
    schedule_conf             VARCHAR(128)          DEFAULT NULL COMMENT 'meaning depends on schedule_type',
    misfire_strategy          VARCHAR(50)  NOT NULL DEFAULT 'DO_NOTHING',
    executor_route_strategy   VARCHAR(50)           DEFAULT NULL,
    executor_handler          VARCHAR(255)          DEFAULT NULL,
    executor_param            VARCHAR(512)          DEFAULT NULL,
    executor_block_strategy   VARCHAR(50)           DEFAULT NULL,
    executor_timeout          INT          NOT NULL DEFAULT 0 COMMENT 'seconds, 0 = none',
    executor_fail_retry_count INT          NOT NULL DEFAULT 0,
    glue_type                 VARCHAR(50)  NOT NULL,
    glue_source               MEDIUMTEXT,
    glue_remark               VARCHAR(128)          DEFAULT NULL,
    glue_updatetime           DATETIME              DEFAULT NULL,
    child_jobid               VARCHAR(255)          DEFAULT NULL COMMENT 'child job ids, comma-separated',
    trigger_status            TINYINT      NOT NULL DEFAULT 0 COMMENT '0 = stopped, 1 = running',
    trigger_last_time         BIGINT       NOT NULL DEFAULT 0,
    trigger_next_time         BIGINT       NOT NULL DEFAULT 0,
    PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_logglue (
    id          INT          NOT NULL AUTO_INCREMENT,
    job_id      INT          NOT NULL,
    glue_type   VARCHAR(50) DEFAULT NULL,
    glue_source MEDIUMTEXT,
    glue_remark VARCHAR(128) NOT NULL,
    add_time    DATETIME    DEFAULT NULL,
    update_time DATETIME    DEFAULT NULL,
    PRIMARY KEY (id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_log (
    id                        BIGINT     NOT NULL AUTO_INCREMENT,
    job_group                 INT        NOT NULL,
    job_id                    INT        NOT NULL,
    executor_address          VARCHAR(255)        DEFAULT NULL,
    executor_handler          VARCHAR(255)        DEFAULT NULL,
    executor_param            VARCHAR(512)        DEFAULT NULL,
    executor_sharding_param   VARCHAR(20)         DEFAULT NULL COMMENT 'shard index/total, e.g. 1/2',
    executor_fail_retry_count INT        NOT NULL DEFAULT 0,
    trigger_time              DATETIME            DEFAULT NULL,
    trigger_code              INT        NOT NULL,
    trigger_msg               TEXT,
    handle_time               DATETIME            DEFAULT NULL,
    handle_code               INT        NOT NULL,
    handle_msg                TEXT,
    alarm_status              TINYINT    NOT NULL DEFAULT 0 COMMENT '0 default, 1 none needed, 2 sent, 3 failed',
    PRIMARY KEY (id),
    KEY I_trigger_time (trigger_time),
    KEY I_handle_code (handle_code),
    KEY I_jobid_jobgroup (job_id, job_group),
    KEY I_job_id (job_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_log_report (
    id            INT     NOT NULL AUTO_INCREMENT,
    trigger_day   DATETIME         DEFAULT NULL,
    running_count INT     NOT NULL DEFAULT 0,
    suc_count     INT     NOT NULL DEFAULT 0,
    fail_count    INT     NOT NULL DEFAULT 0,
    update_time   DATETIME         DEFAULT NULL,
    PRIMARY KEY (id),
    UNIQUE KEY i_trigger_day (trigger_day)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_lock (
    lock_name VARCHAR(50) NOT NULL,
    PRIMARY KEY (lock_name)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

CREATE TABLE xxl_job_user (
    id         INT          NOT NULL AUTO_INCREMENT,
    username   VARCHAR(50)  NOT NULL,
    password   VARCHAR(100) NOT NULL COMMENT 'SHA-256 hex digest',
    token      VARCHAR(100) DEFAULT NULL COMMENT 'login token',
    role       TINYINT      NOT NULL COMMENT '0 = user, 1 = administrator',
    permission VARCHAR(255) DEFAULT NULL COMMENT 'executor group ids, comma-separated',
    PRIMARY KEY (id),
    UNIQUE KEY i_username (username)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4;

-- the schedulers of an admin cluster take turns through this row (SELECT ... FOR UPDATE)
INSERT INTO xxl_job_lock (lock_name) VALUES ('schedule_lock');
