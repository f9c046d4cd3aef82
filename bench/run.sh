#!/usr/bin/env bash
# The benchmark in one command (bench/README.md): builds the bench module and what it needs (reactor
# build, nothing installed into ~/.m2), then runs every section. Options: bench/run.sh --help
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ "${BENCH_SKIP_BUILD:-}" != "1" ]]; then
  ./mvnw -q -B -pl bench -am package -DskipTests
fi

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mkdir -p bench/target/run/home bench/target/run/tmp
# The broker lives in this JVM: heap for its page cache bookkeeping, the load generator and the
# in-process reconcile job. user.home keeps RocketMQ's own logs under bench/target.
exec "$JAVA" -Xmx2g -XX:+UseParallelGC -Dio.netty.noUnsafe=false \
  -Duser.home="$PWD/bench/target/run/home" -Djava.io.tmpdir="$PWD/bench/target/run/tmp" \
  -cp "$(cat bench/target/classpath.txt):$PWD/bench/target/classes" dev.eventual.bench.BenchMain "$@"
