#!/usr/bin/env bash
# The real grid on one machine: Grid Engine, TORQUE 6.1.3 and Slurm clusters (4 nodes each, every node in its own
# network namespace) joined by an Open vSwitch wide-area network (network.sh), one RM process per adapter, as
# deployed, and one GRC over them. Needs root (apt-get, namespaces, daemons).
#
#   grid.sh up              install (idempotent) and start the four real systems and the network
#   grid.sh serve [--port=P] [--data=DIR]
#                           start the RMs and the GRC (executable jars; build first) in the background:
#                           GRC on P (8080), crm-sge P+1, crm-torque P+2, crm-slurm P+3, nrm-wan P+4;
#                           H2 files, logs and pid files under DIR (./data/realgrid)
#   grid.sh stop-services [--data=DIR]   stop what serve started (by its pid files)
#   grid.sh down            stop the network and the four real systems
#   grid.sh status          the real systems' own view: nodes, reservations, jobs, flows and meters
# Environment: DOJI_TORQUE_MIRROR (see crm-adapter-torque/README.md), DOJI_REALGRID_CONTROLLER_PORT (6654).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/scripts/realgrid
cmd=${1:-}
shift || true
port=8080
data=$root/data/realgrid
for a in "$@"; do
  case $a in
    --port=*) port=${a#--port=};;
    --data=*) data=${a#--data=};;
    *) echo "unknown option $a" >&2; exit 2;;
  esac
done
log() { echo "[realgrid] $(date +%H:%M:%S) $*"; }
backends="sge ovs slurm torque"
declare -A module=([sge]=crm-adapter-sge [ovs]=nrm-adapter-openflow [slurm]=crm-adapter-slurm [torque]=crm-adapter-torque)
rms="crm-sge crm-torque crm-slurm nrm-wan"
declare -A jar=([crm-sge]=crm-adapter-sge/target/doji-crm-adapter-sge-0.1.0-SNAPSHOT-exec.jar
  [crm-torque]=crm-adapter-torque/target/doji-crm-adapter-torque-0.1.0-SNAPSHOT-exec.jar
  [crm-slurm]=crm-adapter-slurm/target/doji-crm-adapter-slurm-0.1.0-SNAPSHOT-exec.jar
  [nrm-wan]=nrm-adapter-openflow/target/doji-nrm-adapter-openflow-0.1.0-SNAPSHOT-exec.jar
  [grc]=grc-service/app/target/doji-grc-service-0.1.0-SNAPSHOT-exec.jar)

up() {
  local t0=$SECONDS t
  for b in $backends; do
    t=$SECONDS
    log "installing $b"
    "$root/${module[$b]}/scripts/install.sh"
    log "starting $b"
    "$root/${module[$b]}/scripts/start.sh"
    log "$b up in $((SECONDS - t)) s"
  done
  "$here/network.sh" start "${DOJI_REALGRID_CONTROLLER_PORT:-6654}"
  log "real systems and network up in $((SECONDS - t0)) s"
}

down() {
  "$here/network.sh" stop || true
  for b in torque slurm sge ovs; do "$root/${module[$b]}/scripts/stop.sh" || log "warning: stopping $b failed"; done
}

serving() { curl -fs -o /dev/null --max-time 5 "$1?wsdl"; }

