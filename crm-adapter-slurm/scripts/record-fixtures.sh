#!/usr/bin/env bash
# Records the real Slurm outputs the adapter's unit tests replay, into
# src/test/resources/fixtures/slurm/NAME.{stdout,stderr,exit}. Needs the cluster of start.sh (4 nodes
# n1..n4 × 2 CPUs) with no reservations and no jobs; leaves none behind. Scenario: Doji reservations in the
# future and active, a foreign one, a drained node, a job in a reservation and jobs outside it; then the
# errors the adapter must tell apart, including a stopped slurmctld (stopped and started again).
set -uo pipefail
SCRIPTS=$(cd "$(dirname "$0")" && pwd)
F=$(cd "$SCRIPTS/.." && pwd)/src/test/resources/fixtures/slurm
mkdir -p "$F"
rec() { local name=$1; shift; "$@" >"$F/$name.stdout" 2>"$F/$name.stderr"; echo $? >"$F/$name.exit"; echo "recorded $name (exit $(cat "$F/$name.exit"))"; }
at() { date -d "$1" +%Y-%m-%dT%H:%M:%S; }

[ -z "$(squeue -h)" ] && [ "$(scontrol -o show reservation)" = "No reservations in the system" ] \
  || { echo "jobs or reservations exist: cancel and delete them first" >&2; exit 1; }
rec show-reservation-none scontrol -o show reservation
later=$(at '+2 hour'); later_end=$(at '+3 hour'); now_end=$(at '+10 min')
rec create-ok scontrol create reservation ReservationName=doji-r-future StartTime="$later" EndTime="$later_end" \
  Nodes=n1,n2 Users=root Flags=IGNORE_JOBS
rec create-overlap scontrol create reservation ReservationName=doji-r-clash StartTime="$later" EndTime="$later_end" \
  Nodes=n2 Users=root Flags=IGNORE_JOBS
rec create-bad-user scontrol create reservation ReservationName=doji-r-nobody StartTime="$later" EndTime="$later_end" \
  Nodes=n3 Users=nosuchuser Flags=IGNORE_JOBS
outside=$(sbatch --parsable -N1 -t 30 -o /dev/null --wrap 'sleep 600')
for _ in $(seq 1 40); do [ "$(squeue -h -j "$outside" -o %T)" = RUNNING ] && break; sleep 0.5; done
onnode=$(squeue -h -j "$outside" -o %N)
rec create-active scontrol create reservation ReservationName=doji-r-active StartTime=now EndTime="$now_end" \
  Nodes="$onnode" Users=root Flags=IGNORE_JOBS
scontrol create reservation ReservationName=maint-foreign StartTime="$later_end" Duration=60 Nodes=n4 Users=root >/dev/null
inside=$(sbatch --parsable -N1 -t 5 --reservation=doji-r-future -o /dev/null --wrap 'sleep 60')
scontrol update NodeName=n4 State=DRAIN Reason=fixture >/dev/null
sleep 1
rec show-reservation scontrol -o show reservation
rec show-nodes scontrol -o show nodes
rec squeue-running squeue -h -t RUNNING -w "$onnode" -o '%i|%v'
rec update-ok scontrol update ReservationName=doji-r-future StartTime="$later" EndTime="$(at '+4 hour')" Nodes=n1,n3 Users=root
rec update-started scontrol update ReservationName=doji-r-active StartTime="$(at now)" EndTime="$now_end" Nodes="$onnode" Users=root
rec requeue-ok scontrol requeue "$outside"
rec requeue-unknown scontrol requeue 999999
rec scancel-reservation scancel --reservation=doji-r-future
rec delete-ok scontrol delete ReservationName=doji-r-future
rec delete-missing scontrol delete ReservationName=doji-r-future
scontrol update NodeName=n4 State=RESUME >/dev/null
scancel "$outside" "$inside" >/dev/null 2>&1
for r in doji-r-active maint-foreign; do scontrol delete ReservationName=$r >/dev/null; done

STATE="${DOJI_SLURM_STATE:-/var/lib/doji-slurm}"
kill "$(cat "$STATE/run/slurmctld.pid")"
for _ in $(seq 1 40); do scontrol ping >/dev/null 2>&1 || break; sleep 0.5; done
rec show-nodes-no-controller timeout 60 scontrol -o show nodes
rm -f "$STATE/run/slurmctld.pid"
"$SCRIPTS/start.sh" >/dev/null
echo "fixtures in $F"
