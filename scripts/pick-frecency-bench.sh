#!/usr/bin/env bash
# The first screen of `favs pick --stdin` with frecency (issue #37): N lines (default 1M, the ids of favs-gen, all
# distinct), with a memory that holds no pick beside one where PICKED of the lines (default 10k, at most N/2) were
# picked before. Prints table rows (| figure | target | favs | reference | ratio | result |) to stdout, progress to
# stderr; keeps the raw times in OUT/pick-frecency-*.
#
#   scripts/pick-frecency-bench.sh FAVS FAVS_GEN [N [RUNS]]
#
# Each run is a whole process in a new 80×24 tmux pane, started by `send-keys` from this one process, which then
# polls `capture-pane` (bench.sh's first_frame: no start-up counted twice, none hidden): the first screen is when
# the status line shows `N items`; then `end`, typed once it shows, is answered when the whole list is in (`Items
# N/N`, timed from the launch too), and esc ends the picker. Its peak memory is `/usr/bin/time -f %M` around favs. The runs alternate
# without picks / with picks, RUNS (5) of each; the figures are medians, the ranges beside them.
#
# The picks: every (N / PICKED)-th line, from the 7th on, picked 1–5 times at seeded times over the last 90 days
# (weight 1 each, with their items rows and change-log rows, written in the order of their times as `favs pick`
# records them), and one line, the 777,777th (or N−1th, the last but one), picked 30 times in the last hour: the
# first screen must list it first. A memory made by a favs that keeps each line's sum of picks (v13: `pick_scores`)
# gets them too, summed by sqlite3 as favs sums them (each pick 2^(−age/half-life) at the line's latest pick).
set -euo pipefail
export LC_ALL=C.UTF-8

FAVS=${1:?usage: scripts/pick-frecency-bench.sh FAVS FAVS_GEN [N [RUNS]]}
GEN=${2:?usage: scripts/pick-frecency-bench.sh FAVS FAVS_GEN [N [RUNS]]}
N=${3:-1000000}
RUNS=${4:-5}
PICKED=${FAVS_BENCH_PICKED:-$(( N / 2 < 10000 ? N / 2 : 10000 ))}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FAVS_BENCH_OUT:-$ROOT/Benchmarks/.build/bench-results}
mkdir -p "$OUT"
for tool in tmux sqlite3 /usr/bin/time; do
    command -v "$tool" > /dev/null || { echo "bench: $tool is missing (make bench installs it)" >&2; exit 2; }
done

log() { printf 'bench: %s\n' "$*" >&2; }
now_ms() { local t=${EPOCHREALTIME/./}; echo $(( t / 1000 )); }  # bash 5: no fork
DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-pick-bench.XXXXXX")
T="tmux -S $DIR/tmux.socket"
trap '$T kill-server 2> /dev/null || true; rm -rf "$DIR"' EXIT INT TERM
export FAVS_CONFIG=/dev/null

log "generating $N lines (favs-gen ids)"
"$GEN" "$N" --tsv "$DIR/items.tsv"
tail -n +2 "$DIR/items.tsv" | cut -f1 > "$DIR/lines"
rm "$DIR/items.tsv"
TOP_LINE=$(( N > 777777 ? 777777 : N - 1 ))
TOP=$(sed -n "${TOP_LINE}p" "$DIR/lines")

# One idle session keeps the server up (bench.sh: a server whose last session ended may still be exiting).
$T -f /dev/null new-session -d -s keep -x 80 -y 24 "exec sleep 100000"
# run NAME MEMORY: one picker over the lines with the memory MEMORY; prints "first_ms end_ms maxrss_kb top".
# top: 1 when TOP's row is the list's first on the first screen, else 0.
run() {
    local s=$1 t0 t1 t2 top=0 screen
    $T new-session -d -s "$s" -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color -e SWIFT_BACKTRACE=enable=no \
        -e "XDG_DATA_HOME=$DIR/data" -e FAVS_CONFIG=/dev/null "exec sh"
    sleep 0.3
    rm -f "$DIR/rss"
    t0=$(now_ms)
    $T send-keys -t "$s" "exec /usr/bin/time -f %M -o '$DIR/rss' '$FAVS' pick --stdin $2 < '$DIR/lines'" Enter
    wait_for() {  # TEXT: polls until TEXT is on screen; leaves the screen in `screen`
        until screen=$($T capture-pane -p -t "$s") && grep -qF -- "$1" <<< "$screen"; do
            if [ $(( $(now_ms) - t0 )) -gt 120000 ]; then
                echo "bench: '$1' did not appear within 120 s; the screen:" >&2
                $T capture-pane -p -t "$s" >&2
                exit 1
            fi
        done
    }
    wait_for " $N items"
    t1=$(( $(now_ms) - t0 ))
    # The list's first row is the screen's third line (title bar, query line).
    [ "$(sed -n 3p <<< "$screen" | grep -cF -- "$TOP")" = 1 ] && top=1
    $T send-keys -t "$s" End
    wait_for "Items $N/$N"
    t2=$(( $(now_ms) - t0 ))
    $T send-keys -t "$s" Escape
    for _ in $(seq 1000); do [ -s "$DIR/rss" ] && break; sleep 0.01; done
    $T kill-session -t "$s" 2> /dev/null || true
    echo "$t1 $t2 $(tail -n 1 "$DIR/rss") $top"
}

