#!/usr/bin/env bash
# Runs the whole suite on this machine, no Docker: embedded MariaDB, embedded RocketMQ and the four
# services in one JVM. Extra --key=value arguments are Spring properties for every service.
set -euo pipefail
cd "$(dirname "$0")"
./mvnw -q -B -ntp -DskipTests -pl launcher -am install
# Netty 4.2 (JDK 25) needs Unsafe for RocketMQ to free its direct buffers
exec java -Dio.netty.noUnsafe=false -jar launcher/target/eventual-launcher-*-exec.jar "$@"
