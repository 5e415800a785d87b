#!/usr/bin/env bash
# The real grid's data plane: joins the compute nodes of the three real batch systems (Grid Engine's sge-nodeI,
# TORQUE's doji-tqnodeI, Slurm's doji-slurm-nI network namespaces, made by each adapter's scripts/start.sh) through
# Open vSwitch, so that traffic between nodes of different sites crosses the switches the OpenFlow network RM controls.
#
#   site LANs (standalone L2 switches, not the NRM's):  rg-sge, rg-torque, rg-slurm
#       every node gets a second interface data0 on its site's LAN: sge 10.80.1.I, torque 10.80.2.I, slurm 10.80.3.I (/16)
#   the wide-area network "wan" (the NRM's: OpenFlow 1.3, fail_mode=secure, controller tcp:127.0.0.1:PORT):
#       rg-w1 (dpid 0x501) -- rg-w2 (0x502) -- rg-w3 (0x503) in a line; port 1 of each is a site's uplink
#       (sge on w1, torque on w2, slurm on w3), port 2 leads west, port 3 east. Traffic between sge and slurm
#       crosses all three switches and both wide-area links.
# The wide-area links are veth pairs shaped to a line rate (REALGRID_LINK_MBPS, default 100 Mbit/s: Open vSwitch's
# linux-htb QoS on both ends) with two queues: reserved traffic (marked DSCP EF by the NRM where it enters its
# path) is served first, best effort gets the rest. Best-effort traffic crosses them through one low-priority flow
# per switch (NORMAL, cookie 0: the operator's, which the NRM never touches; the line has no loop); a reservation's
# traffic takes the NRM's own higher-priority flows along its path, metered at the reserved rate.
#
# Usage: realgrid-network.sh start [CONTROLLER_PORT] | stop | status     (default port 6654; root)
# Needs Open vSwitch's daemons (nrm-adapter-openflow/scripts/start.sh) and the three clusters running.
set -euo pipefail
cmd=${1:-start}
PORT=${2:-${DOJI_REALGRID_CONTROLLER_PORT:-6654}}
LINK_MBPS=${REALGRID_LINK_MBPS:-100}
SITES="sge torque slurm"
log() { echo "[realgrid-net] $*"; }

site_index() { case $1 in sge) echo 1;; torque) echo 2;; slurm) echo 3;; esac; }
site_short() { case $1 in sge) echo ge;; torque) echo tq;; slurm) echo sl;; esac; }
# the node namespaces each adapter's start.sh made, in node order
site_namespaces() {
  case $1 in
    sge) ip netns list | awk '$1 ~ /^sge-node[0-9]+$/ {print $1}' | sort -V;;
    torque) ip netns list | awk '$1 ~ /^doji-tqnode[0-9]+$/ {print $1}' | sort -V;;
    slurm) ip netns list | awk '$1 ~ /^doji-slurm-n[0-9]+$/ {print $1}' | sort -V;;
  esac
}
WAN="w1 w2 w3"
# a veth pair between two switches: A's port PA <-> B's port PB, shaped to the line rate in both directions
wan_link() {
  local a=$1 pa=$2 b=$3 pb=$4 ea="rgl-$1$3" eb="rgl-$3$1"
  ip link add "$ea" type veth peer name "$eb"
  for e in "$ea" "$eb"; do
    ip link set "$e" up
    ethtool -K "$e" tx off >/dev/null 2>&1 || true
  done
  # the line rate and two queues: Open vSwitch's own QoS on the port (it resets a qdisc set with tc), linux-htb.
  # Queue 1 (htb class 1:2) serves reserved traffic first, up to the line rate; queue 0 (1:1) is best effort and
  # borrows what the reservations leave. The userspace datapath puts every packet into queue 0 (it does not honour
  # set_queue), so a filter classifies by the DSCP the NRM sets where a reservation's packets enter its path
  # (doji.nrm.openflow.reserved-dscp: 46, EF).
  local rate=$((LINK_MBPS * 1000000)) e
  ovs-vsctl -- add-port "rg-$a" "$ea" -- set interface "$ea" ofport_request="$pa" \
            -- add-port "rg-$b" "$eb" -- set interface "$eb" ofport_request="$pb" >/dev/null
  for e in "$ea" "$eb"; do
    ovs-vsctl -- set port "$e" qos=@q \
      -- --id=@q create qos type=linux-htb external_ids:doji=realgrid other-config:max-rate=$rate queues:0=@be queues:1=@rv \
      -- --id=@be create queue external_ids:doji=realgrid other-config:min-rate=1000000 other-config:max-rate=$rate other-config:priority=1 \
      -- --id=@rv create queue external_ids:doji=realgrid other-config:min-rate=$((rate - 1000000)) other-config:max-rate=$rate other-config:priority=0 >/dev/null
    for _ in $(seq 1 50); do tc class show dev "$e" | grep -q 'class htb 1:2 ' && break; sleep 0.1; done
    tc filter replace dev "$e" parent 1: protocol ip prio 1 u32 match ip dsfield 0xb8 0xfc flowid 1:2
  done
}

