-- notice_db, version 2: a notice can be REFUSED, never sent, because its event came after the retention
-- (docs/retention.md, "A late event"): the record may have been cleaned, so the notice may have gone out
-- already. The record keeps the refusal (a redelivery meets it and stays refused) and, by its own
-- updated_at, is cleaned like any other. Runs unchanged on MySQL 8.4 and MariaDB 11.4.

ALTER TABLE notice_log DROP CONSTRAINT ck_notice_log_status;
ALTER TABLE notice_log ADD CONSTRAINT ck_notice_log_status CHECK (status IN ('PROCESSING', 'SUCCESS', 'FAIL', 'REFUSED'));