serve() {
  mkdir -p "$data/logs" "$data/run" "$data/db"
  # a TORQUE job's output is copied back by its mom: the users' directory must be writable by them
  mkdir -p /tmp/doji-realgrid && chmod 1777 /tmp/doji-realgrid
  local i=0 id p
  for id in $rms; do
    i=$((i + 1))
    p=$((port + i))
    [ -f "$root/${jar[$id]}" ] || { echo "missing ${jar[$id]}: build first (./mvnw -B install -DskipTests)" >&2; exit 1; }
    log "starting $id on port $p (log $data/logs/$id.log)"
    (cd "$data" && exec setsid java -XX:TieredStopAtLevel=1 -Xmx384m -jar "$root/${jar[$id]}" \
      --spring.config.additional-location="file:$here/config/$id.yml" --server.port="$p" \
      --spring.datasource.url="jdbc:h2:file:$data/db/$id;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;QUERY_CACHE_SIZE=64" \
      </dev/null >"$data/logs/$id.log" 2>&1) &
    echo $! > "$data/run/$id.pid"
  done
  local args=() j=0
  for id in $rms; do
    args+=("--doji.grc.rms[$j].id=$id" "--doji.grc.rms[$j].url=http://localhost:$((port + j + 1))/services/rm")
    j=$((j + 1))
  done
  for id in $rms; do
    i=$(( $(echo "$rms" | tr ' ' '\n' | grep -nx "$id" | cut -d: -f1) ))
    for _ in $(seq 1 240); do
      serving "http://localhost:$((port + i))/services/rm" && break
      kill -0 "$(cat "$data/run/$id.pid")" 2>/dev/null || { echo "$id exited; see $data/logs/$id.log" >&2; tail -20 "$data/logs/$id.log" >&2; exit 1; }
      sleep 0.5
    done
    serving "http://localhost:$((port + i))/services/rm" || { echo "$id does not answer; see $data/logs/$id.log" >&2; exit 1; }
    log "$id serving at http://localhost:$((port + i))/services/rm"
  done
  log "starting the GRC on port $port (log $data/logs/grc.log)"
  (cd "$data" && exec setsid java -XX:TieredStopAtLevel=1 -Xmx512m -jar "$root/${jar[grc]}" grc \
    --spring.config.additional-location="file:$here/config/grc.yml" --server.port="$port" \
    --spring.datasource.url="jdbc:h2:file:$data/db/grc;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;QUERY_CACHE_SIZE=64" \
    "${args[@]}" </dev/null >"$data/logs/grc.log" 2>&1) &
  echo $! > "$data/run/grc.pid"
  for _ in $(seq 1 240); do
    serving "http://localhost:$port/services/grc" && break
    kill -0 "$(cat "$data/run/grc.pid")" 2>/dev/null || { echo "the GRC exited; see $data/logs/grc.log" >&2; exit 1; }
    sleep 0.5
  done
  serving "http://localhost:$port/services/grc" || { echo "the GRC does not answer; see $data/logs/grc.log" >&2; exit 1; }
  log "GRC serving at http://localhost:$port/services/grc (dashboard http://localhost:$port/)"
}

stop_services() {
  local f pid
  for f in "$data"/run/grc.pid "$data"/run/crm-*.pid "$data"/run/nrm-*.pid; do
    [ -s "$f" ] || continue
    pid=$(cat "$f")
    if kill -0 "$pid" 2>/dev/null; then
      log "stopping $(basename "$f" .pid) ($pid)"
      kill -TERM "$pid"
      for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    fi
    rm -f "$f"
  done
}

status() {
  echo "== Grid Engine (qhost, qrstat, qstat)"
  /usr/lib/gridengine/qhost 2>&1 | tail -n +4 || true
  SGE_ROOT=/var/lib/gridengine /usr/lib/gridengine/qrstat -u '*' 2>&1 || true
  /usr/lib/gridengine/qstat -u '*' 2>&1 || true
  echo "== TORQUE (pbsnodes, qstat)"
  /opt/torque/bin/pbsnodes -l all 2>&1 || true
  /opt/torque/bin/qstat -a 2>&1 || true
  echo "== Slurm (sinfo, scontrol show reservation, squeue)"
  sinfo -N 2>&1 || true
  scontrol show reservation 2>&1 || true
  squeue 2>&1 || true
  echo "== Open vSwitch (the wide-area switches' flows and meters)"
  "$here/network.sh" status
}

export SGE_ROOT=${SGE_ROOT:-/var/lib/gridengine} SGE_CELL=${SGE_CELL:-default}
case $cmd in
  up) up;;
  serve) serve;;
  stop-services) stop_services;;
  down) down;;
  status) status;;
  *) sed -n '2,15p' "$0" >&2; exit 2;;
esac
