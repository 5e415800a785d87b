#!/usr/bin/env bash
# The real-grid demo (scripts/demo.sh --real): installs and starts Grid Engine, TORQUE 6.1.3, Slurm and the Open
# vSwitch network between their nodes (grid.sh up), builds Doji, starts one RM per adapter and a GRC (grid.sh
# serve), makes one sample co-allocation across the three batch systems with bandwidth between them, and prints
# for each site the exact command that submits a job into its part. Keeps serving until Ctrl-C, then stops
# everything it started. Needs root. Options: --port=P (GRC; the RMs take P+1..P+4), --data=DIR, --no-build.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/scripts/realgrid
port=8080
data=$root/data/realgrid
build=yes
for a in "$@"; do
  case $a in
    --port=*) port=${a#--port=};;
    --data=*) data=${a#--data=};;
    --no-build) build=no;;
    --real) ;;
    *) echo "unknown option $a (--port=P --data=DIR --no-build)" >&2; exit 2;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "the real grid needs root (namespaces, daemons, apt-get): run with sudo" >&2; exit 1; }
log() { echo "[demo] $(date +%H:%M:%S) $*"; }
t0=$SECONDS
cd "$root"

stopping=""
key=""
stop_all() {
  [ -n "$stopping" ] && return
  stopping=yes
  # a second Ctrl-C, or a closed terminal or pipe (SIGPIPE on the next line printed), must not cut the stop short
  trap '' INT TERM PIPE
  # the sample co-allocation is cancelled first: the batch systems keep their reservations across a restart
  # (Grid Engine's AR, Slurm's reservation), and would hold the nodes for the rest of its window
  if [ -n "$key" ]; then
    log "cancelling the sample co-allocation $key"
    DOJI_GRC=http://localhost:$port/services/grc "$root/scripts/doji" cancel "$key" || true
  fi
  log "stopping the RMs, the GRC, the network and the real systems"
  "$here/grid.sh" stop-services --data="$data" || true
  "$here/grid.sh" down || true
  log "stopped"
}
trap stop_all EXIT
trap 'exit 130' INT TERM

DOJI_NODE_SOAP=skip "$root/scripts/install-deps.sh"
if [ "$build" = yes ]; then
  log "building (tests skipped; scripts/test.sh runs them)"
  ./mvnw -B -ntp -q install -DskipTests
fi
"$here/grid.sh" up
"$here/grid.sh" serve --port="$port" --data="$data"
log "the real grid is up in $((SECONDS - t0)) s"

export DOJI_GRC=http://localhost:$port/services/grc
user=dojitq   # a Unix user all three batch systems know (TORQUE refuses root's qsub)
log "sample co-allocation: 2 cores on Grid Engine, 4 on TORQUE, 2 on Slurm; 30 Mbit/s sge-slurm and sge-torque; in 2 minutes, for 30 minutes"
"$root/scripts/doji" reserve --site ge:2:at=sge --site tq:4:at=torque --site sl:2:at=slurm --link ge-sl:30 --link ge-tq:30 \
  --start +2m --duration 30m --also "$user" --description "the real-grid demo" -o json > "$data/sample.json"
key=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["key"])' "$data/sample.json")
"$root/scripts/doji" status "$key"
mkdir -p /tmp/doji-realgrid && chmod 1777 /tmp/doji-realgrid
python3 - "$data/sample.json" "$user" "$port" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1])); user = sys.argv[2]
plan = doc["plan"]; sites = {s["site"]: s for s in plan["sites"]}
addr = {"sge": "10.80.1.", "torque": "10.80.2.", "slurm": "10.80.3."}
ns = {"sge": "sge-", "torque": "doji-", "slurm": "doji-slurm-"}
def data(site, node): return addr[site] + "".join(c for c in node if c.isdigit())
print("\nco-allocation %s, window %s .. %s" % (doc["key"], plan["start"], plan["end"]))
for name in ("sge", "torque", "slurm"):
    s = sites[name]
    print("  %-7s %-10s nodes %-16s handle %s" % (name, s["rmId"], ",".join(s.get("nodes", [])), s.get("handle")))
ge, tq, sl = sites["sge"], sites["torque"], sites["slurm"]
print("""
Submit a job into each site's part (they wait until the window starts, then run on the reserved nodes):

  Grid Engine (advance reservation %(ar)s):
    runuser -u %(u)s -- env SGE_ROOT=/var/lib/gridengine SGE_CELL=default /usr/lib/gridengine/qsub -ar %(ar)s -b y -o /tmp/doji-realgrid -j y hostname

  TORQUE (Doji is the scheduler; the handle is the job's account):
    echo 'hostname; sleep 60' | runuser -u %(u)s -- /opt/torque/bin/qsub -A %(tq)s -l nodes=1:ppn=4,walltime=00:10:00 -o /tmp/doji-realgrid -j oe

  Slurm (reservation %(sl)s):
    runuser -u %(u)s -- sbatch --reservation=%(sl)s -N 1 -t 10 -o /tmp/doji-realgrid/slurm-%%j.out --wrap hostname

The reserved 30 Mbit/s between the Grid Engine and the Slurm node, once the window has started:
    ip netns exec %(slns)s iperf3 -s -1 &
    ip netns exec %(gens)s iperf3 -c %(sladdr)s -t 10

Watch it: scripts/doji status %(key)s ; scripts/realgrid/grid.sh status ; the dashboard http://localhost:%(port)s/
""" % {"ar": ge.get("handle"), "tq": tq.get("handle"), "sl": sl.get("handle"), "u": user, "key": doc["key"],
       "slns": ns["slurm"] + sl["nodes"][0], "gens": ns["sge"] + ge["nodes"][0], "sladdr": data("slurm", sl["nodes"][0]),
       "port": sys.argv[3]})
PY
log "serving until Ctrl-C (logs in $data/logs)"
while true; do sleep 3600 & wait $!; done
