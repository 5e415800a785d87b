#!/usr/bin/env bash
# Installs Son of Grid Engine from Debian without starting any daemon (start.sh does that).
# Idempotent: does nothing when the packages are already installed.
set -euo pipefail

PKGS="gridengine-common gridengine-master gridengine-exec gridengine-client"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -z "$missing" ]; then
  echo "[sge-install] Grid Engine already installed"
  exit 0
fi
echo "[sge-install] installing:$missing"

host=$(hostname)
debconf-set-selections <<SEL
gridengine-common shared/gridengineconfig boolean true
gridengine-common shared/gridenginecell string default
gridengine-common shared/gridenginemaster string $host
gridengine-master shared/gridengineconfig boolean true
gridengine-master shared/gridenginecell string default
gridengine-master shared/gridenginemaster string $host
gridengine-client shared/gridengineconfig boolean true
gridengine-client shared/gridenginecell string default
gridengine-client shared/gridenginemaster string $host
gridengine-exec shared/gridengineconfig boolean true
gridengine-exec shared/gridenginecell string default
gridengine-exec shared/gridenginemaster string $host
SEL

# Keep the maintainer scripts from starting daemons; restore the previous policy afterwards.
POLICY=/usr/sbin/policy-rc.d
backup=""
if [ -e "$POLICY" ]; then
  backup=$(mktemp)
  cp -p "$POLICY" "$backup"
fi
restore_policy() {
  if [ -n "$backup" ]; then mv -f "$backup" "$POLICY"; else rm -f "$POLICY"; fi
}
trap restore_policy EXIT
printf '#!/bin/sh\nexit 101\n' > "$POLICY"
chmod 755 "$POLICY"

export DEBIAN_FRONTEND=noninteractive
if ! apt-get install -y -q --no-install-recommends $missing; then
  echo "[sge-install] apt-get install failed, updating package lists and retrying"
  apt-get update -q
  apt-get install -y -q --no-install-recommends $missing
fi
echo "[sge-install] done: $(dpkg-query -W -f='${Version}' gridengine-master)"
