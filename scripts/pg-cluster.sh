#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: `start DIR PORT` prints the URL, `stop DIR` removes it;
# `down DIR` and `up DIR` stop and start it again on its data, for the outage drills.
# Runs as the postgres user (initdb refuses root), listens on loopback only, trusts local logins.
set -euo pipefail
cmd=${1:?start|stop|down|up}; dir=${2:?directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    port=${3:?port}
    mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    as_pg "$bin/initdb" -D "$dir/data" --locale=C.UTF-8 -E UTF8 --auth=trust -U postgres >"$dir/initdb.log" 2>&1
    echo "$port" >"$dir/port"
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  down)
    # Stops the server and keeps its data, as a restart or an outage would (bench/drills/postgres-restart.mjs).
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
    ;;
  up)
    port=$(cat "$dir/port")
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    ;;
  stop)
    [ -d "$dir/data" ] && as_pg "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$dir"
    ;;
esac
