#!/usr/bin/env bash
# Records the real outputs the adapter parses into src/test/resources/fixtures (needs a running cluster
# from start.sh with 4 nodes). Scenario: reservation queue doji_fx on node1,node2 for dojialice; dojibob's
# jobs run in all.q (one parallel job across three hosts); then the start, eviction and end commands.
# --with-down also records the error output of a stopped qmaster (stops and restarts the cluster).
set -uo pipefail
SCRIPTS=$(cd "$(dirname "$0")" && pwd)
. "$SCRIPTS/env.sh"
B=$SGE_BIN
F=$(cd "$SCRIPTS/.." && pwd)/src/test/resources/fixtures/sge
mkdir -p "$F"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd /tmp
# one recorded call = NAME.stdout, NAME.stderr, NAME.exit (the format crm-batch-common's RecordedCommands replays)
rec() { local name=$1; shift; "$@" > "$F/$name.stdout" 2> "$F/$name.stderr"; echo $? > "$F/$name.exit"; echo "recorded $name"; }
wait_running() { for _ in $(seq 1 40); do [ "$($B/qstat -u '*' -s r | tail -n +3 | wc -l)" -ge "$1" ] && return; sleep 0.5; done; }

$B/qdel -f -u '*' >/dev/null 2>&1 || true
$B/qconf -dq doji_fx -dul doji_fx >/dev/null 2>&1 || true
sleep 2
printf 'name doji_fx\ntype ACL\nfshare 0\noticket 0\nentries dojialice\n' > "$tmp/acl"
"$SCRIPTS/queue-template.sh" doji_fx "node1 node2" 2 | sed 's/^initial_state .*/initial_state disabled/;s/^user_lists .*/user_lists doji_fx/' > "$tmp/q"
rec qconf-create $B/qconf -Au "$tmp/acl" -Aq "$tmp/q"
rec qconf-create-exists $B/qconf -Au "$tmp/acl" -Aq "$tmp/q"
su dojibob -c "$B/qsub -q all.q -pe mpi 3 -b y -o /dev/null -j y -N bgpar sleep 600" >/dev/null
for i in 1 2; do su dojibob -c "$B/qsub -q all.q -b y -o /dev/null -j y -N bg$i sleep 600" >/dev/null; done
su dojialice -c "$B/qsub -q doji_fx -b y -o /dev/null -j y -N resjob sleep 600" >/dev/null
rec qsub-refused su dojibob -c "$B/qsub -w e -q doji_fx -b y -o /dev/null -j y -N bobjob sleep 600"
wait_running 3
rec qstat-before-start $B/qstat -xml -u '*' -f -r
rec qhost $B/qhost -xml
rec qconf-sql $B/qconf -sql
rec qconf-sq-doji $B/qconf -sq doji_fx
rec qconf-sq-all $B/qconf -sq all.q
rec qconf-su-doji $B/qconf -su doji_fx
rec qconf-sconf-global $B/qconf -sconf global
running=$($B/qstat -u '*' -s r -xml | grep -B1 -A3 JB_job_number | awk -F'[<>]' '/JB_job_number/ {print $3}' | sort -u)
onreserved=""
for j in $running; do
  if $B/qstat -u '*' -s r -f | awk -v j=$j '/^all.q@node[12] /{q=1;next} /^---/{q=0} q && $1==j {f=1} END{exit !f}'; then onreserved="$onreserved $j"; fi
done
others=$($B/qstat -u '*' -f | awk '/^all.q@node[12] / && $6 !~ /d/ {print $1}' | paste -sd, -)
rec qmod-start $B/qmod -e doji_fx -d "$others"
rec qmod-sj $B/qmod -sj $onreserved
rec qresub runuser -u dojibob -- $B/qresub $onreserved
rec qdel-evict $B/qdel -f $onreserved
wait_running 1
rec qstat-active $B/qstat -xml -u '*' -f -r
rec qconf-dq-busy $B/qconf -dq doji_fx -dul doji_fx
resjobs=$($B/qstat -u '*' -q doji_fx | awk 'NR>2 {print $1}')
rec qdel-end $B/qdel -f $resjobs 999999
sleep 2
rec qconf-dq-ok $B/qconf -dq doji_fx -dul doji_fx
rec qmod-release $B/qmod -e "$others"
rec qconf-dq-missing $B/qconf -dq doji_fx -dul doji_fx
rec qconf-sq-missing $B/qconf -sq doji_fx
rec qconf-su-missing $B/qconf -su doji_fx
rec qmod-missing $B/qmod -e doji_fx
$B/qdel -f -u '*' >/dev/null 2>&1 || true

S=$(date -d '+2 min' +%Y%m%d%H%M.%S); E=$(date -d '+5 min' +%Y%m%d%H%M.%S)
rec qrsub-ok $B/qrsub -N doji_arfx -a "$S" -e "$E" -pe mpi 4 -q '*@node1,*@node2' -u dojialice,dojibob
rec qrsub-denied $B/qrsub -N doji_arfx2 -a "$S" -e "$E" -pe mpi 64
rec qrstat-list $B/qrstat -xml
ar=$($B/qrstat | awk '/doji_arfx/ {print $1}')
rec qrstat-ar $B/qrstat -xml -ar "$ar"
rec qrdel-ok $B/qrdel "$ar"
rec qrdel-missing $B/qrdel "$ar"
rec qrstat-empty $B/qrstat -xml
# (qrstat-deleting: qrstat -xml right after qrdel of an AR whose job still ran — see NativeModeIT)
rec qstat-idle $B/qstat -xml -u "*" -f -r
# configured slots differ from num_proc: all.q has 3 slots on node2, exec host node3 is capped at 1 slot, and a
# reservation queue with 5 slots on node1 (which must not count as the site's configuration)
$B/qconf -mattr queue slots 3 all.q@node2 >/dev/null
$B/qconf -mattr exechost complex_values slots=1 node3 >/dev/null
"$SCRIPTS/queue-template.sh" doji_slots node1 5 > "$tmp/qs"
$B/qconf -Aq "$tmp/qs" >/dev/null
rec qhost-slots $B/qhost -F slots -xml
rec qstat-slots $B/qstat -xml -u "*" -f -r
$B/qconf -dq doji_slots >/dev/null
$B/qconf -purge queue slots all.q@node2 >/dev/null
$B/qconf -rattr exechost complex_values NONE node3 >/dev/null
if [ "${1:-}" = "--with-down" ]; then
  # what every command prints while the qmaster is down (restarts the cluster)
  "$SCRIPTS/stop.sh" >/dev/null
  rec qhost-down $B/qhost -xml
  "$SCRIPTS/start.sh" >/dev/null 2>&1
fi
echo "fixtures in $F"
