#!/usr/bin/env bash
# "A server on another machine" for the network fault tests: a throwaway PostgreSQL cluster inside a network
# namespace of its own, reached from this machine over a veth pair, and the faults a real network has. Root only.
#
#   scripts/netns-pg.sh check            exit 0 when this machine can (root, ip netns, nft, PostgreSQL), else why
#   scripts/netns-pg.sh start DIR        namespace + veth + cluster in DIR; prints postgres://favs:PASSWORD@ADDR:PORT/postgres
#   scripts/netns-pg.sh stop DIR         stops everything start/delay made and removes DIR; safe to call twice
#   scripts/netns-pg.sh drop DIR         a partition: every packet to or from this machine is dropped, both ways
#   scripts/netns-pg.sh loss DIR PERCENT that share of the packets, both ways, dropped at random
#   scripts/netns-pg.sh heal DIR         the link works again (no drop, no loss)
#   scripts/netns-pg.sh delay DIR MS     a proxy on 127.0.0.1 holding every chunk MS ms each way; prints its URL
#   scripts/netns-pg.sh undelay DIR      stops the proxy
#   scripts/netns-pg.sh exec DIR CMD…    runs CMD inside the namespace, on the server's side of a partition: it
#                                        reaches the server at the printed address whatever drop or loss do; exits
#                                        with CMD's status
#
# The addresses are a /30 from 10.231.0.0/16 on a veth pair that exists only inside this machine; traffic goes
# nowhere else. This kernel has no netem, so loss and partitions are nftables rules inside the namespace
# (docs: /work/shared/POSTGRES-NOTES.md, "Real networks") and delay is scripts/delay-proxy.py.
set -euo pipefail

usage="usage: netns-pg.sh check | start|stop|drop|heal|undelay DIR | loss DIR PERCENT | delay DIR MS | exec DIR CMD…"
command=${1:?$usage}
here=$(cd "$(dirname "$0")" && pwd)
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
table=favs_fault
pg_port=5432  # the namespace is new and empty: the standard port is free in it

check() {
    [ "$(id -u)" = 0 ] || { echo "netns-pg.sh: needs root (network namespaces, veth, nftables)"; return 1; }
    command -v ip > /dev/null || { echo "netns-pg.sh: no ip command (apt-get install iproute2)"; return 1; }
    command -v nft > /dev/null || { echo "netns-pg.sh: no nft command (apt-get install nftables)"; return 1; }
    command -v python3 > /dev/null || { echo "netns-pg.sh: no python3 (the delay proxy)"; return 1; }
    [ -x "$bin/initdb" ] || { echo "netns-pg.sh: no PostgreSQL server (apt-get install postgresql)"; return 1; }
    local probe=favs-probe-$$
    ip netns add "$probe" 2> /dev/null || { echo "netns-pg.sh: ip netns add fails here (no network namespaces)"; return 1; }
    if ! ip netns exec "$probe" nft list tables > /dev/null 2>&1; then
        ip netns del "$probe"
        echo "netns-pg.sh: nft does not work inside a namespace here"
        return 1
    fi
    ip netns del "$probe"
}

if [ "$command" = check ]; then
    check
    exit
fi

dir=${2:?$usage}
dir=$(realpath -m -- "$dir")
# Names from the folder, so stop finds them again even after DIR is gone (a second stop, a start that failed).
# Interface names have at most 15 bytes.
tag=$(printf '%s' "$dir" | cksum | awk '{ printf "%08x", $1 }')
ns=favs-$tag
host_if=fv${tag:0:8}h
ns_if=fv${tag:0:8}n

