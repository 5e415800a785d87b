#!/usr/bin/env bash
# Regenerates the evaluation's committed example outputs under docs/simulation/ (docs/simulation.md):
# the reference scenario over seeds 1-5 at the paper's 10-minute interval, both booking readings and all three
# settings. Deterministic: the same code gives the same bytes (timing.txt, which varies, is not kept).
# Takes a while on a busy machine (about ½ CPU-minute per seed); run it niced. Extra arguments go to `doji simulate`.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
jar="$root/grc-service/app/target/doji-grc-service-0.1.0-SNAPSHOT-exec.jar"
if [[ ! -f "$jar" ]]; then
  (cd "$root" && ./mvnw -B -q -pl grc-service/app -am package -DskipTests) >&2
fi
out="$root/docs/simulation/reference"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# full JIT (scripts/doji starts the client with C1 only, which suits short commands, not an hour of planning)
java ${JAVA_OPTS:-} -jar "$jar" simulate --runs 5 --intervals 10 --out "$tmp" "$@" > /dev/null
mkdir -p "$out"
for f in summary.txt summary.csv success-over-time.svg success-over-time.csv; do
  cp "$tmp/$f" "$out/$f"
done
echo "wrote $out" >&2
