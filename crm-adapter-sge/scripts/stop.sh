#!/usr/bin/env bash
# Stops the cluster started by start.sh and removes its namespaces and /etc/hosts entries.
# Idempotent. The qmaster's spool (queues, users) is kept; install.sh + start.sh reuse it.
set -uo pipefail
. "$(dirname "$0")/env.sh"

pids=()
[ -s "$QMASTER_PIDFILE" ] && pids+=("$(cat "$QMASTER_PIDFILE")")
for f in /var/spool/gridengine/execd/*/execd.pid; do
  [ -s "$f" ] && pids+=("$(cat "$f")")
done
if master_up; then
  log "stopping exec daemons and qmaster"
  qconf -ke all >/dev/null 2>&1 || true
  sleep 1
  qconf -km >/dev/null 2>&1 || true
fi
# Wait for the daemons we know by pid; kill whatever does not go away on its own.
for _ in $(seq 1 60); do
  alive=()
  for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive+=("$p"); done
  [ ${#alive[@]} -eq 0 ] && break
  sleep 0.5
done
for p in "${alive[@]}"; do log "killing $p"; kill -9 "$p" 2>/dev/null || true; done
rm -f "$QMASTER_PIDFILE" /var/spool/gridengine/execd/*/execd.pid

for ns in $(ip netns list | awk '/^sge-node[0-9]+/ {print $1}'); do
  log "removing namespace $ns"
  ip netns del "$ns" || true
  rm -rf "/etc/netns/$ns"
done
hosts_now=$(sed "/^$HOSTS_BEGIN\$/,/^$HOSTS_END\$/d" /etc/hosts)
printf '%s\n' "$hosts_now" > /etc/hosts
log "Grid Engine stopped"
