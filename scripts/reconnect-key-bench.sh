#!/usr/bin/env bash
# Keys while a reconnect reloads a team library's list (issue #38, item 4): a browser on a 100k-item library (favs-gen)
# behind the 50 ms delay proxy (scripts/delay-proxy.py, each way: a round trip costs 100 ms, as NetworkFaultTests'
# proxy), its list in; then every backend of the browser is killed (pg_terminate_backend), so that it reconnects
# and reads the whole list again, and `j` is pressed over and over until the reloaded list is on screen. Each key
# is timed from just before it is sent to the first capture of the pane showing the cursor on its row (the list's
# title, `Items K/N`), both through one tmux control-mode client (scripts/tmux-keys.py: no process starts between
# the key and the screen; NCURSES-NOTES.md, "Measuring latency through tmux"); the same keys when idle, before the
# first cut, are the reference. Prints table rows (| figure | target | favs | reference
# | ratio | result |) to stdout, progress to stderr; keeps the raw times in OUT/reconnect-keys-*.
#
#   scripts/reconnect-key-bench.sh FAVS FAVS_GEN [quick]
#
# The reload is made visible: before each cut, one item at the end of the list is marked deleted straight in the
# table, with no log row and no notification (so no follower reads it), and the status line's count drops by one
# when the reloaded list is applied. A key is "during the reload" when it was sent after the cut and before a screen
# showed the new count. Keys go at most 30 a second (auto-repeat), each once the previous one is answered.
# ROUNDS (5) cuts, IDLE (60) idle keys. quick (make test's smoke run): 2,000 items, 1 cut, 10 idle keys.
set -euo pipefail
export LC_ALL=C.UTF-8

FAVS=${1:?usage: scripts/reconnect-key-bench.sh FAVS FAVS_GEN [quick]}
GEN=${2:?usage: scripts/reconnect-key-bench.sh FAVS FAVS_GEN [quick]}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FAVS_BENCH_OUT:-$ROOT/Benchmarks/.build/bench-results}
mkdir -p "$OUT"
if [ "${3:-}" = quick ]; then ITEMS=2000 ROUNDS=1 IDLE=10; else ITEMS=100000 ROUNDS=${ROUNDS:-5} IDLE=${IDLE:-60}; fi
DELAY=50
for tool in tmux psql python3; do
    command -v "$tool" > /dev/null || { echo "bench: $tool is missing (make bench installs it)" >&2; exit 2; }
done

log() { printf 'bench: %s\n' "$*" >&2; }
us() { echo "${EPOCHREALTIME/./}"; }  # µs, no fork
DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-reconnect-bench.XXXXXX")
. "$ROOT/scripts/bench-postgres.sh"  # the server and the delay proxy: bench_postgres_start, proxy MS
T="tmux -S $DIR/tmux.socket"
trap '$T kill-server 2> /dev/null || true; bench_postgres_stop' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export FAVS_CONFIG=/dev/null

log "a PostgreSQL server on loopback (scripts/pg-test-server.sh) with $ITEMS generated items"
bench_postgres_start
sql() { psql -X -q -A -t -v ON_ERROR_STOP=1 -h "$DIR/pg" -p "$PORT" -U favs -d postgres -c "$1"; }  # the socket: trusted
"$GEN" "$ITEMS" --tsv "$DIR/items.tsv"
"$FAVS" import "$DIR/items.tsv" --library "$URL?schema=keys" > /dev/null
IDS=($(tail -n "$ROUNDS" "$DIR/items.tsv" | cut -f1))  # the last ones, deleted one a round

proxy "$DELAY"
LIBRARY="postgres://favs:$PASSWORD@127.0.0.1:$PROXY/postgres?schema=keys"

# screen: the pane now, in SCREEN. wait_for TEXT [SECONDS]: until the pane shows TEXT.
screen() { SCREEN=$($T capture-pane -p -t app); }
wait_for() {
    local t0; t0=$(us)
    until screen && grep -qF -- "$1" <<< "$SCREEN"; do
        if [ $(( $(us) - t0 )) -gt $(( ${2:-60} * 1000000 )) ]; then
            echo "bench: '$1' did not appear within ${2:-60} s; the screen:" >&2; printf '%s\n' "$SCREEN" >&2; exit 1
        fi
    done
}
$T -f /dev/null new-session -d -s app -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
    -e SWIFT_BACKTRACE=enable=no -e FAVS_CONFIG=/dev/null "exec '$FAVS' --library '$LIBRARY'"
