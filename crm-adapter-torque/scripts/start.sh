#!/usr/bin/env bash
# Starts a TORQUE cluster on this one machine (installed by install.sh): trqauthd and pbs_server on this
# host, and TQ_NODES pbs_moms tqnode1..N, each a real host of its own (own network namespace on a private
# bridge, own UTS namespace and hostname, own PBS_HOME under $TQ_HOME/nodes), np=TQ_NP each. The server's
# own scheduling is off (scheduling=False, no pbs_sched): only `qrun` starts a job, which is what Doji's
# QRUN mode needs. Idempotent: what runs is kept, what is missing is started. Waits until every node is
# free. Pids go to $TQ_RUN (stop.sh uses them). Host names are prefixed (tqnode) so that Grid Engine's
# node1..N and Slurm's n1..N can run beside it.
set -euo pipefail
. "$(dirname "$0")/env.sh"
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
server_up() { qstat -B >/dev/null 2>&1; }

[ -x "$TQ_PREFIX/sbin/pbs_server" ] || { echo "TORQUE is not installed in $TQ_PREFIX: run install.sh" >&2; exit 1; }
mkdir -p "$TQ_RUN"

# 1. Network and names: a bridge with the server side at .1, a namespace per node with a veth into it.
if ! ip link show "$TQ_BRIDGE" >/dev/null 2>&1; then
  log "creating bridge $TQ_BRIDGE ($TQ_NET.1/24)"
  ip link add "$TQ_BRIDGE" type bridge
  ip addr add "$TQ_NET.1/24" dev "$TQ_BRIDGE"
fi
ip link set "$TQ_BRIDGE" up
node_hosts=""
for i in $(seq 1 "$TQ_NODES"); do node_hosts+="$TQ_NET.$((i + 1)) $TQ_NODE_PREFIX$i"$'\n'; done
for i in $(seq 1 "$TQ_NODES"); do
  ns=$TQ_NS_PREFIX$TQ_NODE_PREFIX$i
  if ! ip netns list | grep -qw "$ns"; then
    log "creating namespace $ns ($TQ_NET.$((i + 1)))"
    ip netns add "$ns"
    ip link add "tqh$i" type veth peer name "tqn$i"
    ip link set "tqn$i" netns "$ns"
    ip link set "tqh$i" master "$TQ_BRIDGE"
    ip link set "tqh$i" up
    ip netns exec "$ns" ip addr add "$TQ_NET.$((i + 1))/24" dev "tqn$i"
    ip netns exec "$ns" ip link set "tqn$i" up
    ip netns exec "$ns" ip link set lo up
  fi
  mkdir -p "/etc/netns/$ns"
  printf '127.0.0.1 localhost\n%s %s\n%s' "$TQ_NET.1" "$MASTER_HOST" "$node_hosts" > "/etc/netns/$ns/hosts"
done
# /etc/hosts may be a bind mount: rewrite it in place, never replace the file.
hosts_now=$(sed "/^$HOSTS_BEGIN\$/,/^$HOSTS_END\$/d" /etc/hosts)
printf '%s\n%s\n%s%s\n' "$hosts_now" "$HOSTS_BEGIN" "$node_hosts" "$HOSTS_END" > /etc/hosts
for u in $TQ_USERS; do
  id "$u" >/dev/null 2>&1 || { log "adding user $u"; useradd -m -s /bin/bash "$u"; }
done

# 2. trqauthd (clients reach it at /tmp/trqauthd-unix); -F keeps it in the foreground so $! is its pid.
#    It reads the server's name at start.
echo "$MASTER_HOST" > "$TQ_HOME/server_name"
if alive "$TQ_RUN/trqauthd.pid"; then
  log "trqauthd already running"
else
  log "starting trqauthd"
  rm -f /tmp/trqauthd-unix
  setsid "$TQ_PREFIX/sbin/trqauthd" -F </dev/null >"$TQ_RUN/trqauthd.out" 2>&1 &
  echo $! > "$TQ_RUN/trqauthd.pid"
  for _ in $(seq 1 50); do [ -S /tmp/trqauthd-unix ] && break; sleep 0.2; done
  [ -S /tmp/trqauthd-unix ] || { echo "trqauthd did not come up" >&2; cat "$TQ_RUN/trqauthd.out" >&2; exit 1; }
fi

# 3. pbs_server; the node list is written before a (re)start, a running server gets missing nodes by qmgr
if alive "$TQ_RUN/pbs_server.pid"; then   # starting or stopping: let it settle
  for _ in $(seq 1 60); do server_up && break; alive "$TQ_RUN/pbs_server.pid" || break; sleep 0.5; done
