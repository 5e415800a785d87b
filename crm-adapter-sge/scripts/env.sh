# Shared settings of the Grid Engine scripts (sourced).
export SGE_ROOT=${SGE_ROOT:-/var/lib/gridengine}
export SGE_CELL=${SGE_CELL:-default}
export SGE_ARCH=${SGE_ARCH:-lx-amd64}
SGE_BIN=/usr/lib/gridengine
SGE_NODES=${SGE_NODES:-4}               # exec hosts node1..nodeN, each in its own netns + UTS namespace
SGE_SLOTS=${SGE_SLOTS:-2}               # slots per exec host in all.q
SGE_NET_PREFIX=${SGE_NET_PREFIX:-10.77} # nodeI is ${SGE_NET_PREFIX}.I.2, its master side ${SGE_NET_PREFIX}.I.1
SGE_TEST_USERS=${SGE_TEST_USERS:-"dojialice dojibob"}  # unix users the ITs submit jobs as
HOSTS_BEGIN="# doji-sge begin"
HOSTS_END="# doji-sge end"
MASTER_HOST=$(hostname)
log() { echo "[sge] $(date +%H:%M:%S) $*"; }
qconf() { "$SGE_BIN/qconf" "$@"; }
master_up() { "$SGE_BIN/qconf" -sh >/dev/null 2>&1; }
QMASTER_PIDFILE=/var/spool/gridengine/qmaster/qmaster.pid
