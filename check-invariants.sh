#!/usr/bin/env bash
# Checks the invariants of a running Eventual stack (the compose stack by default, or any other: its
# databases' hosts, accounts and TLS are options) by reading its three databases; SELECT rights are
# enough. Options and exit codes: ./check-invariants.sh --help, docs/invariant-checker.md.
# Passwords come from EVENTUAL_CHECK_DB_PASSWORD or --db-password-file, never the command line.
set -euo pipefail
root="$(cd "$(dirname "$0")" && pwd)"
# no cd: a --db-password-file or --trust-store path is meant from where the user stands
shopt -s nullglob
jars=("$root"/tooling/launcher/target/eventual-launcher-*-exec.jar)
if [ ${#jars[@]} -eq 0 ]; then
    echo "building the launcher jar (once; ./mvnw package -pl tooling/launcher -am -DskipTests rebuilds it)" >&2
    # stdout stays the check's report alone; the build's own output goes to stderr
    (cd "$root" && ./mvnw -q -B -ntp -DskipTests -pl tooling/launcher -am package) >&2
    jars=("$root"/tooling/launcher/target/eventual-launcher-*-exec.jar)
fi
if [ ${#jars[@]} -ne 1 ]; then
    echo "expected one tooling/launcher/target/eventual-launcher-*-exec.jar, found ${#jars[@]}: remove the stale ones" >&2
    exit 2
fi
exec java -jar "${jars[0]}" check "$@"
