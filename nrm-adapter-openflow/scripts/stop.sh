#!/usr/bin/env bash
# Removes the test network (bridges, hosts) and stops the OVS daemons start.sh started.
# --keep-daemons: only remove the network. Idempotent.
set -uo pipefail
RUN=/var/run/openvswitch
log() { echo "[ovs-stop] $*"; }
if [ -S $RUN/db.sock ] && command -v ovs-vsctl >/dev/null; then
  for b in c1 c2 a1 a2 a3 a4 e1 e2 e3 e4; do
    ovs-vsctl --timeout=10 -- --if-exists del-br "of-$b"
  done
  log "bridges removed"
fi
for i in 1 2 3 4; do
  # processes the tests started inside a host (iperf3 servers) would keep the namespace alive
  pids="$(ip netns pids "h$i" 2>/dev/null || true)"
  [ -n "$pids" ] && kill $pids 2>/dev/null
  ip netns del "h$i" 2>/dev/null || true
  ip link del "ve-h$i" 2>/dev/null || true
done
log "hosts removed"
[ "${1:-}" = "--keep-daemons" ] && exit 0
for d in ovs-vswitchd ovsdb-server; do
  if [ -f "$RUN/$d.pid" ] && kill -0 "$(cat "$RUN/$d.pid")" 2>/dev/null; then
    pid="$(cat "$RUN/$d.pid")"
    ovs-appctl -t "$RUN/$d.$pid.ctl" exit >/dev/null 2>&1 || kill "$pid" 2>/dev/null
    for _ in $(seq 50); do
      [ -d "/proc/$pid" ] && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null || break
      sleep 0.1
    done
    kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null && kill -9 "$pid"
    log "$d stopped (pid $pid)"
  fi
done
exit 0
