-- Two statuses nothing in the suite writes (docs/state-machines.md): message_log INIT (a row stored
-- before the broker has it: the suite has no outbox relay, the half message comes first) and t_order
-- SHIPPED (no shipping step). A deployment that adds either adds it here and in the enum.
ALTER TABLE message_log DROP CONSTRAINT ck_message_log_msg_status;
ALTER TABLE message_log ADD CONSTRAINT ck_message_log_msg_status CHECK (msg_status IN ('SENT', 'CONSUMED', 'FAIL'));
ALTER TABLE t_order DROP CONSTRAINT ck_order_status;
ALTER TABLE t_order ADD CONSTRAINT ck_order_status CHECK (status IN ('CREATED', 'PAID', 'CANCELED'));
