#!/usr/bin/env bash
# Stops the TORQUE cluster start.sh started: job processes left in the node namespaces, pbs_server
# (qterm), the pbs_moms and trqauthd — only the pids recorded in $TQ_RUN and processes inside our own
# namespaces, by pid — then removes the namespaces, the bridge and the /etc/hosts block. Idempotent.
# The server database and node homes are kept (start.sh reuses them); DOJI_TORQUE_WIPE=1 removes the
# server database and job files too.
set -uo pipefail
. "$(dirname "$0")/env.sh"
pid_of() { [ -s "$1" ] && cat "$1"; }
stop_pids() {  # stop_pids PID...: TERM, up to 15 s, then KILL
  local p left
  for p in "$@"; do kill -TERM "$p" 2>/dev/null || true; done
  for _ in $(seq 1 30); do
    left=()
    for p in "$@"; do kill -0 "$p" 2>/dev/null && left+=("$p"); done
    [ ${#left[@]} -eq 0 ] && return 0
    sleep 0.5
  done
  for p in "${left[@]}"; do log "killing $p"; kill -9 "$p" 2>/dev/null || true; done
}
our_ns() { ip netns list 2>/dev/null | awk -v p="^$TQ_NS_PREFIX$TQ_NODE_PREFIX[0-9]+\$" '$1 ~ p {print $1}'; }
spid=$(pid_of "$TQ_RUN/pbs_server.pid")
mom_pids=()
for f in "$TQ_RUN"/pbs_mom.*.pid; do
  p=$(pid_of "$f") && kill -0 "$p" 2>/dev/null && mom_pids+=("$p")
done

# 1. Job processes first, while moms and server run, so the jobs end as jobs (not "running" forever)
for ns in $(our_ns); do
  left=()
  for p in $(ip netns pids "$ns" 2>/dev/null); do [[ " ${mom_pids[*]} " == *" $p "* ]] || left+=("$p"); done
  [ ${#left[@]} -gt 0 ] && { log "stopping job processes in $ns: ${left[*]}"; stop_pids "${left[@]}"; }
done
# 2. pbs_server
if [ -n "$spid" ] && kill -0 "$spid" 2>/dev/null; then
  log "stopping pbs_server ($spid)"
  qterm -t quick >/dev/null 2>&1 || true
  for _ in $(seq 1 20); do kill -0 "$spid" 2>/dev/null || break; sleep 0.5; done
  stop_pids "$spid"
fi
# 3. pbs_moms and whatever is left in our namespaces
[ ${#mom_pids[@]} -gt 0 ] && { log "stopping pbs_mom ${mom_pids[*]}"; stop_pids "${mom_pids[@]}"; }
for ns in $(our_ns); do
  left=$(ip netns pids "$ns" 2>/dev/null | tr '\n' ' ')
  # shellcheck disable=SC2086
  [ -n "${left// /}" ] && stop_pids $left
done
# 4. trqauthd
tpid=$(pid_of "$TQ_RUN/trqauthd.pid")
[ -n "$tpid" ] && kill -0 "$tpid" 2>/dev/null && { log "stopping trqauthd ($tpid)"; stop_pids "$tpid"; }
rm -f "$TQ_RUN"/*.pid
# 5. Network and names
for ns in $(our_ns); do ip netns del "$ns" 2>/dev/null || true; rm -rf "/etc/netns/$ns"; done
ip link show "$TQ_BRIDGE" >/dev/null 2>&1 && ip link del "$TQ_BRIDGE"
hosts_now=$(sed "/^$HOSTS_BEGIN\$/,/^$HOSTS_END\$/d" /etc/hosts)
printf '%s\n' "$hosts_now" > /etc/hosts
if [ "${DOJI_TORQUE_WIPE:-0}" = 1 ]; then
  rm -f "$TQ_HOME/server_priv/serverdb"
  find "$TQ_HOME/server_priv/jobs" "$TQ_HOME/server_priv/arrays" -type f -delete 2>/dev/null
  rm -rf "$TQ_HOME/nodes"
  log "server database removed"
fi
log "TORQUE stopped"
