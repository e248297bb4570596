#!/usr/bin/env bash
# The frecency ranking of issue #37 through the binary: scripts/frecency-sim.awk's seeded sequence of picks over 500
# drifting lines, each pick ranked, before it is made, by `favs pick --stdin NAME --filter ''` (the order the picker
# opens in: its first screen is the first 20 rows) and then recorded in the memory; beside it the same sequence
# ranked by the script's own computation of favs's formula, by fzf's input order and by zoxide's formula. Prints
# one line per ranking, "NAME TOP1 FIRST_SCREEN MRR N" (as frecency-sim.awk does), the binary's as `favs-binary`;
# keeps the ranks in OUT/frecency-ranks.
#
#   scripts/frecency-bench.sh FAVS [quick]
#
# The picks are recorded with `favs import` of a JSON line with the pick's time (README: picks are data), at the
# sequence's times moved so that its last pick is a minute before the bench started: every pick is in the past, and
# at each step the ages favs reads are the sequence's plus one offset common to every pick, which leaves the order
# as it is (each score is multiplied by the same 2^(−offset / half-life)). The first 500 picks only warm the memory
# up, as in frecency-sim.awk, and are imported at once. quick (make test's smoke run): 600 picks.
set -euo pipefail
export LC_ALL=C.UTF-8

FAVS=${1:?usage: scripts/frecency-bench.sh FAVS [quick]}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FAVS_BENCH_OUT:-$ROOT/Benchmarks/.build/bench-results}
mkdir -p "$OUT"
if [ "${2:-}" = quick ]; then PICKS=600; else PICKS=5000; fi
LINES=500 WARMUP=500 SEED=37

DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-frecency-bench.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
export XDG_DATA_HOME=$DIR/data FAVS_CONFIG=/dev/null  # the default half-life, 7 days, as the script's

awk -v seed=$SEED -v lines=$LINES -v picks=$PICKS -v emit=1 -f "$ROOT/scripts/frecency-sim.awk" > "$DIR/sequence"
awk -v n=$LINES 'BEGIN { for (i = 0; i < n; i++) printf "line-%03d\n", i }' > "$DIR/lines"
START=$(( ${EPOCHREALTIME/./} / 1000 ))
END=$(tail -n 1 "$DIR/sequence" | cut -d' ' -f1)
# jsonl FROM TO: the picks FROM..TO of the sequence (1-based) as JSON lines, one per line picked, at their times.
jsonl() {
    awk -v from="$1" -v to="$2" -v start="$START" -v end="$END" '
        NR >= from && NR <= to {
            id = sprintf("line-%03d", $2); at = sprintf("%.0f", start - 60000 - (end - $1))
            picks[id] = picks[id] (picks[id] == "" ? "" : ",") "{\"at\":" at "}"
            if (!(id in seen)) { seen[id] = 1; order[++n] = id }
        }
        END { for (i = 1; i <= n; i++) printf "{\"id\":\"%s\",\"title\":\"%s\",\"picks\":[%s]}\n", order[i], order[i], picks[order[i]] }
    ' "$DIR/sequence"
}

"$FAVS" pick --stdin frecency --filter '' < "$DIR/lines" > /dev/null  # makes the memory
MEMORY=$DIR/data/favs/picks/frecency.sqlite
jsonl 1 $WARMUP > "$DIR/warmup.jsonl"
"$FAVS" import "$DIR/warmup.jsonl" --library "$MEMORY" > /dev/null
: > "$DIR/ranks"
printf 'bench: ranking %d picks through favs pick --filter\n' $(( PICKS - WARMUP )) >&2
for (( p = WARMUP + 1; p <= PICKS; p++ )); do
    line=$(sed -n "${p}p" "$DIR/sequence" | cut -d' ' -f2)
    id=$(printf 'line-%03d' "$line")
    "$FAVS" pick --stdin frecency --filter '' < "$DIR/lines" > "$DIR/order"
    rank=$(grep -nxF -- "$id" "$DIR/order" | cut -d: -f1)
    [ -n "$rank" ] || { echo "bench: $id is not in favs pick's order" >&2; exit 1; }
    echo "$rank" >> "$DIR/ranks"
    jsonl "$p" "$p" > "$DIR/pick.jsonl"
    "$FAVS" import "$DIR/pick.jsonl" --library "$MEMORY" > /dev/null
done
cp "$DIR/ranks" "$OUT/frecency-ranks"
awk '{ n++; top += ($1 == 1); first += ($1 <= 20); mrr += 1 / $1 }
     END { printf "favs-binary %.3f %.3f %.3f %d\n", top / n, first / n, mrr / n, n }' "$DIR/ranks"
awk -v seed=$SEED -v lines=$LINES -v picks=$PICKS -f "$ROOT/scripts/frecency-sim.awk"
