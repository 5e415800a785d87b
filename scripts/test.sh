#!/usr/bin/env bash
# The test command: installs what the tests need (Debian packages; TORQUE 6.1.3 from its source), starts
# the real systems the adapters drive (Grid Engine, Open vSwitch, Slurm, TORQUE) on this machine, builds
# every module and runs every test on H2, then starts PostgreSQL (Debian's server) and runs the suites that
# matter for the database again on it (the RM contract suite, schema, retention, store and crash-recovery tests,
# the GRC's end-to-end, crash-recovery and replica ITs: profile postgresql in pom.xml), then stops what it
# started. Needs root (or sudo) for apt-get, network namespaces and the daemons. Extra arguments go to Maven.
#   DOJI_BACKENDS="sge ovs slurm torque"   which real systems to start (default: all); the ITs of the others skip
#   DOJI_DATABASES="h2 postgresql"         which databases to run the suites on (default: both)
#   DOJI_TORQUE_MIRROR=DIR   a local copy of the TORQUE source (and prebuilt tree): see crm-adapter-torque/README.md
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
backends=${DOJI_BACKENDS-"sge ovs slurm torque"}
databases=${DOJI_DATABASES-"h2 postgresql"}

"$root/scripts/install-deps.sh"

declare -A module=([sge]=crm-adapter-sge [ovs]=nrm-adapter-openflow [slurm]=crm-adapter-slurm [torque]=crm-adapter-torque)
started=()
postgres_started=""
stop_backends() {
  for b in "${started[@]}"; do
    echo "[test] stopping $b"
    "$root/${module[$b]}/scripts/stop.sh" || echo "[test] warning: stopping $b failed"
  done
  if [ -n "$postgres_started" ]; then
    "$root/scripts/postgres.sh" stop || echo "[test] warning: stopping PostgreSQL failed"
  fi
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

echo "[test] building all modules; their tests on H2 (databases: $databases; required real systems: $require)"
if [[ " $databases " == *" h2 "* ]]; then
  # two modules at a time: the adapters' suites mostly wait on their batch systems and switches, and the GRC's
  # modules do not need them (integration-tests still starts only when every module it uses is built)
  ./mvnw -B -T 2 install -Ddoji.it.require="$require" "$@"
else
  ./mvnw -B install -DskipTests "$@"
fi

if [[ " $databases " == *" postgresql "* ]]; then
  t0=$SECONDS
  "$root/scripts/postgres.sh" status || postgres_started=yes # a server running before is left running
  "$root/scripts/postgres.sh" start
  echo "[test] PostgreSQL up in $((SECONDS - t0)) s; the database suites again, on PostgreSQL"
  ./mvnw -B verify -Ppostgresql -pl rm-core,grc-service/coordinator,integration-tests -Ddoji.it.require="$require" "$@"
fi
