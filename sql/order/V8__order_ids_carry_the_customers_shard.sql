-- order_db, version 8: order ids carry their customer's logical shard (user_id mod 1024) in their low
-- 10 bits, so an order id names the server its rows live on once order_db is split (docs/design.md,
-- "Sharding order_db"). The bits come from the worker id (10 -> 8 bits) and the sequence (12 -> 4).
-- Worker ids 256-1023 no longer exist. Ids of the old and the new layout could collide in the same
-- millisecond, so order-service is upgraded across this version by stopping every old instance first
-- (docs/operations.md).
DELETE FROM order_worker_lease WHERE worker_id > 255;
ALTER TABLE order_worker_lease DROP CONSTRAINT ck_worker_lease_worker_id;
ALTER TABLE order_worker_lease ADD CONSTRAINT ck_worker_lease_worker_id CHECK (worker_id BETWEEN 0 AND 255);
