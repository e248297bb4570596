#!/usr/bin/env bash
# A throwaway PostgreSQL server for the tests: scripts/pg-test-server.sh start DIR prints a URL for a cluster made
# in DIR, listening only on 127.0.0.1 (a free port) and a Unix socket in DIR; scripts/pg-test-server.sh stop DIR
# stops it and removes DIR. Debian's postgresql package (the Makefile installs it). As root, initdb and the server
# run as the postgres user, which owns DIR (initdb refuses to run as root).
#
# Logins over TCP need the password (scram-sha-256), so a wrong one is refused as on a real server; the socket
# trusts the local user. FAVS_TEST_LC_MESSAGES=de_DE.UTF-8 makes a server that speaks another language (its
# messages, a login's FATAL ones too): the locale must be installed, or be in the folder LOCPATH names when the
# server starts (start, resume).
set -euo pipefail

command=${1:?usage: pg-test-server.sh start|stop|pause|resume|freeze|thaw DIR}
dir=${2:?usage: pg-test-server.sh start|stop DIR}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "pg-test-server.sh: no PostgreSQL server (apt-get install postgresql)" >&2; exit 69; }
as=()
if [ "$(id -u)" = 0 ]; then as=(runuser -u postgres --); fi

case $command in
start)
    mkdir -p "$dir"
    [ ${#as[@]} -eq 0 ] || chown postgres "$dir"
    password=favs-test-$RANDOM$RANDOM
    printf '%s\n' "$password" > "$dir/password"
    [ ${#as[@]} -eq 0 ] || chown postgres "$dir/password"
    "${as[@]}" "$bin/initdb" -D "$dir/data" -U favs --pwfile="$dir/password" --auth-local=trust \
        --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    if [ -n "${FAVS_TEST_LC_MESSAGES:-}" ]; then
        printf "lc_messages = '%s'\n" "$FAVS_TEST_LC_MESSAGES" >> "$dir/data/postgresql.conf"
    fi
    # A free port on loopback, asked of the kernel; tried again if another process takes it first.
    for attempt in 1 2 3 4 5; do
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        if "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start > /dev/null; then
            echo "$port" > "$dir/port"
            echo "postgres://favs:$password@127.0.0.1:$port/postgres"
            exit 0
        fi
    done
    cat "$dir/server.log" >&2
    exit 1
    ;;
stop)
    if [ -f "$dir/data/postmaster.pid" ]; then
        "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop > /dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
pause)  # stop the server, keep its data: a test's "server went away"
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null
    ;;
resume)  # start it again on the same port
    port=$(cat "$dir/port")
    "${as[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=200" start > /dev/null
    ;;
freeze|thaw)  # SIGSTOP / SIGCONT the server and every backend: a server that hangs without closing anything
    pid=$(head -n 1 "$dir/data/postmaster.pid")
    signal=$([ "$command" = freeze ] && echo STOP || echo CONT)
    if [ "$signal" = STOP ]; then kill -STOP "$pid"; fi
    pkill "-$signal" -P "$pid" || true
    if [ "$signal" = CONT ]; then kill -CONT "$pid"; fi
    ;;
*)
    echo "usage: pg-test-server.sh start|stop|pause|resume|freeze|thaw DIR" >&2
    exit 64
    ;;
esac
