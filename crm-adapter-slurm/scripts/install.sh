#!/usr/bin/env bash
# Installs Slurm (munge, slurmctld, slurmd, client) from Debian and Slurm's TORQUE-compatible commands.
# Idempotent. slurm-wlm-torque conflicts with gridengine-client (both ship qsub), so it is NOT installed
# with apt: it is unpacked with dpkg-deb -x into $DOJI_TORQUE_PREFIX (default /opt/doji-slurm-torque)
# and only its dependencies come from apt. Daemons are not started here (see start.sh).
set -euo pipefail
PREFIX="${DOJI_TORQUE_PREFIX:-/opt/doji-slurm-torque}"
export DEBIAN_FRONTEND=noninteractive

log() { echo "[torque-install] $*"; }

# Keep package postinst scripts from starting daemons (no systemd here; start.sh starts them).
POLICY=/usr/sbin/policy-rc.d
CREATED_POLICY=0
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$POLICY"; chmod +x "$POLICY"; CREATED_POLICY=1
fi
cleanup() { if [ "$CREATED_POLICY" = 1 ]; then rm -f "$POLICY"; fi; }
trap cleanup EXIT

PKGS="munge slurmctld slurmd slurm-client libslurm-perl libslurmdb-perl libswitch-perl"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  log "apt-get install:$missing"
  apt-get -o DPkg::Lock::Timeout=600 update -qq || true
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends $missing
else
  log "Debian packages already installed"
fi

if [ ! -x "$PREFIX/usr/bin/qstat" ]; then
  log "unpacking slurm-wlm-torque into $PREFIX (dpkg-deb -x, not apt: it conflicts with gridengine-client)"
  tmp=$(mktemp -d)
  if ! (cd "$tmp" && apt-get download -qq slurm-wlm-torque); then
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    (cd "$tmp" && apt-get download -qq slurm-wlm-torque)
  fi
  mkdir -p "$PREFIX"
  dpkg-deb -x "$tmp"/slurm-wlm-torque_*.deb "$PREFIX"
  rm -rf "$tmp"
else
  log "slurm-wlm-torque already unpacked in $PREFIX"
fi
# The wrappers are perl scripts named *.pl behind alternatives; expose them under their TORQUE names in bin/.
mkdir -p "$PREFIX/bin"
for cmd in qsub qstat qdel qhold qrls qalter qrerun pbsnodes mpiexec; do
  src=""
  for cand in "$PREFIX/usr/bin/$cmd" "$PREFIX/usr/bin/$cmd.slurm" "$PREFIX/usr/bin/$cmd.pl"; do
    if [ -e "$cand" ] && [ ! -L "$cand" ]; then src="$cand"; break; fi
  done
  [ -n "$src" ] && ln -sfn "$src" "$PREFIX/bin/$cmd"
done
# The Slurm client commands beside them, so one PATH entry gives both.
for cmd in squeue scontrol sinfo sbatch scancel; do ln -sfn "/usr/bin/$cmd" "$PREFIX/bin/$cmd"; done
log "TORQUE-compatible commands in $PREFIX/bin: $(ls "$PREFIX/bin" | tr '\n' ' ')"
log "done"
