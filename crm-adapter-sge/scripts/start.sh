#!/usr/bin/env bash
# Starts a Grid Engine cluster on this machine: sge_qmaster on this host and SGE_NODES exec hosts
# node1..nodeN, each a real host (own network + UTS namespace, veth to the master). Idempotent: a
# running cluster is completed, not restarted. Waits until qhost reports every exec host.
set -euo pipefail
. "$(dirname "$0")/env.sh"

command -v /usr/sbin/sge_qmaster >/dev/null || { echo "Grid Engine not installed: run install.sh" >&2; exit 1; }

# 1. Networks and names first: the qmaster caches failed host look-ups, so every exec host must
#    resolve before it starts.
block="$HOSTS_BEGIN"$'\n'
for i in $(seq 1 "$SGE_NODES"); do
  ns=sge-node$i
  if ! ip netns list | grep -qw "$ns"; then
    log "creating namespace $ns"
    ip netns add "$ns"
    ip link add "sgeh$i" type veth peer name "sgen$i"
    ip link set "sgen$i" netns "$ns"
    ip addr add "$SGE_NET_PREFIX.$i.1/30" dev "sgeh$i"
    ip link set "sgeh$i" up
    ip netns exec "$ns" ip addr add "$SGE_NET_PREFIX.$i.2/30" dev "sgen$i"
    ip netns exec "$ns" ip link set "sgen$i" up
    ip netns exec "$ns" ip link set lo up
  fi
  mkdir -p "/etc/netns/$ns"
  printf '127.0.0.1 localhost\n%s node%s\n%s %s\n' "$SGE_NET_PREFIX.$i.2" "$i" "$SGE_NET_PREFIX.$i.1" "$MASTER_HOST" \
    > "/etc/netns/$ns/hosts"
  block+="$SGE_NET_PREFIX.$i.2 node$i"$'\n'
done
block+="$HOSTS_END"
# /etc/hosts may be a bind mount: rewrite it in place, never replace the file.
hosts_now=$(sed "/^$HOSTS_BEGIN\$/,/^$HOSTS_END\$/d" /etc/hosts)
printf '%s\n%s\n' "$hosts_now" "$block" > /etc/hosts

# Loopback reverse-resolves to "localhost": without the alias every local client is refused.
echo "$MASTER_HOST localhost" > "$SGE_ROOT/$SGE_CELL/common/host_aliases"

for u in $SGE_TEST_USERS; do
  id "$u" >/dev/null 2>&1 || { log "adding user $u"; useradd -m -s /bin/bash "$u"; }
done

# 2. qmaster
qmaster_alive() { [ -s "$QMASTER_PIDFILE" ] && kill -0 "$(cat "$QMASTER_PIDFILE")" 2>/dev/null; }
if qmaster_alive && ! master_up; then
  # a qmaster that is still starting or shutting down: let it settle
  for _ in $(seq 1 60); do master_up && break; qmaster_alive || break; sleep 0.5; done
fi
if master_up; then
  log "qmaster already running"
else
  log "starting sge_qmaster on $MASTER_HOST"
  /usr/sbin/sge_qmaster
  for _ in $(seq 1 60); do master_up && break; sleep 0.5; done
  master_up || { echo "qmaster did not come up" >&2; exit 1; }
fi

# 3. Configuration (re-applied every time; every step is idempotent)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
qconf -sconf global | sed -e 's/^min_uid .*/min_uid 0/' -e 's/^min_gid .*/min_gid 0/' \
  -e 's/^load_report_time .*/load_report_time 00:00:10/' > "$tmp/global"
qconf -Mconf "$tmp/global" >/dev/null
qconf -ssconf | sed -e 's/^schedule_interval .*/schedule_interval 0:0:1/' > "$tmp/sconf"
qconf -Msconf "$tmp/sconf" >/dev/null
qconf -as "$MASTER_HOST" >/dev/null 2>&1 || true
nodes=""
for i in $(seq 1 "$SGE_NODES"); do
  nodes+="node$i "
  qconf -sh | grep -qx "node$i" || qconf -ah "node$i" >/dev/null
  qconf -as "node$i" >/dev/null 2>&1 || true
  if ! qconf -sel 2>/dev/null | grep -qx "node$i"; then
    printf 'hostname node%s\nload_scaling NONE\ncomplex_values NONE\nuser_lists NONE\nxuser_lists NONE\nprojects NONE\nxprojects NONE\nusage_scaling NONE\nreport_variables NONE\n' "$i" > "$tmp/node$i"
    qconf -Ae "$tmp/node$i" >/dev/null
  fi
done
printf 'group_name @allhosts\nhostlist %s\n' "${nodes% }" > "$tmp/allhosts"
if qconf -shgrpl 2>/dev/null | grep -qx '@allhosts'; then
  qconf -Mhgrp "$tmp/allhosts" >/dev/null
else
  qconf -Ahgrp "$tmp/allhosts" >/dev/null
fi
if ! qconf -spl 2>/dev/null | grep -qx 'mpi'; then
  printf 'pe_name mpi\nslots 9999\nuser_lists NONE\nxuser_lists NONE\nstart_proc_args NONE\nstop_proc_args NONE\nallocation_rule $round_robin\ncontrol_slaves FALSE\njob_is_first_task TRUE\nurgency_slots min\naccounting_summary FALSE\nqsort_args NONE\n' > "$tmp/mpi"
  qconf -Ap "$tmp/mpi" >/dev/null
fi
if ! qconf -sql 2>/dev/null | grep -qx 'all.q'; then
  log "creating all.q"
  "$(dirname "$0")/queue-template.sh" all.q @allhosts "$SGE_SLOTS" > "$tmp/all.q"
  qconf -Aq "$tmp/all.q" >/dev/null
fi
# the host is shared with builds: load alarms would stop dispatching at random
qconf -rattr queue load_thresholds NONE all.q >/dev/null 2>&1 || true

# 4. exec daemons, one per namespace with its own hostname
for i in $(seq 1 "$SGE_NODES"); do
  pidfile=/var/spool/gridengine/execd/node$i/execd.pid
  if [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    continue
  fi
  log "starting sge_execd on node$i"
  ip netns exec "sge-node$i" unshare --uts sh -c "hostname node$i && exec /usr/sbin/sge_execd"
done

# 5. wait until every exec host reports load
log "waiting for $SGE_NODES exec hosts"
for _ in $(seq 1 120); do
  up=$("$SGE_BIN/qhost" | awk 'NR>3 && $7 != "-" {n++} END {print n+0}')
  [ "$up" -ge "$SGE_NODES" ] && break
  sleep 0.5
done
"$SGE_BIN/qhost"
[ "$up" -ge "$SGE_NODES" ] || { echo "only $up of $SGE_NODES exec hosts came up" >&2; exit 1; }
log "Grid Engine ready: master $MASTER_HOST, exec hosts ${nodes% }"
