-- order_db, version 11: an event accepted while the broker could not store its half message
-- (docs/design.md, "The outbox"). The outbox's fallback writes its message_log row WAITING, "not yet on
-- the broker", in the order's own local transaction; the relay in order-service sends it as a normal
-- message and marks it SENT after the broker's SEND_OK. V5 dropped INIT because nothing wrote it; WAITING
-- is that state under a name that says what it waits for.
ALTER TABLE message_log DROP CONSTRAINT ck_message_log_msg_status;
ALTER TABLE message_log ADD CONSTRAINT ck_message_log_msg_status CHECK (msg_status IN ('WAITING', 'SENT', 'CONSUMED', 'FAIL'));

-- relay_attempts: sends tried, for the back-off and the last attempt; next_relay_time: when the relay may
-- try the row next, NULL when it is not the relay's (on the broker, or handed to a work order); relayed_at:
-- when the broker answered SEND_OK to the relay (the console's order story: "relayed at ...").
-- (msg_status, next_relay_time) is the relay's scan, "waiting, due, oldest first": InnoDB keeps the
-- primary key after it, so the scan reads (next_relay_time, id) in order with no sort however long the
-- backlog. Columns at the end of the row: an instant change on MySQL 8.4 and MariaDB 11.4.
ALTER TABLE message_log
    ADD COLUMN relay_attempts INT NOT NULL DEFAULT 0 COMMENT 'relay sends tried (WAITING rows)',
    ADD COLUMN next_relay_time DATETIME(3) NULL COMMENT 'when the relay may try next; NULL: not the relay''s',
    ADD COLUMN relayed_at DATETIME(3) NULL COMMENT 'when the relay''s send was stored; NULL: never relayed',
    ADD KEY idx_message_log_relay (msg_status, next_relay_time);

-- The archive keeps what the story tells of a relayed event (a finished row's next_relay_time is NULL).
ALTER TABLE message_log_hist
    ADD COLUMN relay_attempts INT NOT NULL DEFAULT 0,
    ADD COLUMN relayed_at DATETIME(3) NULL;
