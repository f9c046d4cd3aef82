#!/usr/bin/env bash
# The benchmark in one command (tooling/bench/README.md): builds the bench module and what it needs
# (reactor build, nothing installed into ~/.m2), then runs every section. Options: tooling/bench/run.sh --help
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ "${BENCH_SKIP_BUILD:-}" != "1" ]]; then
  ./mvnw -q -B -pl tooling/bench -am package -DskipTests
fi

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mkdir -p tooling/bench/target/run/home tooling/bench/target/run/tmp
# The broker lives in this JVM: heap for its page cache bookkeeping, the load generator and the
# in-process reconcile job. user.home keeps RocketMQ's own logs under tooling/bench/target.
exec "$JAVA" -Xmx2g -XX:+UseParallelGC -Dio.netty.noUnsafe=false \
  -Duser.home="$PWD/tooling/bench/target/run/home" -Djava.io.tmpdir="$PWD/tooling/bench/target/run/tmp" \
  -cp "$(cat tooling/bench/target/classpath.txt):$PWD/tooling/bench/target/classes" dev.eventual.bench.BenchMain "$@"
