#!/usr/bin/env bash
# The main job on embedded defaults: installs what is missing, builds Doji, and starts the demo grid
# (a GRC and six simulated RMs on loopback, H2 files under ./data/demo). It performs one sample
# co-allocation, prints the service and WSDL URLs, and keeps serving until Ctrl-C.
# Options go to the demo: --port=8080 (the GRC; RMs take the next six ports), --data=DIR.
# --real: the same on real systems instead (scripts/realgrid/demo.sh: Grid Engine, TORQUE, Slurm and Open vSwitch
# started on this machine, one RM process per adapter; needs root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
for a in "$@"; do
  if [ "$a" = --real ]; then
    exec "$root/scripts/realgrid/demo.sh" "$@"
  fi
done
DOJI_NODE_SOAP=skip "$root/scripts/install-deps.sh"
echo "[demo] building (tests skipped; run scripts/test.sh for them)"
./mvnw -B -ntp install -DskipTests
exec java -jar grc-service/app/target/doji-grc-service-0.1.0-SNAPSHOT-exec.jar demo "$@"
