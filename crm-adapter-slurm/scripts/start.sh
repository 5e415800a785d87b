#!/usr/bin/env bash
# Starts munge, slurmctld and DOJI_SLURM_NODES slurmd daemons (default 4 nodes × 2 CPUs) on this one
# machine, and waits until every node is idle. Each slurmd is a host of its own: its own network namespace
# (doji-slurm-nI, a veth on the private bridge slbr0, 10.79.0.0/24: slurmctld at .1, nI at .(I+1)) and UTS
# namespace (hostname nI), so its jobs run there too and can be given a network of their own (the real grid's
# data plane, scripts/realgrid-network.sh). Idempotent: a running cluster with the same configuration is left
# alone. Writes /etc/slurm/slurm.conf (owned by this module's scripts) and keeps state, logs and pid files
# under $DOJI_SLURM_STATE.
set -euo pipefail
NODES="${DOJI_SLURM_NODES:-4}"
CPUS="${DOJI_SLURM_CPUS:-2}"
STATE="${DOJI_SLURM_STATE:-/var/lib/doji-slurm}"
HOST="$(hostname)"
NET="${DOJI_SLURM_NET:-10.79.0}"
BRIDGE=slbr0
log() { echo "[slurm-start] $*"; }

command -v slurmctld >/dev/null || { echo "slurmctld missing: run scripts/install.sh first" >&2; exit 1; }
mkdir -p "$STATE"/{ctld,spool,log,run} /etc/slurm /run/munge /var/log/munge /var/lib/munge
chown -R munge:munge /run/munge /var/log/munge /var/lib/munge /etc/munge 2>/dev/null || true

if ! pgrep -u munge -x munged >/dev/null; then
  log "starting munged"
  [ -s /etc/munge/munge.key ] || { dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null; chown munge:munge /etc/munge/munge.key; chmod 400 /etc/munge/munge.key; }
  runuser -u munge -- /usr/sbin/munged
fi
for i in $(seq 1 50); do munge -n </dev/null >/dev/null 2>&1 && break; sleep 0.2; done
munge -n </dev/null | unmunge >/dev/null || { echo "munge does not work" >&2; exit 1; }

# The nodes' network: a bridge with slurmctld's side at .1, a namespace per node with a veth into it.
if ! ip link show "$BRIDGE" >/dev/null 2>&1; then
  log "creating bridge $BRIDGE ($NET.1/24)"
  ip link add "$BRIDGE" type bridge
  ip addr add "$NET.1/24" dev "$BRIDGE"
fi
ip link set "$BRIDGE" up
for i in $(seq 1 "$NODES"); do
  ns=doji-slurm-n$i
  if ! ip netns list | grep -qw "$ns"; then
    log "creating namespace $ns ($NET.$((i + 1)))"
    ip netns add "$ns"
    ip link add "slh$i" type veth peer name "sln$i"
    ip link set "sln$i" netns "$ns"
    ip link set "slh$i" master "$BRIDGE"
    ip link set "slh$i" up
    ip netns exec "$ns" ip addr add "$NET.$((i + 1))/24" dev "sln$i"
    ip netns exec "$ns" ip link set "sln$i" up
    ip netns exec "$ns" ip link set lo up
  fi
  mkdir -p "/etc/netns/$ns"
  printf '127.0.0.1 localhost\n%s %s\n%s n%s\n' "$NET.1" "$HOST" "$NET.$((i + 1))" "$i" > "/etc/netns/$ns/hosts"
done

CONF=/etc/slurm/slurm.conf
NEW="$STATE/slurm.conf.new"
cat > "$NEW" <<CONFEOF
# Written by crm-adapter-slurm/scripts/start.sh: a one-machine Slurm for Doji's Slurm adapter tests.
ClusterName=doji
SlurmctldHost=$HOST($NET.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmctldPort=16817
SlurmdPort=16818
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/spool/%n
SlurmctldPidFile=$STATE/run/slurmctld.pid
SlurmdPidFile=$STATE/run/slurmd-%n.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd-%n.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
MpiDefault=none
SlurmdParameters=config_overrides
SchedulerParameters=sched_interval=2,bf_interval=2
MinJobAge=600
KillWait=2
InactiveLimit=0
$(for i in $(seq 1 "$NODES"); do echo "NodeName=n$i NodeHostname=n$i NodeAddr=$NET.$((i + 1)) CPUs=$CPUS Port=$((17000 + i)) State=UNKNOWN"; done)
PartitionName=batch Nodes=n[1-$NODES] Default=YES MaxTime=INFINITE State=UP
CONFEOF

running=0
if [ -f "$STATE/run/slurmctld.pid" ] && kill -0 "$(cat "$STATE/run/slurmctld.pid")" 2>/dev/null; then running=1; fi
if [ "$running" = 1 ] && cmp -s "$NEW" "$CONF"; then
  log "slurmctld already running with this configuration"
else
  if [ "$running" = 1 ]; then log "configuration changed: restarting"; "$(dirname "$0")/stop.sh"; fi
  mv "$NEW" "$CONF"
  log "starting slurmctld"
  slurmctld -i
fi
rm -f "$NEW"
for i in $(seq 1 "$NODES"); do
  pidf="$STATE/run/slurmd-n$i.pid"
  if [ -f "$pidf" ] && kill -0 "$(cat "$pidf")" 2>/dev/null; then continue; fi
  mkdir -p "$STATE/spool/n$i"
  log "starting slurmd n$i in doji-slurm-n$i"
  # nsenter, not `ip netns exec`: that remounts /sys, and slurmd needs the host's /sys/fs/cgroup
  nsenter --net="/run/netns/doji-slurm-n$i" unshare --uts sh -c "hostname n$i && exec slurmd -N n$i"
done

log "waiting for $NODES idle nodes"
for i in $(seq 1 120); do
  idle=$(sinfo -h -N -t idle -o '%N' 2>/dev/null | sort -u | wc -l || true)
  if [ "$idle" -ge "$NODES" ]; then
    log "cluster up: $(sinfo -h -N -o '%N %t %c' | sort -u | tr '\n' ';')"
    exit 0
  fi
  sleep 1
done
echo "nodes did not become idle:" >&2; sinfo -N >&2 || true; tail -20 "$STATE/log/slurmctld.log" >&2 || true
exit 1
