#!/usr/bin/env bash
# Starts munge, slurmctld and DOJI_SLURM_NODES slurmd daemons (default 4 nodes × 2 CPUs) on this one
# machine (each slurmd its own node name and port on this host), and waits until every node is idle. Idempotent: a running
# cluster with the same configuration is left alone. Writes /etc/slurm/slurm.conf (owned by this
# module's scripts) and keeps state, logs and pid files under $DOJI_SLURM_STATE.
set -euo pipefail
NODES="${DOJI_SLURM_NODES:-4}"
CPUS="${DOJI_SLURM_CPUS:-2}"
STATE="${DOJI_SLURM_STATE:-/var/lib/doji-slurm}"
HOST="$(hostname)"
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

CONF=/etc/slurm/slurm.conf
NEW="$STATE/slurm.conf.new"
cat > "$NEW" <<CONFEOF
# Written by crm-adapter-slurm/scripts/start.sh: a one-machine Slurm for Doji's Slurm adapter tests.
ClusterName=doji
SlurmctldHost=$HOST(127.0.0.1)
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
NodeName=n[1-$NODES] NodeHostname=$HOST NodeAddr=127.0.0.1 CPUs=$CPUS Port=[17001-$((17000 + NODES))] State=UNKNOWN
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
  log "starting slurmd n$i"
  slurmd -N "n$i"
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
