#!/usr/bin/env bash
# The test command: installs what the tests need (Debian packages; TORQUE 6.1.3 from its source), starts
# the real systems the adapters drive (Grid Engine, Open vSwitch, Slurm, TORQUE) on this machine and, with all
# four, the real grid's network joining their nodes (scripts/realgrid/network.sh), builds
# and starts PostgreSQL (Debian's server), then builds every module and runs every test on H2, and the suites
# that matter for the database again on PostgreSQL in the same build (the RM contract suite, schema, retention,
# store and crash-recovery tests, the GRC's end-to-end, crash-recovery and replica ITs: doji.pg.* in pom.xml),
# then stops what it started. Needs root (or sudo) for apt-get, network namespaces and the daemons. Extra arguments go to Maven.
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
realgrid_started=""
stop_backends() {
  if [ -n "$realgrid_started" ]; then
    "$root/scripts/realgrid/network.sh" stop || echo "[test] warning: stopping the real grid's network failed"
  fi
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

# the real grid (RealGridIT): the four real systems' nodes joined by the Open vSwitch network the
# network RM controls; the ITs start the RMs and the GRC over it themselves
if [[ " $backends " == *" sge "* && " $backends " == *" ovs "* && " $backends " == *" slurm "* && " $backends " == *" torque "* ]]; then
  t0=$SECONDS
  realgrid_started=yes
  "$root/scripts/realgrid/network.sh" start
  echo "[test] the real grid's network up in $((SECONDS - t0)) s"
  require="$require,realgrid"
fi

if [[ " $databases " == *" postgresql "* ]]; then
  t0=$SECONDS
  "$root/scripts/postgres.sh" status || postgres_started=yes # a server running before is left running
  "$root/scripts/postgres.sh" start
  echo "[test] PostgreSQL up in $((SECONDS - t0)) s"
fi

# two modules at a time: the adapters' suites mostly wait on their batch systems and switches, and the GRC's
# modules do not need them (integration-tests still starts only when every module it uses is built). Starting the
# ITs before the adapters' suites end (Takari's smart builder) was slower: 29:05 against 22:46, both at once
# fighting for the two cores.
build=(./mvnw -B -T 2)
if [[ " $databases " == *" h2 "* ]]; then
  pg=()
  if [[ " $databases " == *" postgresql "* ]]; then
    # the database suites again on PostgreSQL, in the same build right after their H2 run (pom.xml: doji.pg.*)
    pg=(-Ddoji.pg.skip=false)
  fi
  echo "[test] building all modules; their tests on H2 (databases: $databases; required real systems: $require)"
  "${build[@]}" install -Ddoji.it.require="$require" "${pg[@]}" "$@"
else
  echo "[test] building all modules; the database suites on PostgreSQL (required real systems: $require)"
  "${build[@]}" install -DskipTests "$@"
  ./mvnw -B verify -Ppostgresql -pl rm-core,grc-service/coordinator,integration-tests -Ddoji.it.require="$require" "$@"
fi
