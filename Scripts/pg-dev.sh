#!/usr/bin/env bash
# A throwaway PostgreSQL + PostGIS cluster for trying a shared Pinmap store, and for the tests.
#
#   Scripts/pg-dev.sh start   start it (prints the URI); a second start reuses it, and a
#                             cluster stopped by a crash or reboot starts again with its pins
#   Scripts/pg-dev.sh url     print its URI: pinmap --db "$(Scripts/pg-dev.sh url)"
#   Scripts/pg-dev.sh restart stop the server and start it again, its pins kept (what an open
#                             UI does when a team's server restarts)
#   Scripts/pg-dev.sh stop    stop it and delete its folder (its pins are gone)
#
# The cluster lives in $PINMAP_PG_DIR (default /tmp/pinmap-pg): data, a unix socket and a log.
# Trust authentication on the socket and 127.0.0.1, fsync off: for trying and testing only,
# never for a team's pins. Root cannot run the server, so as root it runs as `postgres`.
# It needs Debian's postgresql, postgresql-contrib and postgresql-N-postgis-3 (N: the server's
# major version); .ci/run installs them.
set -euo pipefail

dir=${PINMAP_PG_DIR:-/tmp/pinmap-pg}
port=${PINMAP_PG_PORT:-54400}
database=pins

bindir() {
  local v
  v=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
  [ -n "$v" ] && [ -x "/usr/lib/postgresql/$v/bin/pg_ctl" ] || {
    echo "pg-dev.sh: no PostgreSQL server found in /usr/lib/postgresql (apt-get install postgresql postgresql-contrib)" >&2
    exit 1
  }
  echo "/usr/lib/postgresql/$v/bin"
}

# Runs a server program as the owner of the cluster (postgres when we are root).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

url() { echo "postgresql:///$database?host=$dir/socket&port=$(cat "$dir/port" 2>/dev/null || echo "$port")&user=postgres"; }

running() { [ -f "$dir/data/postmaster.pid" ] && as_owner "$(bindir)/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; }

start() {
  local bin; bin=$(bindir)
  if running; then url; return; fi
  # A cluster stopped by a reboot or a crash keeps its pins: started again as it is.
  if [ -f "$dir/data/PG_VERSION" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/pg.log" -w start >/dev/null \
      || { cat "$dir/data/pg.log" >&2; exit 1; }
    url; return
  fi
  rm -rf "$dir"
  mkdir -p "$dir/socket"
  # Every parent must be traversable by postgres (mktemp folders are 0700).
  local p="$dir"; while [ "$p" != "/" ]; do chmod o+x "$p" 2>/dev/null || true; p=$(dirname "$p"); done
  [ "$(id -u)" -eq 0 ] && chown -R postgres:postgres "$dir"
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 -N >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  # A free port from $port on.
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port" >"$dir/port"
  cat >>"$dir/data/postgresql.conf" <<EOF
unix_socket_directories = '$dir/socket'
listen_addresses = '127.0.0.1'
port = $port
fsync = off
synchronous_commit = off
full_page_writes = off
max_wal_size = 2GB
EOF
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/data/pg.log" -w start >/dev/null \
    || { cat "$dir/data/pg.log" >&2; exit 1; }
  as_owner "$bin/createdb" -h "$dir/socket" -p "$port" -U postgres "$database"
  url
}

restart() {
  [ -f "$dir/data/PG_VERSION" ] || { echo "pg-dev.sh: no cluster in $dir (Scripts/pg-dev.sh start)" >&2; exit 1; }
  if running; then
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -l "$dir/data/pg.log" -m fast -w restart >/dev/null \
      || { cat "$dir/data/pg.log" >&2; exit 1; }
    url
  else
    start
  fi
}

stop() {
  if [ -d "$dir/data" ]; then
    as_owner "$(bindir)/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  restart) restart ;;
  stop) stop ;;
  url) running || { echo "pg-dev.sh: no cluster running in $dir (Scripts/pg-dev.sh start)" >&2; exit 1; }; url ;;
  *) echo "usage: Scripts/pg-dev.sh start|restart|stop|url" >&2; exit 2 ;;
esac