# Kills a process we started (its pid in FILE) and waits for it, at most about 2 s before SIGKILL.
kill_pidfile() {
    local file=$1 pid
    [ -f "$file" ] || return 0
    pid=$(cat "$file")
    if [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null; then
        kill -TERM "$pid" 2> /dev/null || true
        for _ in $(seq 20); do kill -0 "$pid" 2> /dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2> /dev/null || true
    fi
    rm -f "$file"
}

stop() {
    kill_pidfile "$dir/proxy.pid"
    if [ -f "$dir/data/postmaster.pid" ]; then
        # Thawed first, should a test have sent SIGSTOP: a stopped postmaster cannot act on the stop request.
        pkill -CONT -P "$(head -n 1 "$dir/data/postmaster.pid")" 2> /dev/null || true
        kill -CONT "$(head -n 1 "$dir/data/postmaster.pid")" 2> /dev/null || true
        runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m immediate -w -t 10 stop > /dev/null 2>&1 || true
    fi
    if ip netns list | grep -qw -- "$ns"; then
        # Whatever still runs in the namespace is ours (the cluster if pg_ctl could not stop it).
        for pid in $(ip netns pids "$ns" 2> /dev/null); do kill -KILL "$pid" 2> /dev/null || true; done
        ip netns del "$ns" 2> /dev/null || true
    fi
    # Deleting the namespace deletes its end of the pair, and with it ours; this is for a start that failed
    # before the peer moved into the namespace.
    ip link del "$host_if" 2> /dev/null || true
    rm -rf "$dir"
}

in_ns() { ip netns exec "$ns" "$@"; }

# Replaces the fault table inside the namespace with RULE (in both chains) for packets from/to this machine.
# `table …; delete table …` first makes the replacement work whether or not the table exists, in one transaction.
fault() {
    local match_in=$1 match_out=$2 host
    host=$(cat "$dir/host-address")
    in_ns nft -f - <<EOF
table inet $table
delete table inet $table
table inet $table {
    chain in { type filter hook input priority 0; policy accept; ip saddr $host $match_in drop; }
    chain out { type filter hook output priority 0; policy accept; ip daddr $host $match_out drop; }
}
EOF
}

case $command in
start)
    [ ! -e "$dir/data" ] || { echo "netns-pg.sh: $dir already holds a server (stop it first)" >&2; exit 73; }
    check > /dev/null || { check >&2; exit 69; }
    started=no
    trap '[ "$started" = yes ] || stop' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    mkdir -p "$dir"
    chown postgres "$dir"

    # A /30 no route here covers yet: the first free one from a place that depends on DIR, so two harnesses
    # running at once start in different places. Bounded: 64 tries.
    number=$(( 16#${tag:0:4} % 16384 ))
    host_address=""
    for _ in $(seq 64); do
        a=$(( number / 64 )) b=$(( number % 64 * 4 ))
        candidate=10.231.$a.$((b + 1))
        if ! ip -4 route show to match "$candidate" | grep -qv '^default' \
            && ! ip -4 addr show | grep -q "inet 10\.231\.$a\.$((b + 1))/"; then
            host_address=$candidate ns_address=10.231.$a.$((b + 2))
            break
        fi
        number=$(( (number + 1) % 16384 ))
    done
    [ -n "$host_address" ] || { echo "netns-pg.sh: no free /30 in 10.231.0.0/16" >&2; exit 69; }
    echo "$host_address" > "$dir/host-address"
    echo "$ns_address" > "$dir/address"
    echo "$ns" > "$dir/namespace"  # for a harness that checks stop left nothing behind

    ip netns add "$ns"
    ip link add "$host_if" type veth peer name "$ns_if"
    ip link set "$ns_if" netns "$ns"
    ip addr add "$host_address/30" dev "$host_if"
    ip link set "$host_if" up
    in_ns ip addr add "$ns_address/30" dev "$ns_if"
    in_ns ip link set "$ns_if" up
    in_ns ip link set lo up

    password=favs-test-$RANDOM$RANDOM
    printf '%s\n' "$password" > "$dir/password"
    chown postgres "$dir/password"
    runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U favs --pwfile="$dir/password" --auth-local=trust \
        --auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log" 2>&1 \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    # Logins from the host's end of the veth, and from inside the namespace (exec) to the server's address:
    # scram, as on a real server.
    printf 'host all all %s/32 scram-sha-256\nhost all all %s/32 scram-sha-256\n' "$host_address" "$ns_address" \
        >> "$dir/data/pg_hba.conf"
    in_ns runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
        -o "-p $pg_port -k $dir -c listen_addresses=$ns_address -c max_connections=200" start > /dev/null \
        || { cat "$dir/server.log" >&2; exit 1; }
    started=yes
    echo "postgres://favs:$password@$ns_address:$pg_port/postgres"
    ;;
stop)
    stop
    ;;
drop)
    fault "" ""
    ;;
loss)
    percent=${3:?$usage}
    case $percent in ''|*[!0-9]*) echo "netns-pg.sh: PERCENT is a whole number from 0 to 100" >&2; exit 64 ;; esac
    [ "$percent" -le 100 ] || { echo "netns-pg.sh: PERCENT is a whole number from 0 to 100" >&2; exit 64; }
    fault "numgen random mod 100 < $percent" "numgen random mod 100 < $percent"
    ;;
heal)
    in_ns nft delete table inet "$table" 2> /dev/null || true
    ;;
delay)
    ms=${3:?$usage}
    case $ms in ''|*[!0-9]*) echo "netns-pg.sh: MS is a whole number of milliseconds" >&2; exit 64 ;; esac
    [ -f "$dir/address" ] || { echo "netns-pg.sh: no server in $dir (start it first)" >&2; exit 66; }
    kill_pidfile "$dir/proxy.pid"
    rm -f "$dir/proxy.port"
    # The proxy outlives this script (it runs until undelay or stop), so it must not hold our stdout: whoever
    # reads the printed URL would wait for it.
    python3 "$here/delay-proxy.py" "$(cat "$dir/address")" "$pg_port" "$ms" "$dir/proxy.port" \
        --lifetime 3600 --while-exists "$dir" < /dev/null > "$dir/proxy.log" 2>&1 &
    echo $! > "$dir/proxy.pid"
    trap '[ -f "$dir/proxy.port" ] || kill_pidfile "$dir/proxy.pid"' EXIT
    for _ in $(seq 100); do  # up to 10 s for python to start on a busy machine
        [ -f "$dir/proxy.port" ] && break
        kill -0 "$(cat "$dir/proxy.pid")" 2> /dev/null || break
        sleep 0.1
    done
    [ -f "$dir/proxy.port" ] || { echo "netns-pg.sh: the delay proxy did not start:" >&2; cat "$dir/proxy.log" >&2; exit 1; }
    echo "postgres://favs:$(cat "$dir/password")@127.0.0.1:$(cat "$dir/proxy.port")/postgres"
    ;;
undelay)
    kill_pidfile "$dir/proxy.pid"
    rm -f "$dir/proxy.port"
    ;;
exec)
    shift 2
    [ $# -gt 0 ] || { echo "$usage" >&2; exit 64; }
    ip netns list | grep -qw -- "$ns" || { echo "netns-pg.sh: no server in $dir (start it first)" >&2; exit 66; }
    exec ip netns exec "$ns" "$@"
    ;;
*)
    echo "$usage" >&2
    exit 64
    ;;
esac
