#!/usr/bin/env bash
# The first screen of favs pick --stdin over 1M lines, with no picks and with 10k lines picked (20k picks), for two
# builds alternated in the same minutes (the bench's first_frame: launch -> ' 1000000 items' on screen).
#
#   scripts/picks-first-screen.sh BEFORE_FAVS AFTER_FAVS [ROUNDS]
#
# Makes its data in a temporary folder (favs-gen ids; the picks written into the memory with sqlite3); prints one
# line a run, NAME MS. Needs tmux, sqlite3 and favs-gen beside AFTER_FAVS.
set -euo pipefail
export LC_ALL=C.UTF-8
BEFORE=$1 AFTER=$2 ROUNDS=${3:-15}
D=$(mktemp -d "${TMPDIR:-/tmp}/favs-picks-bench.XXXXXX")
trap 'tmux -S "$D/tmux.sock" kill-server 2> /dev/null || true; rm -rf "$D"' EXIT INT TERM
"$(dirname "$AFTER")/favs-gen" 1000000 --tsv "$D/items.tsv" > /dev/null
tail -n +2 "$D/items.tsv" | cut -f1 > "$D/ids.txt"
for data in plain picked; do
    printf 'x\n' | env XDG_DATA_HOME="$D/data-$data" "$AFTER" pick --stdin bench --query x --select-1 > /dev/null
done
now=$(date +%s%3N)
# Every 100th line picked one to three times, an hour apart.
{ echo "BEGIN;"; awk -v now="$now" 'NR % 100 == 0 {
    printf "INSERT INTO items (id, title, fields, position) VALUES (%c%s%c, %c%s%c, %c[]%c, %d);\n", 39,$0,39,39,$0,39,39,39,NR+10
    for (k = 0; k <= NR % 3; k++) printf "INSERT INTO picks (item_id, picked_at, weight) VALUES (%c%s%c, %d, 1);\n", 39,$0,39, now - (NR * 1000 + k * 3600000)
}' "$D/ids.txt"; echo "COMMIT;"; } | sqlite3 "$D/data-picked/favs/picks/bench.sqlite"
T="tmux -S $D/tmux.sock"
now_ms() { local t=${EPOCHREALTIME/./}; echo $(( t / 1000 )); }
ff() {  # NAME BIN DATA
    local s=$1 t0 t1
    $T new-session -d -s "$s" -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color -e SWIFT_BACKTRACE=enable=no "exec sh"
    sleep 0.3
    t0=$(now_ms)
    $T send-keys -t "$s" "exec env XDG_DATA_HOME=$3 $2 pick --stdin bench < $D/ids.txt" Enter
    until $T capture-pane -p -t "$s" | grep -qF -- " 1000000 items"; do
        [ $(( $(now_ms) - t0 )) -lt 120000 ] || { echo "$s: no first screen within 120 s" >&2; exit 1; }
    done
    t1=$(now_ms)
    $T kill-session -t "$s"
    echo "$1 $(( t1 - t0 ))"
}
$T new-session -d -s keeper -x 80 -y 24 "exec sleep 100000"  # the server outlives each run's session
for i in $(seq "$ROUNDS"); do
    ff before-plain$i $BEFORE $D/data-plain
    ff after-plain$i $AFTER $D/data-plain
    ff before-picked$i $BEFORE $D/data-picked
    ff after-picked$i $AFTER $D/data-picked
done
