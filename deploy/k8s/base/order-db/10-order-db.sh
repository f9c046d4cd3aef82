#!/bin/bash
# Runs once, on an empty data volume, on each order_db shard server (order-db-<i>): the database and the
# two accounts that use it, as deploy/mysql/initdb/10-databases-and-users.sh makes them on the compose
# stack's single server. order-service owns and migrates order_db (Flyway, DDL: ALL PRIVILEGES);
# reconcile-job only reads and writes rows.
set -eo pipefail

for password in "$ORDER_DB_PASSWORD" "$RECONCILE_DB_PASSWORD"; do
    case "$password" in
        '') echo "ORDER_DB_PASSWORD and RECONCILE_DB_PASSWORD must both be set" >&2; exit 1 ;;
        *"'"*|*\\*) echo "a password contains a quote or a backslash" >&2; exit 1 ;;
    esac
done

mysql --defaults-extra-file=<(printf '[client]\nuser=root\npassword=%s\n' "$MYSQL_ROOT_PASSWORD") --protocol=socket <<SQL
CREATE DATABASE IF NOT EXISTS \`order_db\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS 'order_service'@'%' IDENTIFIED BY '$ORDER_DB_PASSWORD';
GRANT ALL PRIVILEGES ON \`order_db\`.* TO 'order_service'@'%';
CREATE USER IF NOT EXISTS 'reconcile_job'@'%' IDENTIFIED BY '$RECONCILE_DB_PASSWORD';
GRANT SELECT, INSERT, UPDATE, DELETE ON \`order_db\`.* TO 'reconcile_job'@'%';
SQL
