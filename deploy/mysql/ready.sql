-- The mysql service's health check (docker-compose.yml): prints 1 once the init scripts of
-- deploy/mysql/initdb have finished, and 0 or an error before. "Finished" is judged by what the
-- stack's other containers need, never by exact row counts, so the answer stays 1 however the
-- console and the services change their data afterwards:
--   * the four databases and the five accounts (10-databases-and-users.sh);
--   * at least one console user: only the last script (40-xxl-job-admin-user.sh) creates one, and
--     the entrypoint runs the scripts in order and stops at the first that fails. The console may
--     add users later; a second user must not make the database look unhealthy.
SELECT (SELECT COUNT(*) FROM information_schema.schemata
         WHERE schema_name IN ('order_db', 'inventory_db', 'notice_db', 'xxl_job')) = 4
   AND (SELECT COUNT(DISTINCT user) FROM mysql.user
         WHERE host = '%' AND user IN ('order_service', 'reconcile_job', 'inventory_service', 'notice_service', 'xxl_job')) = 5
   AND EXISTS (SELECT 1 FROM xxl_job.xxl_job_user) AS ready;
