#!/bin/sh
# Measures live sync between processes: how long after a `favs fav`/`favs unfav` command exits its change
# is on the screen of a browser running in another terminal (a private tmux server, 80x24).
#
#   scripts/sync-latency.sh [BIN [LIBRARY]]
#
# BIN: the favs binary (default: .build/debug/favs). LIBRARY: where the library is made, a new SQLite file by
# default, or a postgres:// URL naming a schema that holds no library yet (`?schema=latency1`): the same
# measurement for the team library, pushed by NOTIFY.
#
# 100 changes, fav and unfav of rec-002 alternately. Each is timed from the CLI process's exit to the first
# `capture-pane` that shows the new favorites count, polling as fast as tmux answers (about 3 ms a look).
# Prints: median N ms, p90 N ms, worst N ms over 100 changes
#
# Environment: CHANGES (100) and WAIT (5, seconds a change may take to show before the run fails): fewer
# changes and a longer wait for a slow or lossy link (Tests/EndToEndTests/NetworkFaultTests.swift), where one
# command costs many round trips and a lost packet waits for TCP to send it again.
set -eu

BIN=${1:-.build/debug/favs}
case $BIN in /*) ;; *) BIN=$PWD/$BIN ;; esac
[ -x "$BIN" ] || { echo "sync-latency: no favs binary at $BIN (run swift build first)" >&2; exit 2; }
command -v tmux > /dev/null || { echo "sync-latency: tmux is not installed" >&2; exit 2; }

CHANGES=${CHANGES:-100}
WAIT=${WAIT:-5}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-latency.XXXXXX")
T="tmux -L favs-latency-$$"
trap '$T kill-server 2> /dev/null || true; rm -rf "$DIR"' EXIT INT TERM
LIB=${2:-$DIR/lib.sqlite}

now_ns() { date +%s%N; }

# Waits (up to WAIT s) until the pane shows TEXT; fails with the screen otherwise.
wait_for() {
    end=$(( $(now_ns) + WAIT * 1000000000 ))
    while ! $T capture-pane -p -t main | grep -qF -- "$1"; do
        if [ "$(now_ns)" -gt "$end" ]; then
            echo "sync-latency: '$1' did not appear within $WAIT s; the screen:" >&2
            $T capture-pane -p -t main >&2
            exit 1
        fi
    done
}

"$BIN" script --library "$LIB" < /dev/null > /dev/null  # creates the sample library (28 items, 3 favorites)
$T -u -f /dev/null new-session -d -s main -x 80 -y 24 \
    -e LANG=C.UTF-8 -e TERM=xterm-256color -e SWIFT_BACKTRACE=enable=no "'$BIN' --library '$LIB'"
wait_for "28 items · 3 favorites"

: > "$DIR/samples"
i=0
while [ "$i" -lt "$CHANGES" ]; do
    if [ $((i % 2)) -eq 0 ]; then verb=fav expect="28 items · 4 favorites"
    else verb=unfav expect="28 items · 3 favorites"; fi
    "$BIN" "$verb" rec-002 --library "$LIB" > /dev/null
    start=$(now_ns)
    wait_for "$expect"
    echo $(( ($(now_ns) - start) / 1000 )) >> "$DIR/samples"  # microseconds
    i=$((i + 1))
done

sort -n "$DIR/samples" | awk -v n="$CHANGES" '
    { v[NR] = $1 }
    END {
        median = (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
        p90 = v[int((n * 9 + 9) / 10)]
        printf "median %d ms, p90 %d ms, worst %d ms over %d changes\n", median / 1000 + 0.5, p90 / 1000 + 0.5, v[n] / 1000 + 0.5, n
    }'