log "the browser through the ${DELAY} ms proxy (each way): its first screen, then its list (f answered, then f again)"
wait_for "$ITEMS items · 0 favorites"
# f waits for the whole list; the second f takes the star back. Both saved before the keys begin.
$T send-keys -t app f
wait_for "$ITEMS items · 1 favorite"
until screen && ! grep -q saving <<< "$SCREEN"; do :; done
$T send-keys -t app f
wait_for "$ITEMS items · 0 favorites"
until screen && ! grep -q saving <<< "$SCREEN"; do :; done

# One idle session for tmux-keys.py's control client, so that it sizes nothing the browser shows.
$T new-session -d -s control -x 80 -y 24 "exec sleep 100000"
keys() {  # OUT tmux-keys.py's options…: j pressed and timed (scripts/tmux-keys.py); the cursor's next row in ROW
    ROW=$(python3 "$ROOT/scripts/tmux-keys.py" "$DIR/tmux.socket" control app j "$ROW" "$@")
}
ROW=2  # the row the first j moves to

log "$IDLE keys (j) while idle"
: > "$DIR/idle"
keys "$DIR/idle" --count "$IDLE"

: > "$DIR/during"; : > "$DIR/reloads"
cat > "$DIR/cut.sql" << 'EOF'
SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
WHERE backend_type = 'client backend' AND pid <> pg_backend_pid();
EOF
for round in $(seq "$ROUNDS"); do
    expect=$(( ITEMS - round ))
    sql "UPDATE keys.items SET deleted = true WHERE id = '${IDS[$(( round - 1 ))]}'" > /dev/null
    log "cut $round of $ROUNDS: every backend of the browser ended (pg_terminate_backend); j until '$expect items' shows"
    : > "$DIR/round"
    # The cut is the command tmux-keys.py runs before its first key: its times are from when it returned.
    keys "$DIR/round" --until " $expect items" --limit 60 \
        --before "psql -X -q -A -t -h '$DIR/pg' -p $PORT -U favs -d postgres -f '$DIR/cut.sql'"
    # The keys sent before the new count first showed; the last one, answered with it, is among them.
    awk -v expect="$expect" '{ print } $3 == expect { exit }' "$DIR/round" >> "$DIR/during"
    echo "$round $(awk -v expect="$expect" '$3 == expect { print int(($1 + $2) / 1000); exit }' "$DIR/round") \
$(wc -l < "$DIR/round")" >> "$DIR/reloads"
    # A few keys after it, so that the browser is idle again before the next cut.
    keys "$DIR/after" --count 3
done
$T send-keys -t app q
for f in idle during reloads; do cp "$DIR/$f" "$OUT/reconnect-keys-$f"; done

# stats FILE: "median p95 worst count" of the latencies (ms, one decimal).
stats() {
    cut -d' ' -f2 "$1" | sort -n | awk '{ v[NR] = $1 } END {
        if (NR == 0) { print "— — — 0"; exit }
        p95 = v[int((NR * 95 + 99) / 100)]
        printf "%.1f %.1f %.1f %d\n", v[int((NR + 1) / 2)] / 1000, p95 / 1000, v[NR] / 1000, NR }'
}
read -r IM IP IW IN < <(stats "$DIR/idle")
read -r DM DP DW DN < <(stats "$DIR/during")
RELOAD=$(cut -d' ' -f2 "$DIR/reloads" | sort -n | tr '\n' ' ' | sed 's/ $//')
KL=$([ "$ITEMS" -ge 1000 ] && echo "$(( ITEMS / 1000 ))k" || echo "$ITEMS")
if [ "$DN" = 0 ]; then result="info (no key fell in a reload)"
else result=$(awk -v w="$DW" 'BEGIN { print (w <= 50) ? "PASS" : "FAIL" }'); fi
echo "| a key (\`j\`) while a reconnect reloads a $KL-item team library behind the ${DELAY} ms proxy (each way; every \
backend killed, $ROUNDS times; from the cut to the reloaded list on screen: [$RELOAD] ms), key → screen in tmux: \
median / p95 / worst of $DN keys; reference: $IN keys when idle | ≤ 50 ms | $DM / $DP / $DW ms | $IM / $IP / $IW ms \
| $(awk -v a="$DM" -v b="$IM" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "—" }') | $result |"
