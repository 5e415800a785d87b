#!/usr/bin/env bash
# The test command: installs what the tests need (Debian packages; TORQUE 6.1.3 from its source), starts
# the real systems the adapters drive (Grid Engine, Open vSwitch, Slurm, TORQUE) on this machine, builds
# every module and runs every test, then stops those systems again. Needs root (or sudo) for apt-get,
# network namespaces and the daemons. Extra arguments go to Maven.
#   DOJI_BACKENDS="sge ovs slurm torque"   which real systems to start (default: all); the ITs of the others skip
#   DOJI_TORQUE_MIRROR=DIR   a local copy of the TORQUE source (and prebuilt tree): see crm-adapter-torque/README.md
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
backends=${DOJI_BACKENDS-"sge ovs slurm torque"}

"$root/scripts/install-deps.sh"

declare -A module=([sge]=crm-adapter-sge [ovs]=nrm-adapter-openflow [slurm]=crm-adapter-slurm [torque]=crm-adapter-torque)
started=()
stop_backends() {
  for b in "${started[@]}"; do
    echo "[test] stopping $b"
    "$root/${module[$b]}/scripts/stop.sh" || echo "[test] warning: stopping $b failed"
  done
}
trap stop_backends EXIT

require=zeep,chromium,node-soap
for b in $backends; do
  echo "[test] installing and starting $b"
  t0=$SECONDS
  "$root/${module[$b]}/scripts/install.sh"
  t1=$SECONDS
  started+=("$b")
  "$root/${module[$b]}/scripts/start.sh"
  echo "[test] $b: install $((t1 - t0)) s, start $((SECONDS - t1)) s"
  require="$require,$b"
done

echo "[test] building and testing all modules (required real systems: $require)"
./mvnw -B install -Ddoji.it.require="$require" "$@"
