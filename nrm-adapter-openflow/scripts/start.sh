#!/usr/bin/env bash
# Starts Open vSwitch by hand (no systemd) and builds a small fat-tree-like test network:
#   2 core (c1,c2), 2 pods of 2 aggregation (a1..a4) and 2 edge switches (e1..e4),
#   edge<->agg full mesh inside a pod, agg<->core one uplink each; all links are patch ports.
#   hosts h1..h4 in network namespaces, one per edge switch, 10.0.0.N/24, attached by veths.
# Every bridge: datapath_type=netdev, fail_mode=secure, OpenFlow13, controller tcp:127.0.0.1:PORT.
# Usage: start.sh [CONTROLLER_PORT]   (default 6653). Idempotent: rebuilds the topology each time.
set -euo pipefail
PORT="${1:-${DOJI_OVS_CONTROLLER_PORT:-6653}}"
RUN=/var/run/openvswitch
DB=/etc/openvswitch/conf.db
SCHEMA=/usr/share/openvswitch/vswitch.ovsschema
log() { echo "[ovs-start] $*"; }

command -v ovs-vswitchd >/dev/null || { echo "[ovs-start] Open vSwitch missing: run scripts/install.sh" >&2; exit 1; }
mkdir -p "$RUN" /etc/openvswitch /var/log/openvswitch

alive() { [ -f "$RUN/$1.pid" ] && kill -0 "$(cat "$RUN/$1.pid")" 2>/dev/null; }

if ! alive ovsdb-server; then
  [ -f "$DB" ] || ovsdb-tool create "$DB" "$SCHEMA"
  log "starting ovsdb-server"
  ovsdb-server "$DB" --remote=punix:$RUN/db.sock --pidfile=$RUN/ovsdb-server.pid --detach \
    --log-file=/var/log/openvswitch/ovsdb-server.log
fi
ovs-vsctl --no-wait init
if ! alive ovs-vswitchd; then
  log "starting ovs-vswitchd"
  ovs-vswitchd unix:$RUN/db.sock --pidfile=$RUN/ovs-vswitchd.pid --detach \
    --log-file=/var/log/openvswitch/ovs-vswitchd.log
fi

BRIDGES="c1 c2 a1 a2 a3 a4 e1 e2 e3 e4"
# dpid per bridge: core 0x1N, agg 0x2N, edge 0x3N (recorded in the topology fixtures).
dpid() { case "$1" in c*) printf '00000000000001%02x' "${1#c}";; a*) printf '00000000000002%02x' "${1#a}";;
                      e*) printf '00000000000003%02x' "${1#e}";; esac; }

# Clean previous run (idempotent).
"$(dirname "$0")/stop.sh" --keep-daemons >/dev/null 2>&1 || true

log "creating bridges $BRIDGES"
for b in $BRIDGES; do
  ovs-vsctl -- --may-exist add-br "of-$b" -- set bridge "of-$b" datapath_type=netdev \
    fail_mode=secure protocols=OpenFlow13 other-config:datapath-id="$(dpid "$b")" \
    other-config:disable-in-band=true
done

# patch link X:portX <-> Y:portY ; port numbers are fixed so fixtures stay valid.
link() {
  local x=$1 px=$2 y=$3 py=$4
  ovs-vsctl -- add-port "of-$x" "p-$x-$y" -- set interface "p-$x-$y" type=patch options:peer="p-$y-$x" ofport_request="$px" \
            -- add-port "of-$y" "p-$y-$x" -- set interface "p-$y-$x" type=patch options:peer="p-$x-$y" ofport_request="$py"
}
log "linking switches"
# edge ports: 1 = host, 2/3 = uplinks to the pod's two aggregation switches
# agg ports: 1/2 = downlinks to the pod's edges, 3 = uplink to core
# core ports: 1..4 = aggregation a1..a4 (c1 gets a1,a3; c2 gets a2,a4)
link e1 2 a1 1; link e1 3 a2 1; link e2 2 a1 2; link e2 3 a2 2
link e3 2 a3 1; link e3 3 a4 1; link e4 2 a3 2; link e4 3 a4 2
link a1 3 c1 1; link a3 3 c1 3; link a2 3 c2 2; link a4 3 c2 4

log "creating hosts h1..h4"
for i in 1 2 3 4; do
  ns="h$i"
  ip netns add "$ns"
  ip link add "ve-h$i" type veth peer name "eth0" netns "$ns"
  ip -n "$ns" addr add "10.0.0.$i/24" dev eth0
  ip -n "$ns" link set lo up
  ip -n "$ns" link set eth0 up
  ip link set "ve-h$i" up
  # userspace datapath does not fill in checksums: turn TX offload off on both ends
  ethtool -K "ve-h$i" tx off >/dev/null
  ip netns exec "$ns" ethtool -K eth0 tx off >/dev/null
  ovs-vsctl -- add-port "of-e$i" "ve-h$i" -- set interface "ve-h$i" ofport_request=1
done

log "pointing bridges at controller tcp:127.0.0.1:$PORT"
for b in $BRIDGES; do
  ovs-vsctl set-controller "of-$b" "tcp:127.0.0.1:$PORT"
  ovs-vsctl set controller "of-$b" inactivity_probe=5000 max_backoff=1000
done
ovs-vsctl show | grep -c 'Bridge' | xargs -I{} echo "[ovs-start] {} bridges up"
log "ready (hosts 10.0.0.1-4 in netns h1-h4; controller port $PORT)"
