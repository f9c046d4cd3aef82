-- order_db, version 9: the work orders' audit holds any person's name. Who resolved and who acted is
-- the access token's subject, which OpenID Connect caps at 255 characters (TextLimits.SUBJECT); 64
-- refused the longer names other identity providers issue, and the action with them.
ALTER TABLE reconcile_work_order MODIFY resolved_by VARCHAR(255) NULL;
ALTER TABLE reconcile_work_order_audit MODIFY operator VARCHAR(255) NOT NULL COMMENT 'user name, or reconcile-job for automatic entries';