fi
if server_up; then
  log "pbs_server already running"
else
  : > "$TQ_HOME/server_priv/nodes"
  for i in $(seq 1 "$TQ_NODES"); do echo "$TQ_NODE_PREFIX$i np=$TQ_NP" >> "$TQ_HOME/server_priv/nodes"; done
  create=()
  [ -s "$TQ_HOME/server_priv/serverdb" ] || create=(-t create -f)
  log "starting pbs_server ${create[*]}"
  setsid "$TQ_PREFIX/sbin/pbs_server" -F -d "$TQ_HOME" "${create[@]}" </dev/null >"$TQ_RUN/pbs_server.out" 2>&1 &
  echo $! > "$TQ_RUN/pbs_server.pid"
  for _ in $(seq 1 120); do server_up && break; sleep 0.5; done
  server_up || { echo "pbs_server did not come up" >&2; tail "$TQ_RUN/pbs_server.out" >&2; exit 1; }
fi

# 4. Server configuration (re-applied each time; every step is idempotent)
qm() { qmgr -c "$1" >/dev/null; }
qm "set server scheduling = False"
for a in managers operators; do   # "+=" of an existing entry is an error
  qmgr -c "list server $a" | grep -q "root@$MASTER_HOST" || qm "set server $a += root@$MASTER_HOST"
done
qm "set server keep_completed = 600"
qm "set server mom_job_sync = True"
qm "set server query_other_jobs = True"
# moms report every 10 s ($status_update_time below); a node is marked down after node_check_rate without
# a report. With TORQUE's defaults (45 s reports) and a shorter rate, healthy nodes flap down and up.
qm "set server node_check_rate = 60"
qm "set server job_stat_rate = 15"
qmgr -c "list queue $TQ_QUEUE" >/dev/null 2>&1 || { log "creating queue $TQ_QUEUE"; qm "create queue $TQ_QUEUE queue_type = execution"; }
qm "set queue $TQ_QUEUE resources_default.walltime = 01:00:00"
qm "set queue $TQ_QUEUE resources_default.nodes = 1"
qm "set queue $TQ_QUEUE enabled = True"
qm "set queue $TQ_QUEUE started = True"
qm "set server default_queue = $TQ_QUEUE"
for i in $(seq 1 "$TQ_NODES"); do
  n=$TQ_NODE_PREFIX$i
  pbsnodes "$n" >/dev/null 2>&1 || { log "adding node $n"; qm "create node $n np=$TQ_NP"; }
done

# 5. pbs_moms, one per namespace with its own hostname and PBS_HOME
for i in $(seq 1 "$TQ_NODES"); do
  n=$TQ_NODE_PREFIX$i
  home=$TQ_HOME/nodes/$n
  pidf=$TQ_RUN/pbs_mom.$n.pid
  alive "$pidf" && continue
  install -d -m 755 "$TQ_HOME/nodes" "$home" "$home/mom_logs" "$home/aux"
  install -d -m 751 "$home/mom_priv" "$home/mom_priv/jobs"
  install -d -m 1777 "$home/spool" "$home/undelivered" "$home/checkpoint"
  echo "$MASTER_HOST" > "$home/server_name"
  cp "$TQ_HOME/pbs_environment" "$home/pbs_environment"
  # $usecp: the moms share this machine's file system, so stage-out is a local copy
  printf '$pbsserver %s\n$usecp *:/ /\n$logevent 255\n$status_update_time 10\n$check_poll_time 10\n' "$MASTER_HOST" \
    > "$home/mom_priv/config"
  log "starting pbs_mom on $n"
  setsid ip netns exec "$TQ_NS_PREFIX$n" unshare --uts sh -c "hostname $n && exec $TQ_PREFIX/sbin/pbs_mom -F -d $home" \
    </dev/null >"$TQ_RUN/pbs_mom.$n.out" 2>&1 &
  echo $! > "$pidf"
done

# 6. Wait until every node is free
log "waiting for $TQ_NODES free nodes"
free=0
for _ in $(seq 1 240); do
  free=$(pbsnodes -x 2>/dev/null | grep -o '<state>free</state>' | wc -l || true)
  [ "$free" -ge "$TQ_NODES" ] && break
  sleep 0.5
done
[ "$free" -ge "$TQ_NODES" ] || { echo "only $free of $TQ_NODES nodes are free" >&2; pbsnodes -a >&2 || true; exit 1; }
log "TORQUE ready: server $MASTER_HOST, nodes $TQ_NODE_PREFIX[1-$TQ_NODES] (np=$TQ_NP), scheduling=False; PATH=$TQ_PREFIX/bin:\$PATH"
