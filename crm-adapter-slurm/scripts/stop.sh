#!/usr/bin/env bash
# Stops the slurmd daemons and slurmctld that start.sh started (by their pid files), and munged if it
# was started by start.sh; removes the nodes' namespaces and bridge. Idempotent. Job state is kept in $DOJI_SLURM_STATE; DOJI_SLURM_WIPE=1 removes it.
set -uo pipefail
STATE="${DOJI_SLURM_STATE:-/var/lib/doji-slurm}"
log() { echo "[slurm-stop] $*"; }
stop_pidfile() {
  local f="$1" pid
  [ -f "$f" ] || return 0
  pid="$(cat "$f")"
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping $(basename "$f" .pid) ($pid)"
    kill "$pid"
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  fi
  rm -f "$f"
}
for f in "$STATE"/run/slurmd-*.pid; do [ -e "$f" ] && stop_pidfile "$f"; done
stop_pidfile "$STATE/run/slurmctld.pid"
# the nodes' namespaces (job processes left in them first) and their bridge
for ns in $(ip netns list 2>/dev/null | awk '$1 ~ /^doji-slurm-n[0-9]+$/ {print $1}'); do
  pids="$(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')"
  # shellcheck disable=SC2086
  [ -n "${pids// /}" ] && kill -9 $pids 2>/dev/null
  ip netns del "$ns" 2>/dev/null || true
  rm -rf "/etc/netns/$ns"
done
ip link show slbr0 >/dev/null 2>&1 && ip link del slbr0
if [ "${DOJI_SLURM_STOP_MUNGE:-0}" = 1 ] && [ -f /run/munge/munged.pid ]; then stop_pidfile /run/munge/munged.pid; fi
if [ "${DOJI_SLURM_WIPE:-0}" = 1 ]; then rm -rf "$STATE"; log "state removed"; fi
log "stopped"
