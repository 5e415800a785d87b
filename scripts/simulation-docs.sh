#!/usr/bin/env bash
# Regenerates the evaluation's committed example outputs under docs/simulation/ (docs/simulation.md), each over
# seeds 1-5 with both booking readings and all three settings:
#   reference           the reference scenario at the paper's 10-minute interval (the default)
#   interval-5          the reference scenario at the 5-minute interval
#   tie-break-reversed  the reference scenario, 10 minutes, ties broken in the reversed RM order (sensitivity case)
#   link-failure        docs/scenarios/link-failure.yaml, 10 minutes
#   all                 the four, one after the other
# Usage: scripts/simulation-docs.sh [NAME...] [-- extra arguments for `doji simulate`]
# Deterministic: the same code gives the same bytes (timing.txt, which varies, is not kept). Takes a while on a busy
# machine (about 40 CPU-seconds per seed at 10 minutes, several times that at 5); run it niced.
set -euo pipefail
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)
jar="$root/grc-service/app/target/doji-grc-service-0.1.0-SNAPSHOT-exec.jar"
names=()
while [[ $# -gt 0 && "$1" != "--" ]]; do
  case "$1" in
    all) names+=(reference tie-break-reversed link-failure interval-5) ;;
    reference|interval-5|tie-break-reversed|link-failure) names+=("$1") ;;
    *) echo "unknown output '$1' (reference, interval-5, tie-break-reversed, link-failure, all)" >&2; exit 2 ;;
  esac
  shift
done
[[ $# -gt 0 ]] && shift # the --
[[ ${#names[@]} -eq 0 ]] && names=(reference)
if [[ ! -f "$jar" ]]; then
  (cd "$root" && ./mvnw -B -q -pl grc-service/app -am package -DskipTests) >&2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for name in "${names[@]}"; do
  case "$name" in
    reference) args=(--intervals 10) ;;
    interval-5) args=(--intervals 5) ;;
    tie-break-reversed) args=(--intervals 10 --tie-break REVERSED_RM_ORDER) ;;
    link-failure) args=(--intervals 10 --scenario "$root/docs/scenarios/link-failure.yaml") ;;
  esac
  out="$root/docs/simulation/$name"
  rm -rf "${tmp:?}"/*
  echo "$name: simulate --runs 5 ${args[*]} $*" >&2
  # full JIT (scripts/doji starts the client with C1 only, which suits short commands, not an hour of planning)
  java ${JAVA_OPTS:-} -jar "$jar" simulate --runs 5 "${args[@]}" --out "$tmp" "$@" > /dev/null
  mkdir -p "$out"
  for f in summary.txt summary.csv success-over-time.svg success-over-time.csv; do
    cp "$tmp/$f" "$out/$f"
  done
  echo "wrote $out" >&2
done
