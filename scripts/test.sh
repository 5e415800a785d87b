#!/usr/bin/env bash
# The test command: installs what the tests need (Debian packages), starts the real systems the adapters
# drive (Grid Engine, Open vSwitch, Slurm with TORQUE-compatible commands) on this machine, builds every
# module and runs every test, then stops those systems again. Needs root (or sudo) for apt-get, network
# namespaces and the daemons. Extra arguments go to Maven.
#   DOJI_BACKENDS="sge ovs slurm"   which real systems to start (default: all); the ITs of the others skip
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
backends=${DOJI_BACKENDS-"sge ovs slurm"}

"$root/scripts/install-deps.sh"

declare -A module=([sge]=crm-adapter-sge [ovs]=nrm-adapter-openflow [slurm]=crm-adapter-torque)
started=()
stop_backends() {
  for b in "${started[@]}"; do
    echo "[test] stopping $b"
    "$root/${module[$b]}/scripts/stop.sh" || echo "[test] warning: stopping $b failed"
  done
}
trap stop_backends EXIT

require=zeep,chromium
for b in $backends; do
  echo "[test] installing and starting $b"
  "$root/${module[$b]}/scripts/install.sh"
  started+=("$b")
  "$root/${module[$b]}/scripts/start.sh"
  require="$require,$b"
done

echo "[test] building and testing all modules (required real systems: $require)"
./mvnw -B install -Ddoji.it.require="$require" "$@"
