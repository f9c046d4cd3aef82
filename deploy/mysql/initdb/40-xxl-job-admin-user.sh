#!/bin/bash
# The admin console's one user, "admin", with XXL_JOB_ADMIN_PASSWORD from .env instead of the
# published admin/123456 that XXL-Job's own schema seeds. XXL-Job 3.x keeps the SHA-256 hex digest
# of the password (its seed row for 123456 is exactly SHA2('123456', 256)).
set -eo pipefail

case "$XXL_JOB_ADMIN_PASSWORD" in
    '') echo "XXL_JOB_ADMIN_PASSWORD is empty" >&2; exit 1 ;;
    *"'"*|*\\*) echo "XXL_JOB_ADMIN_PASSWORD contains a quote or a backslash" >&2; exit 1 ;;
esac

mysql --defaults-extra-file=<(printf '[client]\nuser=root\npassword=%s\n' "$MYSQL_ROOT_PASSWORD") --protocol=socket <<SQL
INSERT INTO xxl_job.xxl_job_user (username, password, role, permission)
VALUES ('admin', SHA2('$XXL_JOB_ADMIN_PASSWORD', 256), 1, NULL);
SQL
