-- Pre-registers the reconcile executor group and its five jobs, so the admin triggers them as soon as
-- the reconcile-job replicas register (address_type 0: the addresses come from their heartbeats).
-- The app_name is reconcile-job's xxl.job.executor.appname; the handlers are its @XxlJob methods
-- (XxlJobRegistrationTest checks both).
USE xxl_job;

INSERT INTO xxl_job_group (id, app_name, title, address_type, address_list, update_time)
VALUES (1, 'eventual-reconcile', 'Reconcile', 0, NULL, NOW());

-- Every 30 s on every registered executor (SHARDING_BROADCAST): executor i of n reconciles shard i
-- of n. DISCARD_LATER drops a trigger while that executor's previous run is still going.
INSERT INTO xxl_job_info (job_group, job_desc, add_time, update_time, author, alarm_email, schedule_type,
                          schedule_conf, misfire_strategy, executor_route_strategy, executor_handler,
                          executor_param, executor_block_strategy, executor_timeout, executor_fail_retry_count,
                          glue_type, glue_source, glue_remark, glue_updatetime, child_jobid, trigger_status)
VALUES (1, 'Reconcile orders with stock and notices', NOW(), NOW(), 'eventual', '', 'CRON',
        '0/30 * * * * ?', 'DO_NOTHING', 'SHARDING_BROADCAST', 'orderReconcileJob',
        '', 'DISCARD_LATER', 0, 0,
        'BEAN', '', 'BEAN handler', NOW(), '', 1);

-- Hourly on one executor: moves finished message_log rows older than 30 days to message_log_hist.
INSERT INTO xxl_job_info (job_group, job_desc, add_time, update_time, author, alarm_email, schedule_type,
                          schedule_conf, misfire_strategy, executor_route_strategy, executor_handler,
                          executor_param, executor_block_strategy, executor_timeout, executor_fail_retry_count,
                          glue_type, glue_source, glue_remark, glue_updatetime, child_jobid, trigger_status)
VALUES (1, 'Archive finished message_log rows', NOW(), NOW(), 'eventual', '', 'CRON',
        '0 0 * * * ?', 'DO_NOTHING', 'FIRST', 'messageLogArchiveJob',
        '', 'DISCARD_LATER', 0, 0,
        'BEAN', '', 'BEAN handler', NOW(), '', 1);

-- Every 30 s on every registered executor (SHARDING_BROADCAST, the same shard ranges as
-- reconciliation): cancels the orders still unpaid after eventual.reconcile.unpaid.timeout.
INSERT INTO xxl_job_info (job_group, job_desc, add_time, update_time, author, alarm_email, schedule_type,
                          schedule_conf, misfire_strategy, executor_route_strategy, executor_handler,
                          executor_param, executor_block_strategy, executor_timeout, executor_fail_retry_count,
                          glue_type, glue_source, glue_remark, glue_updatetime, child_jobid, trigger_status)
VALUES (1, 'Cancel orders left unpaid past the timeout', NOW(), NOW(), 'eventual', '', 'CRON',
        '15/30 * * * * ?', 'DO_NOTHING', 'SHARDING_BROADCAST', 'unpaidOrderTimeoutJob',
        '', 'DISCARD_LATER', 0, 0,
        'BEAN', '', 'BEAN handler', NOW(), '', 1);

-- Every 30 s on one executor (FIRST): the stock gate's repair (rebuild after Redis lost its data,
-- reservations of dead placements given back, counts seeded again); a no-op while the gate is off.
INSERT INTO xxl_job_info (job_group, job_desc, add_time, update_time, author, alarm_email, schedule_type,
                          schedule_conf, misfire_strategy, executor_route_strategy, executor_handler,
                          executor_param, executor_block_strategy, executor_timeout, executor_fail_retry_count,
                          glue_type, glue_source, glue_remark, glue_updatetime, child_jobid, trigger_status)
VALUES (1, 'Repair the flash-sale stock gate', NOW(), NOW(), 'eventual', '', 'CRON',
        '20/30 * * * * ?', 'DO_NOTHING', 'FIRST', 'stockGateRepairJob',
        '', 'DISCARD_LATER', 0, 0,
        'BEAN', '', 'BEAN handler', NOW(), '', 1);

-- Hourly (at :30, away from the archive at :00) on every registered executor (SHARDING_BROADCAST): executor i
-- of n deletes, on the order_db servers s with s mod n == i, the archived events and resolved work orders past
-- their retention; executor 0 also asks inventory-service and notice-service to clean their records
-- (docs/retention.md).
INSERT INTO xxl_job_info (job_group, job_desc, add_time, update_time, author, alarm_email, schedule_type,
                          schedule_conf, misfire_strategy, executor_route_strategy, executor_handler,
                          executor_param, executor_block_strategy, executor_timeout, executor_fail_retry_count,
                          glue_type, glue_source, glue_remark, glue_updatetime, child_jobid, trigger_status)
VALUES (1, 'Delete records past their retention', NOW(), NOW(), 'eventual', '', 'CRON',
        '0 30 * * * ?', 'DO_NOTHING', 'SHARDING_BROADCAST', 'retentionCleanupJob',
        '', 'DISCARD_LATER', 0, 0,
        'BEAN', '', 'BEAN handler', NOW(), '', 1);
