#!/bin/bash
# Runs once, on an empty data volume (the mysql image's /docker-entrypoint-initdb.d): one database per
# service (docs/design.md, "Services and databases") plus the XXL-Job admin's, and one user per service.
#
# No service table is created here. Each service applies sql/<database>/V*__*.sql with its own Flyway
# when it starts (as SchemaMigrator does in the tests), which keeps the Flyway history right and also
# brings an existing volume up to date when a later V3, V4... arrives. Hence ALL PRIVILEGES for the
# database's owner: Flyway needs DDL. reconcile-job works on order_db, which order-service owns and
# migrates (docs/design.md, "Who owns order_db"), so its account reads and writes rows and nothing more.
set -eo pipefail

database_and_user() { # database user password [privileges]
    case "$3" in
        '') echo "no password for $2" >&2; return 1 ;;
        *"'"*|*\\*) echo "the password for $2 contains a quote or a backslash" >&2; return 1 ;;
    esac
    cat <<SQL
CREATE DATABASE IF NOT EXISTS \`$1\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$2'@'%' IDENTIFIED BY '$3';
GRANT ${4:-ALL PRIVILEGES} ON \`$1\`.* TO '$2'@'%';
SQL
}

{
    database_and_user order_db order_service "$ORDER_DB_PASSWORD"
    database_and_user order_db reconcile_job "$RECONCILE_DB_PASSWORD" "SELECT, INSERT, UPDATE, DELETE"
    database_and_user inventory_db inventory_service "$INVENTORY_DB_PASSWORD"
    database_and_user notice_db notice_service "$NOTICE_DB_PASSWORD"
    database_and_user xxl_job xxl_job "$XXL_JOB_DB_PASSWORD"
} | mysql --defaults-extra-file=<(printf '[client]\nuser=root\npassword=%s\n' "$MYSQL_ROOT_PASSWORD") --protocol=socket
