#!/usr/bin/env bash
# Installs Slurm from Debian (munge, slurmctld, slurmd, the client commands) without starting any daemon
# (start.sh does that). Idempotent.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
log() { echo "[slurm-install] $*"; }

# Keep package postinst scripts from starting daemons (no systemd here; start.sh starts them).
POLICY=/usr/sbin/policy-rc.d
CREATED_POLICY=0
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' > "$POLICY"; chmod +x "$POLICY"; CREATED_POLICY=1
fi
cleanup() { if [ "$CREATED_POLICY" = 1 ]; then rm -f "$POLICY"; fi; }
trap cleanup EXIT

PKGS="munge slurmctld slurmd slurm-client"
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
log "done: $(dpkg-query -W -f='${Version}' slurmctld)"