log "the memories: 'plain' (made by a first run, no pick) and 'picked' ($PICKED lines picked before)"
run warm plain > /dev/null  # makes picks/plain.sqlite, and reads the lines into the page cache
cp "$DIR/data/favs/picks/plain.sqlite" "$DIR/data/favs/picks/picked.sqlite"
NOW=$(( $(now_ms) ))
# The picks as "time id", then sorted by time: a memory holds them in the order they were made, as favs records them.
awk -v n="$N" -v picked="$PICKED" -v top="$TOP_LINE" -v now="$NOW" '
    BEGIN { srand(37); step = int(n / picked) }
    (NR - 7) % step == 0 && NR >= 7 && chosen < picked && NR != top {
        chosen++; print $0 > "/dev/stderr"
        times = 1 + int(rand() * 5)
        for (i = 0; i < times; i++) printf "%.0f %s\n", now - int(rand() * 90 * 86400000), $0
    }
    NR == top {
        print $0 > "/dev/stderr"
        for (i = 0; i < 30; i++) printf "%.0f %s\n", now - int(rand() * 3600000), $0
    }
' "$DIR/lines" 2> "$DIR/picked-lines" | sort -n > "$DIR/picks"
{
    echo "BEGIN;"
    awk '{ printf "INSERT INTO items (id, title, fields, position) VALUES (%c%s%c, %c%s%c, %c[]%c, %d);\n", 39, $0, 39, 39, $0, 39, 39, 39, NR }' \
        "$DIR/picked-lines"
    awk '{ printf "INSERT INTO picks (item_id, picked_at, weight) VALUES (%c%s%c, %s, 1);\n", 39, $2, 39, $1
           printf "INSERT INTO changes (item_id, kind, origin) VALUES (%c%s%c, %cpick%c, %cbench%c);\n", 39, $2, 39, 39, 39, 39, 39 }' \
        "$DIR/picks"
    if [ -n "$(sqlite3 "$DIR/data/favs/picks/plain.sqlite" "SELECT 1 FROM sqlite_master WHERE name = 'pick_scores'")" ]; then
        sqlite3 :memory: 'SELECT pow(2, 1)' > /dev/null 2>&1 \
            || { echo "bench: sqlite3 lacks its math functions (pow), which sum the picks" >&2; exit 2; }
        echo "INSERT INTO pick_scores (item_id, score, at)
              SELECT p.item_id, SUM(p.weight * pow(2.0, -(l.at - p.picked_at) * 1.0 / h.value)), l.at
              FROM picks p JOIN (SELECT item_id, MAX(picked_at) AS at FROM picks GROUP BY item_id) l ON l.item_id = p.item_id
                   JOIN meta h ON h.key = 'pick_half_life'
              GROUP BY p.item_id;"
    fi
    echo "COMMIT;"
} | sqlite3 "$DIR/data/favs/picks/picked.sqlite"
read -r LINES_PICKED PICK_ROWS < <(sqlite3 -separator ' ' "$DIR/data/favs/picks/picked.sqlite" \
    'SELECT (SELECT count(DISTINCT item_id) FROM picks), (SELECT count(*) FROM picks)')

: > "$DIR/plain"; : > "$DIR/picked"
for i in $(seq "$RUNS"); do
    log "run $i of $RUNS: no picks, then $LINES_PICKED lines picked"
    run "plain$i" plain >> "$DIR/plain"
    run "picked$i" picked >> "$DIR/picked"
done
for f in plain picked; do cp "$DIR/$f" "$OUT/pick-frecency-$f"; done

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
col() { cut -d' ' -f"$2" "$DIR/$1"; }
range() { echo "$(col "$1" "$2" | sort -n | head -1)–$(col "$1" "$2" | sort -n | tail -1)"; }
mb() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
NL=$(( N % 1000000 == 0 ? N / 1000000 : N / 1000 ))$([ $(( N % 1000000 )) = 0 ] && echo M || echo k)
PL=$(awk -v n="$LINES_PICKED" 'BEGIN { if (n >= 1000) printf "%.0fk", n / 1000; else print n }')
first=$(col picked 1 | median); ref=$(col plain 1 | median)
r=$(awk -v a="$first" -v b="$ref" 'BEGIN { printf "%.2f", a / b }')
result=$(awk -v r="$r" 'BEGIN { print (r <= 1.10) ? "PASS" : "FAIL" }')
tops=$(col picked 4 | awk '{ s += $1 } END { print s }')
[ "$tops" = "$RUNS" ] || result="FAIL (the most picked line not first on $(( RUNS - tops )) of $RUNS screens)"
echo "| \`favs pick --stdin\` $NL lines, $PL of them picked before ($PICK_ROWS picks) → first screen, the most picked \
line first (tmux 80×24, median [range] of $RUNS alternated; reference: the same lines, a memory with no pick) \
| ≤ 1.10× without | $first ms [$(range picked 1)] | $ref ms [$(range plain 1)] | ${r}× | $result |"
a=$(col picked 2 | median); b=$(col plain 2 | median)
echo "| \`favs pick --stdin\` $NL lines, $PL picked → whole list in (\`end\` typed at the first screen answered: \`Items \
$N/$N\`, from the launch), median of $RUNS; reference: no pick | — | $a ms | $b ms | $(awk -v a="$a" -v b="$b" \
'BEGIN { printf "%.2f×", a / b }') | info |"
a=$(col picked 3 | median); b=$(col plain 3 | median)
echo "| \`favs pick --stdin\` $NL lines, $PL picked: peak memory (\`/usr/bin/time -f %M\`, median of $RUNS); \
reference: no pick | — | $(mb "$a") MB | $(mb "$b") MB | $(awk -v a="$a" -v b="$b" \
'BEGIN { printf "%.2f×", a / b }') | info |"
