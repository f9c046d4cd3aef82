-- order_db, version 13: a consumer may report REFUSED, an event that came again after its retention and was not
-- applied (docs/retention.md). The recording replaces any stored status with it and hands the event back to
-- reconciliation, which opens a work order. Adding the CHECK back reads every row once to validate it (MySQL 8.4
-- and MariaDB 11.4 copy the table for it): on a large message_consumer_status, run it in a quiet hour.
ALTER TABLE message_consumer_status DROP CONSTRAINT ck_consumer_status;
ALTER TABLE message_consumer_status ADD CONSTRAINT ck_consumer_status
    CHECK (status IN ('PROCESSING', 'SUCCESS', 'FAIL', 'REFUSED'));
