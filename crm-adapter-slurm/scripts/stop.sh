#!/usr/bin/env bash
# Stops the slurmd daemons and slurmctld that start.sh started (by their pid files), and munged if it
# was started by start.sh. Idempotent. Job state is kept in $DOJI_SLURM_STATE; DOJI_SLURM_WIPE=1 removes it.
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
if [ "${DOJI_SLURM_STOP_MUNGE:-0}" = 1 ] && [ -f /run/munge/munged.pid ]; then stop_pidfile /run/munge/munged.pid; fi
if [ "${DOJI_SLURM_WIPE:-0}" = 1 ]; then rm -rf "$STATE"; log "state removed"; fi
log "stopped"
