# Shared settings of the TORQUE scripts (sourced).
TQ_VERSION=6.1.3
TQ_PREFIX=${TQ_PREFIX:-/opt/torque}            # install prefix (binaries in bin/, daemons in sbin/)
TQ_HOME=${TQ_HOME:-/var/spool/torque}          # server home, compiled in (--with-server-home)
TQ_NODES=${TQ_NODES:-4}                         # pbs_mom hosts
TQ_NP=${TQ_NP:-4}                               # cores (np) per node
TQ_NODE_PREFIX=${TQ_NODE_PREFIX:-tqnode}        # mom host names tqnode1..N (Grid Engine uses node1..N)
TQ_NET=${TQ_NET:-10.78.0}                       # private bridge /24: the server side .1, tqnodeI .(I+1)
TQ_BRIDGE=${TQ_BRIDGE:-tqbr0}
TQ_NS_PREFIX=${TQ_NS_PREFIX:-doji-}             # network namespaces doji-tqnode1..
TQ_RUN=${TQ_RUN:-/run/doji-torque}              # pid files and daemon output
TQ_USERS=${TQ_USERS:-dojitq}                    # unix users the ITs submit as (root may not qsub)
TQ_QUEUE=${TQ_QUEUE:-batch}
HOSTS_BEGIN="# doji-torque begin"
HOSTS_END="# doji-torque end"
MASTER_HOST=$(hostname)
export PATH=$TQ_PREFIX/bin:$TQ_PREFIX/sbin:$PATH
log() { echo "[torque] $(date +%H:%M:%S) $*"; }
