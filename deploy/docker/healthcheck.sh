#!/bin/bash
# Container health check without curl or wget (Temurin images for Java 22+ no longer ship curl):
# one HTTP/1.0 GET over bash's /dev/tcp, healthy on a 2xx or 3xx status. Spring Boot's
# /actuator/health answers 503 while any component is DOWN.
# usage: healthcheck.sh PORT PATH
set -eu
port=$1
path=$2
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$path" >&3
IFS= read -r -t 5 status <&3 || { echo "no response from port $port" >&2; exit 1; }
case "$status" in
    HTTP/*" "[23][0-9][0-9]" "*|HTTP/*" "[23][0-9][0-9]$'\r') exit 0 ;;
esac
echo "unhealthy: $status" >&2
exit 1
