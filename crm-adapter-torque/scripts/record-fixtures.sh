#!/usr/bin/env bash
# Records the real TORQUE outputs the adapter's unit tests replay, into
# src/test/resources/fixtures/torque/NAME.{stdout,stderr,exit}. Needs the cluster of start.sh (4 nodes ×
# 4 cores, scheduling off) and no jobs of its own; leaves none behind. Scenario: a 2×2-core job started
# with qrun -H, jobs bound to a reservation three ways (-A handle, -W x=advres:, -l advres=), a user
# hold, a procs= job, a finished job, an offline node; then every error the adapter must tell apart,
# including those of a stopped server (the server is stopped and started again). Record on a fresh
# server (stop.sh with DOJI_TORQUE_WIPE=1, start.sh) for job ids from 0.
set -uo pipefail
SCRIPTS=$(cd "$(dirname "$0")" && pwd)
. "$SCRIPTS/env.sh"
F=$(cd "$SCRIPTS/.." && pwd)/src/test/resources/fixtures/torque
U=${TQ_USERS%% *}
mkdir -p "$F"
work=$(mktemp -d); chmod 777 "$work"; trap 'rm -rf "$work"' EXIT
cd "$work"
rec() { local name=$1; shift; "$@" >"$F/$name.stdout" 2>"$F/$name.stderr"; echo $? >"$F/$name.exit"; echo "recorded $name (exit $(cat "$F/$name.exit"))"; }
sub() { runuser -u "$U" -- qsub -o /dev/null -e /dev/null "$@" | tr -d '\n'; }
printf '#!/bin/sh\nsleep ${1:-600}\n' >"$work/job.sh"; printf '#!/bin/sh\ntrue\n' >"$work/quick.sh"; chmod 755 "$work"/*.sh

qstat -f -x 2>/dev/null | grep -q '<job_state>[QRHEW]' && { echo "unfinished jobs exist: delete them first (qdel all)" >&2; exit 1; }
quick=$(sub -N quick -l nodes=1:ppn=1,walltime=00:01:00 "$work/quick.sh")
qrun -H "${TQ_NODE_PREFIX}4:ppn=1" "$quick"
for _ in $(seq 1 60); do qstat -f -x "$quick" 2>/dev/null | grep -q '<job_state>C' && break; sleep 0.5; done
wide=$(sub -N wide -l nodes=2:ppn=2,walltime=02:00:00 "$work/job.sh")
rec qrun-ok qrun -H "${TQ_NODE_PREFIX}1:ppn=2+${TQ_NODE_PREFIX}2:ppn=2" "$wide"
sub -N bound-account -A doji-R42 -l nodes=2:ppn=4,walltime=00:30:00 "$work/job.sh" >/dev/null
sub -N bound-x -W x=advres:doji-R43 -l nodes=1:ppn=1,walltime=00:10:00 "$work/job.sh" >/dev/null
sub -N bound-l -l advres=doji-R44,nodes=1:ppn=2,walltime=00:10:00 "$work/job.sh" >/dev/null
sub -N held -h -l nodes=1,walltime=00:20:00 "$work/job.sh" >/dev/null
procs=$(sub -N procs -l procs=3,walltime=00:30:00 "$work/job.sh")
pbsnodes -o -N "maintenance" "${TQ_NODE_PREFIX}4" >/dev/null
for _ in $(seq 1 60); do qstat -f -x "$wide" | grep -q '<exec_host>' && break; sleep 0.5; done
rec qstat-f-x qstat -f -x
rec qstat-f qstat -f
rec pbsnodes-x pbsnodes -x
rec pbsnodes-a pbsnodes -a
pbsnodes -c "${TQ_NODE_PREFIX}4" >/dev/null

rec qrun-unknown qrun 999."$MASTER_HOST"
rec qrun-running qrun -H "${TQ_NODE_PREFIX}3:ppn=1" "$wide"
rec qrun-unknown-node qrun -H nosuch:ppn=1 "$procs"
rec qrun-finished qrun -H "${TQ_NODE_PREFIX}3:ppn=1" "$quick"
rec qrerun-ok qrerun "$wide"
for _ in $(seq 1 60); do qstat -f -x "$wide" | grep -q '<job_state>Q' && break; sleep 0.5; done
sleep 1
rec qstat-f-x-requeued qstat -f -x
rec pbsnodes-x-requeued pbsnodes -x
rec qrerun-unknown qrerun 999."$MASTER_HOST"
rec qdel-unknown qdel 999."$MASTER_HOST"
rec qhold-unknown qhold 999."$MASTER_HOST"
rec qrls-unknown qrls 999."$MASTER_HOST"
rec qstat-unknown qstat -f -x 999."$MASTER_HOST"
rec qsub-root qsub "$work/job.sh"
qdel all >/dev/null 2>&1
for _ in $(seq 1 60); do qstat -f -x 2>/dev/null | grep -q '<job_state>[QRHE]' || break; sleep 0.5; done
rec qstat-f-x-none qstat -f -x "$quick"

qterm -t quick >/dev/null 2>&1
for _ in $(seq 1 40); do qstat -B >/dev/null 2>&1 || break; sleep 0.5; done
rec qstat-no-server qstat -f -x
rec pbsnodes-no-server pbsnodes -x
rec qrun-no-server qrun -H "${TQ_NODE_PREFIX}1:ppn=1" 1."$MASTER_HOST"
"$SCRIPTS/start.sh" >/dev/null
echo "fixtures in $F"