stop() {
  if [ -S /var/run/openvswitch/db.sock ]; then
    for b in $WAN $SITES; do ovs-vsctl --timeout=10 -- --if-exists del-br "rg-$b"; done
    # the links' QoS rows, now referenced by no port
    for q in $(ovs-vsctl --bare --columns=_uuid find qos external_ids:doji=realgrid 2>/dev/null); do ovs-vsctl -- destroy qos "$q"; done
    for q in $(ovs-vsctl --bare --columns=_uuid find queue external_ids:doji=realgrid 2>/dev/null); do ovs-vsctl -- destroy queue "$q"; done
  fi
  for l in $(ip -o link show | awk -F': ' '$2 ~ /^rgl-/ {sub(/@.*/, "", $2); print $2}'); do ip link del "$l" 2>/dev/null || true; done
  for s in $SITES; do
    for ns in $(site_namespaces "$s"); do
      ip -n "$ns" link del data0 2>/dev/null || true
    done
    for l in $(ip -o link show | awk -F': ' -v p="^rgd-$(site_short "$s")" '$2 ~ p {sub(/@.*/, "", $2); print $2}'); do
      ip link del "$l" 2>/dev/null || true
    done
  done
  log "removed"
}

status() {
  for b in $WAN; do
    echo "== rg-$b"; ovs-ofctl -O OpenFlow13 dump-flows "rg-$b" 2>/dev/null | grep -v 'OFPST_FLOW\|reply' || true
    ovs-ofctl -O OpenFlow13 dump-meters "rg-$b" 2>/dev/null | grep -v 'reply' || true
  done
  for s in $SITES; do
    echo "== $s: $(for ns in $(site_namespaces "$s"); do ip -n "$ns" -br -4 addr show data0 2>/dev/null | awk -v n="$ns" '{print n"="$3}'; done | tr '\n' ' ')"
  done
}

start() {
  command -v ovs-vsctl >/dev/null || { echo "Open vSwitch missing: run nrm-adapter-openflow/scripts/install.sh" >&2; exit 1; }
  [ -S /var/run/openvswitch/db.sock ] || { echo "Open vSwitch is not running: run nrm-adapter-openflow/scripts/start.sh" >&2; exit 1; }
  stop >/dev/null 2>&1 || true
  local i=0 b
  for b in $WAN; do
    i=$((i + 1))
    ovs-vsctl -- --may-exist add-br "rg-$b" -- set bridge "rg-$b" datapath_type=netdev fail_mode=secure \
      protocols=OpenFlow13 other-config:datapath-id="000000000000050$i" other-config:disable-in-band=true
  done
  wan_link w1 3 w2 2
  wan_link w2 3 w3 2
  local s w
  for s in $SITES; do
    w=w$(site_index "$s")
    ovs-vsctl -- --may-exist add-br "rg-$s" -- set bridge "rg-$s" datapath_type=netdev fail_mode=standalone \
      -- add-port "rg-$s" "rgu-$s" -- set interface "rgu-$s" type=patch options:peer="rgw-$s" \
      -- add-port "rg-$w" "rgw-$s" -- set interface "rgw-$s" type=patch options:peer="rgu-$s" ofport_request=1
    local n=0 ns host
    local nss
    nss=$(site_namespaces "$s")
    [ -n "$nss" ] || { echo "no node namespaces of $s: start its cluster first" >&2; exit 1; }
    for ns in $nss; do
      n=$((n + 1))
      host="rgd-$(site_short "$s")$n"
      ip link add "$host" type veth peer name data0 netns "$ns"
      ip -n "$ns" addr add "10.80.$(site_index "$s").$n/16" dev data0
      ip -n "$ns" link set data0 up
      ip link set "$host" up
      # the userspace datapath does not fill in checksums: TX offload off on both ends
      ethtool -K "$host" tx off >/dev/null
      ip netns exec "$ns" ethtool -K data0 tx off >/dev/null
      ovs-vsctl add-port "rg-$s" "$host"
    done
    log "$s: $n nodes on rg-$s, 10.80.$(site_index "$s").1-$n, uplink port 1 of rg-$w"
  done
  for b in $WAN; do
    ovs-vsctl set-controller "rg-$b" "tcp:127.0.0.1:$PORT" -- set controller "rg-$b" inactivity_probe=5000 max_backoff=1000
    ovs-ofctl -O OpenFlow13 add-flow "rg-$b" "cookie=0,priority=0,actions=NORMAL"
  done
  # a software switch forwards with the CPU it gets: on a machine busy with builds, the datapath (not the links)
  # would become the bottleneck every flow shares, so it runs before ordinary processes (as a switch's own hardware would)
  local pid t
  pid=$(cat /var/run/openvswitch/ovs-vswitchd.pid 2>/dev/null || true)
  if [ -n "$pid" ]; then
    for t in /proc/"$pid"/task/*; do renice -n -10 -p "${t##*/}" >/dev/null 2>&1 || true; done
  fi
  log "wide-area switches rg-w1..3 (links ${LINK_MBPS} Mbit/s) point at controller tcp:127.0.0.1:$PORT"
}

case $cmd in
  start) start;;
  stop) stop;;
  status) status;;
  *) echo "usage: $0 start [CONTROLLER_PORT] | stop | status" >&2; exit 2;;
esac
