#!/usr/bin/env bash
# The round-trip figures of issue #38: `favs fav ID` and `favs unfav ID` on a team library over a slow link, beside
# `psql -c 'select 1'` over the same link (a login and one statement: the floor). Prints table rows (| figure |
# target | favs | psql | ratio | result |) to stdout, progress to stderr; keeps the raw times in OUT/trips-*.
#
#   scripts/command-trip-bench.sh FAVS [quick]
#
# The server is scripts/pg-test-server.sh's (loopback, SCRAM logins); the link is scripts/delay-proxy.py in front
# of it. Links: 50 ms and 20 ms on what the client sends (--toward-server-only: a round trip costs the delay, the
# link of the issue's figures), and 50 ms each way (the proxy as NetworkFaultTests use it: a round trip costs
# twice the delay). Each figure is the median of RUNS (9) whole processes, fav and unfav alternating on one item.
# quick (make test's smoke run): the 50 ms link alone, 3 runs.
set -euo pipefail
export LC_ALL=C.UTF-8

FAVS=${1:?usage: scripts/command-trip-bench.sh FAVS [quick]}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FAVS_BENCH_OUT:-$ROOT/Benchmarks/.build/bench-results}
mkdir -p "$OUT"
if [ "${2:-}" = quick ]; then RUNS=3 LINKS="50:toward"; else RUNS=9 LINKS="50:toward 20:toward 50:both"; fi
command -v psql > /dev/null || { echo "bench: psql is missing (apt-get install postgresql-client)" >&2; exit 2; }

log() { printf 'bench: %s\n' "$*" >&2; }
ms() { local t=${EPOCHREALTIME/./}; echo $(( t / 1000 )); }  # bash 5: no fork
DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-trip-bench.XXXXXX")
. "$ROOT/scripts/bench-postgres.sh"  # the server and the delay proxy: bench_postgres_start, proxy MS [toward]
trap bench_postgres_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

log "a PostgreSQL server on loopback (scripts/pg-test-server.sh) with the sample library"
bench_postgres_start
export FAVS_CONFIG=/dev/null
"$FAVS" script --library "$URL?schema=trips" < /dev/null > /dev/null

# timed FILE CMD…: appends CMD's wall time in ms to FILE; the command must succeed.
timed() {
    local file=$1 start; shift
    start=$(ms)
    "$@" > /dev/null
    echo $(( $(ms) - start )) >> "$file"
}
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "—" }'; }

for link in $LINKS; do
    delay=${link%%:*} mode=${link#*:}
    proxy "$delay" "$mode"
    name=trips-$delay-$mode
    : > "$DIR/$name.fav"; : > "$DIR/$name.unfav"; : > "$DIR/$name.psql"
    log "favs fav / unfav and psql -c 'select 1', $RUNS each, over ${delay} ms ($mode)"
    library="postgres://favs:$PASSWORD@127.0.0.1:$PROXY/postgres?schema=trips"
    for _ in $(seq "$RUNS"); do
        timed "$DIR/$name.fav" "$FAVS" fav rec-002 --library "$library"
        timed "$DIR/$name.unfav" "$FAVS" unfav rec-002 --library "$library"
        PGPASSWORD=$PASSWORD timed "$DIR/$name.psql" psql -X -A -t \
            "host=127.0.0.1 port=$PROXY user=favs dbname=postgres sslmode=disable" -c 'select 1'
    done
    for f in fav unfav psql; do cp "$DIR/$name.$f" "$OUT/$name.$f"; done
    FLOOR=$(median "$DIR/$name.psql")
    if [ "$mode" = toward ]; then
        what="${delay} ms on what the client sends (a round trip +${delay} ms)"
    else
        what="${delay} ms each way (the fault tests' proxy: a round trip +$(( 2 * delay )) ms)"
    fi
    for verb in fav unfav; do
        v=$(median "$DIR/$name.$verb")
        if [ "$delay:$mode" = 50:toward ]; then
            target="≤ 350 ms"
            result=$([ "$v" -le 350 ] && echo PASS || echo FAIL)
        else
            target="—" result=info
        fi
        echo "| \`favs $verb rec-002\` on a team library over $what, whole process, median of $RUNS; psql column: \`psql -c 'select 1'\` (login + one statement) | $target | $v ms | $FLOOR ms | $(ratio "$v" "$FLOOR") | $result |"
    done
done
