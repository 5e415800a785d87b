#!/usr/bin/env bash
# PostgreSQL for Doji's tests (and a local try-out), from Debian's packages, idempotently:
#   scripts/postgres.sh start   install the server if missing, start the cluster (no systemd: pg_ctlcluster), and
#                               make the role and the empty test database (dropped and made anew each start)
#   scripts/postgres.sh stop    stop the cluster
#   scripts/postgres.sh status  exit 0 when it accepts connections
# Environment: DOJI_PG_PORT (5432), DOJI_PG_USER / DOJI_PG_PASSWORD (doji / doji), DOJI_PG_DB (doji_test).
# The tests reach it with -Ppostgresql (see README "PostgreSQL").
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
port=${DOJI_PG_PORT:-5432}
user=${DOJI_PG_USER:-doji}
password=${DOJI_PG_PASSWORD:-doji}
db=${DOJI_PG_DB:-doji_test}

install() {
  if ! command -v pg_lsclusters >/dev/null || [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
    echo "[postgres] installing the server from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq --no-install-recommends postgresql postgresql-client
  fi
  if [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
    # the package makes its cluster at install time; a machine that dropped it gets a new one
    $SUDO pg_createcluster "$(ls /usr/lib/postgresql | sort -V | tail -1)" main
  fi
}

# the first cluster Debian lists: version and name
cluster() {
  pg_lsclusters -h | awk 'NR == 1 { print $1, $2 }'
}

psql_admin() {
  if [ "$(id -u)" -eq 0 ]; then as_postgres=(runuser -u postgres --); else as_postgres=(sudo -u postgres); fi
  "${as_postgres[@]}" psql -p "$port" -v ON_ERROR_STOP=1 -qAt "$@"
}

ready() {
  pg_isready -q -h localhost -p "$port"
}

start() {
  install
  read -r version name < <(cluster)
  conf=/etc/postgresql/$version/$name/conf.d/doji.conf
  if [ ! -f "$conf" ] || ! grep -q "^port = $port$" "$conf"; then
    # several services and GRC replicas each keep a connection pool: more than the default 100 connections
    printf 'port = %s\nmax_connections = 400\n' "$port" | $SUDO tee "$conf" >/dev/null
    $SUDO pg_ctlcluster "$version" "$name" stop 2>/dev/null || true
  fi
  if ! ready; then
    echo "[postgres] starting cluster $version/$name on port $port"
    $SUDO pg_ctlcluster "$version" "$name" start
  fi
  for _ in $(seq 1 30); do ready && break; sleep 1; done
  ready || { echo "[postgres] the server did not come up on port $port" >&2; exit 1; }
  psql_admin -c "DO \$\$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$user') THEN CREATE ROLE $user LOGIN PASSWORD '$password';
      ELSE ALTER ROLE $user LOGIN PASSWORD '$password'; END IF; END \$\$;"
  psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)"
  psql_admin -c "CREATE DATABASE $db OWNER $user"
  echo "[postgres] ready: jdbc:postgresql://localhost:$port/$db (user $user)"
}

stop() {
  if command -v pg_lsclusters >/dev/null && [ -n "$(pg_lsclusters -h 2>/dev/null)" ]; then
    read -r version name < <(cluster)
    if ready; then
      echo "[postgres] stopping cluster $version/$name"
      $SUDO pg_ctlcluster "$version" "$name" stop
    fi
  fi
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) ready ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
