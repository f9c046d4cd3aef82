-- order_db, version 10: work orders are found by SKU. The SKU of a work order's order is kept on the
-- work order when it opens (from its event, which every event type carries; an order's SKU never
-- changes), so the console and the API filter and bulk-work the open work orders of one SKU through an
-- index instead of joining t_order. NULL where the event could not be read. (status, sku_id, id): the
-- open ones of one SKU in id order, for the list and the bulk act (docs/reconcile-job.md).
ALTER TABLE reconcile_work_order
    ADD COLUMN sku_id BIGINT NULL COMMENT 'the order''s SKU, from its event when opened',
    ADD KEY idx_work_order_status_sku (status, sku_id, id);

-- existing work orders: from the order, else from the event's payload
UPDATE reconcile_work_order w JOIN t_order o ON o.order_id = w.order_id SET w.sku_id = o.sku_id;
UPDATE reconcile_work_order w JOIN message_log m ON m.id = w.message_log_id
SET w.sku_id = CAST(JSON_VALUE(m.payload, '$.skuId') AS UNSIGNED)
WHERE w.sku_id IS NULL AND JSON_VALID(m.payload) AND JSON_VALUE(m.payload, '$.skuId') REGEXP '^[0-9]{1,19}$';
