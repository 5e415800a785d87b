#!/usr/bin/env bash
# Installs Open vSwitch (userspace datapath is enough) and the host tools the ITs use. Idempotent.
set -euo pipefail
PKGS=(openvswitch-switch openvswitch-common iproute2 ethtool iperf3 iputils-ping procps)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "[ovs-install] all packages present: ${PKGS[*]}"
  exit 0
fi
echo "[ovs-install] installing: ${missing[*]}"
# Keep package scripts from starting daemons (no systemd here; start.sh starts them by hand).
cleanup_policy=0
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d
  chmod +x /usr/sbin/policy-rc.d
  cleanup_policy=1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq || apt-get -o DPkg::Lock::Timeout=600 update
echo "iperf3 iperf3/start_daemon boolean false" | debconf-set-selections || true
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
[ "$cleanup_policy" = 1 ] && rm -f /usr/sbin/policy-rc.d
echo "[ovs-install] done: $(ovs-vsctl --version | head -1)"
