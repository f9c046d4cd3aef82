#!/bin/sh
# Refuses to let the stack start while a secret from .env is missing, still a placeholder or weak.
# Each secret must be 16+ characters of letters, digits, '.', '_' or '-': long enough for the
# services' own token checks, and safe to embed unquoted in SQL, JDBC properties and the
# XXL-Job admin's command line. `openssl rand -hex 24` makes a good one.
# usage: check-secrets.sh NAME... (the values come from the environment)
status=0
for name in "$@"; do
    value=$(printenv "$name" || true)
    lower=$(printf '%s' "$value" | tr '[:upper:]' '[:lower:]')
    if [ -z "$value" ]; then
        echo "$name is not set: copy .env.example to .env and set it" >&2
        status=1
    elif case "$lower" in *change-me*|*changeme*) true ;; *) false ;; esac; then
        echo "$name still has the placeholder value of .env.example: replace it" >&2
        status=1
    elif [ "${#value}" -lt 16 ]; then
        echo "$name is shorter than 16 characters" >&2
        status=1
    elif case "$value" in *[!A-Za-z0-9._-]*) true ;; *) false ;; esac; then
        echo "$name may only contain letters, digits, '.', '_' and '-'" >&2
        status=1
    fi
done
[ "$status" -eq 0 ] && echo "preflight: $# secrets set"
exit "$status"
