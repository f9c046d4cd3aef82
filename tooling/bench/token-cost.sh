#!/usr/bin/env bash
# The CPU an access token's check adds to a request (tooling/bench/README.md, "Token check"): builds the
# bench module like run.sh (BENCH_SKIP_BUILD=1 skips it), then runs dev.eventual.bench.token.TokenCheckCost.
# Options: tooling/bench/token-cost.sh --help (--customers= --pairs= --per-block= --warm-up= --order-cpu-ms= --label= --results=)
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ "${BENCH_SKIP_BUILD:-}" != "1" ]]; then
  ./mvnw -q -B -pl tooling/bench -am package -DskipTests
fi

JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
mkdir -p tooling/bench/target/token-cost/tmp
exec "$JAVA" -Xmx512m -XX:+UseSerialGC -Djava.io.tmpdir="$PWD/tooling/bench/target/token-cost/tmp" \
  -cp "$(cat tooling/bench/target/classpath.txt):$PWD/tooling/bench/target/classes" dev.eventual.bench.token.TokenCheckCost "$@"
