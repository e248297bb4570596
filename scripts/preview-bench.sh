#!/usr/bin/env bash
# The preview figures of issue #37: `favs pick --stdin --preview` beside `fzf --preview` in the same run, in tmux
# (80×24), on the same lines and the same commands. Prints table rows (| figure | target | favs | fzf | ratio |
# result |) to stdout, progress to stderr; keeps the raw outputs in OUT/preview-*.
#
#   scripts/preview-bench.sh FAVS [quick]
#
# Held key: 1,000 lines, a preview `printf . >> COUNTER; cat FILE` of a file per line (the counter counts the
# processes started); Down sent through tmux at 30 keys/s (auto-repeat) for 2 s, HOLDS times in one session
# (fzf --layout=reverse, so that Down moves on to the next line in both; favs pick types j into its query).
# The pane is captured as fast as tmux answers, during and after each hold: a stale frame is one whose preview
# names another line than the selected one; the latency is from the last key (the time send-keys returns, so
# no tmux start-up is counted) to the first capture showing the selection's own preview.
# Single moves: SINGLES Downs, each after a 300 ms pause, in a session of their own: the time from the key to the
# first capture showing the selection's own preview (a key pressed once starts its preview at once in favs).
# fzf #3134: lines `10` and `0`, a preview `sleep {}; echo {}`: Down once the first screen shows, then the time
# until `0` shows and whether `10` is ever shown in the SLOW+1 s after.
# quick (make test's smoke run): one hold of 0.5 s, 3 single moves, and `1` in place of `10`.
set -euo pipefail
export LC_ALL=C.UTF-8

FAVS=${1:?usage: scripts/preview-bench.sh FAVS [quick]}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${FAVS_BENCH_OUT:-$ROOT/Benchmarks/.build/bench-results}
mkdir -p "$OUT"
if [ "${2:-}" = quick ]; then HOLDS=1 KEYS=15 SLOW=1 SINGLES=3; else HOLDS=10 KEYS=60 SLOW=10 SINGLES=20; fi
ITEMS=1000
HOLD_S=$(awk -v k="$KEYS" 'BEGIN { printf "%g", k / 30 }')

log() { printf 'bench: %s\n' "$*" >&2; }
us() { echo "${EPOCHREALTIME/./}"; }  # µs, no fork
DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-preview-bench.XXXXXX")
SOCKET=$DIR/tmux.socket
T="tmux -S $SOCKET"
trap '$T kill-server 2> /dev/null || true; rm -rf "$DIR"' EXIT INT TERM

mkdir -p "$DIR/files" "$DIR/data"
for i in $(seq -w 1 "$ITEMS" | sed 's/^/item/'); do echo "$i"; echo "contents of $i" > "$DIR/files/$i"; done \
    > "$DIR/lines"
# seq -w pads to 4 digits for 1000: item0001 … item1000.
$T -f /dev/null new-session -d -s keep -x 80 -y 24 "exec sleep 100000"

start() {  # SESSION COMMAND
    $T new-session -d -s "$1" -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color -e SWIFT_BACKTRACE=enable=no \
        -e "XDG_DATA_HOME=$DIR/data" "$2"
}
wait_screen() {  # SESSION TEXT
    local t0; t0=$(us)
    until $T capture-pane -p -t "$1" | grep -qF -- "$2"; do
        if [ $(( $(us) - t0 )) -gt 30000000 ]; then
            echo "bench: '$2' did not appear within 30 s; the screen:" >&2; $T capture-pane -p -t "$1" >&2; exit 1
        fi
    done
}
# sender SESSION COUNT FILE: COUNT Downs at 30/s (on an absolute schedule, so no drift), then the time of the last.
sender() {
    local t0 i next now
    t0=$(us)
    for (( i = 1; i <= $2; i++ )); do
        next=$(( t0 + i * 33333 )); now=$(us)
        (( next > now )) && sleep "$(printf '0.%06d' $(( next - now )))"
        $T send-keys -t "$1" Down
    done
    us > "$3.tmp"; mv "$3.tmp" "$3"
}

# hold NAME COMMAND SELECTED: HOLDS holds in one session. SELECTED is what precedes a line's text when it is the
# selected one (favs `>  `, fzf `\n> `). Writes NAME.frames (every capture), NAME.lat (ms per hold), NAME.starts.
hold() {
    local s=$1 sel=$3 pos=1 h want found t t0 c last
    log "$s: $HOLDS × Down held $HOLD_S s at 30/s over $ITEMS lines"
    : > "$DIR/$s.count"
    start "$s" "$2"
    wait_screen "$s" "contents of item0001"
    : > "$DIR/$s.frames"; : > "$DIR/$s.lat"
    for h in $(seq "$HOLDS"); do
        rm -f "$DIR/$s.last"
        sender "$s" "$KEYS" "$DIR/$s.last" &
        want=$(printf 'item%04d' $(( pos + KEYS )))
        found="" last="" t0=$(us)
        while :; do
            [ -z "$last" ] && [ -s "$DIR/$s.last" ] && last=$(cat "$DIR/$s.last")
            t=$(us)
            c=$($T capture-pane -p -t "$s")
            printf '@@ %s %s\n%s\n' "$t" "$h" "$c" >> "$DIR/$s.frames"
            if [ -z "$found" ] && [ -n "$last" ] && [[ $c == *"$sel$want"* && $c == *"contents of $want"* ]]; then
                found=$t
            fi
            # 300 ms more once it shows: a late output drawn over the right one would be a stale frame too.
            [ -n "$found" ] && [ $(( t - found )) -gt 300000 ] && break
            [ $(( t - t0 )) -gt $(( (KEYS * 33333) + 10000000 )) ] && break
        done
        wait
        if [ -n "$found" ]; then echo $(( (found - last) / 1000 )) >> "$DIR/$s.lat"; else echo timeout >> "$DIR/$s.lat"; fi
        pos=$(( pos + KEYS ))
    done
    sleep 0.5  # a preview still starting is counted too
    $T kill-session -t "$s"
    wc -c < "$DIR/$s.count" > "$DIR/$s.starts"
}
# single NAME COMMAND SELECTED: SINGLES single moves, each Down after a 300 ms pause (a key pressed once, not held):
# the time from the key (send-keys returned) to the first capture showing the selection's own preview. Writes
# NAME.single (ms per move).
single() {
    local s=$1 sel=$3 pos=1 i want t t0 c found
    log "$s: $SINGLES single Downs, 300 ms apart"
    start "$s" "$2"
    wait_screen "$s" "contents of item0001"
    : > "$DIR/$s.single"
    for i in $(seq "$SINGLES"); do
        sleep 0.3
        pos=$(( pos + 1 )); want=$(printf 'item%04d' "$pos"); found=""
        $T send-keys -t "$s" Down
        t0=$(us)
        while t=$(us); [ $(( t - t0 )) -lt 10000000 ]; do
            c=$($T capture-pane -p -t "$s")
            if [[ $c == *"$sel$want"* && $c == *"contents of $want"* ]]; then found=$t; break; fi
        done
        if [ -n "$found" ]; then echo $(( (found - t0) / 1000 )) >> "$DIR/$s.single"; else echo timeout >> "$DIR/$s.single"; fi
    done
    $T kill-session -t "$s"
}

# stale NAME REGEX: frames whose selected line (REGEX, its item the 1st group) is another item than the preview's.
stale() {
    awk -v sel="$2" '
        function judge() { if (s != "" && p != "" && s != p) bad++ }
        /^@@ / { judge(); frames++; s = ""; p = ""; next }
        { if (match($0, sel)) { x = substr($0, RSTART, RLENGTH); sub(/.*item/, "", x); s = x }
          if (match($0, /contents of item[0-9]+/)) { x = substr($0, RSTART, RLENGTH); sub(/.*item/, "", x); p = x } }
        END { judge(); print bad + 0, frames + 0 }
    ' "$DIR/$1.frames"
}

FPCMD="printf . >> $DIR/favs.count; cat $DIR/files/{}"
ZPCMD="printf . >> $DIR/fzf.count; cat $DIR/files/{}"
hold favs "exec '$FAVS' pick --stdin bench --preview '$FPCMD' < '$DIR/lines'" ">  "
hold fzf "exec fzf --layout=reverse --preview '$ZPCMD' < '$DIR/lines'" $'\n'"> "
single favs-single "exec '$FAVS' pick --stdin single --preview '$FPCMD' < '$DIR/lines'" ">  "
single fzf-single "exec fzf --layout=reverse --preview '$ZPCMD' < '$DIR/lines'" $'\n'"> "
read -r STALE_FAVS FRAMES_FAVS < <(stale favs '>  item[0-9]+')
read -r STALE_FZF FRAMES_FZF < <(stale fzf '^> item[0-9]+')

# The command's own time: the same sh -c, 20 runs, median.
for i in $(seq 20); do
    t=$(us); sh -c "printf . >> $DIR/own.count; cat $DIR/files/item0500" > /dev/null; echo $(( $(us) - t ))
done | sort -n | awk '{ v[NR] = $1 } END { printf "%.1f\n", v[int((NR + 1) / 2)] / 1000 }' > "$DIR/own"
OWN=$(cat "$DIR/own")

# slow NAME COMMAND LISTED: fzf #3134. Prints "ms_until_0 seen_SLOW".
slow() {
    local s=$1 t t0 shown="" seen=no c
    log "$s: lines $SLOW and 0, preview 'sleep {}; echo {}', Down, watched $(( SLOW + 1 )) s"
    start "$s" "$2"
    wait_screen "$s" "$3"
    sleep 0.3  # the first line's sleep is running
    $T send-keys -t "$s" Down
    t0=$(us)
    : > "$DIR/$s.frames"
    while t=$(us); [ $(( t - t0 )) -lt $(( (SLOW + 1) * 1000000 )) ]; do
        c=$($T capture-pane -p -t "$s")
        printf '@@ %s\n%s\n' "$t" "$c" >> "$DIR/$s.frames"
        [ -z "$shown" ] && [[ $c == *"│ 0 "* ]] && shown=$(( (t - t0) / 1000 ))
        [[ $c == *"│ $SLOW "* ]] && seen=yes
    done
    $T kill-session -t "$s"
    echo "${shown:-n/a} $seen"
}
printf '%s\n0\n' "$SLOW" > "$DIR/slow"
read -r SLOW_FAVS SEEN_FAVS < <(slow favs-3134 \
    "exec '$FAVS' pick --stdin slow --preview 'sleep {}; echo {}' < '$DIR/slow'" "Items 1/2")
read -r SLOW_FZF SEEN_FZF < <(slow fzf-3134 "exec fzf --layout=reverse --preview 'sleep {}; echo {}' < '$DIR/slow'" "2/2")

for f in favs fzf favs-3134 fzf-3134; do gzip -c "$DIR/$f.frames" > "$OUT/preview-$f.frames.gz"; done
cp "$DIR/favs.lat" "$OUT/preview-favs.latencies"; cp "$DIR/fzf.lat" "$OUT/preview-fzf.latencies"
cp "$DIR/favs-single.single" "$OUT/preview-favs.single"; cp "$DIR/fzf-single.single" "$OUT/preview-fzf.single"

# --- rows ---
p95() { if grep -q timeout "$1"; then echo n/a; else sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int(NR * 0.95 + 0.999)] }'; fi; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0 && a != "n/a") printf "%.2f×", a / b; else print "—" }'; }
ok() { if [ "$1" = n/a ]; then echo n/a; elif awk "BEGIN { exit !($2) }"; then echo PASS; else echo FAIL; fi; }
SF=$(cat "$DIR/favs.starts"); SZ=$(cat "$DIR/fzf.starts")
PF=$(p95 "$DIR/favs.lat"); PZ=$(p95 "$DIR/fzf.lat")
what="Down held $HOLD_S s at 30/s, $HOLDS times, over $ITEMS lines, preview \`cat\` of a file each"
echo "| preview processes started: $what (pick --stdin; fzf --layout=reverse) | ≤ ⅓ fzf | $SF | $SZ |" \
    "$(ratio "$SF" "$SZ") | $(ok "$SF" "$SF * 3 <= $SZ") |"
echo "| stale frames (the preview of another line than the selected one) in that run; frames captured | 0 |" \
    "$STALE_FAVS of $FRAMES_FAVS | $STALE_FZF of $FRAMES_FZF | — | $(ok "$STALE_FAVS" "$STALE_FAVS == 0") |"
echo "| last key → the selection's preview on screen, p95 of $HOLDS (the command alone: $OWN ms) |" \
    "≤ $OWN + 30 ms | $PF ms | $PZ ms | $(ratio "$PF" "$PZ") | $(ok "$PF" "$PF <= $OWN + 30") |"
PSF=$(p95 "$DIR/favs-single.single"); PSZ=$(p95 "$DIR/fzf-single.single")
echo "| a single Down (after a 300 ms pause) → the selection's preview on screen, p95 of $SINGLES |" \
    "≤ $OWN + 30 ms | $PSF ms | $PSZ ms | $(ratio "$PSF" "$PSZ") | $(ok "$PSF" "$PSF <= $OWN + 30") |"
echo "| fzf #3134: lines \`$SLOW\`, \`0\`, preview \`sleep {}; echo {}\`; Down → \`0\` shown | ≤ 100 ms |" \
    "$SLOW_FAVS ms | $SLOW_FZF ms | $(ratio "$SLOW_FAVS" "$SLOW_FZF") | $(ok "$SLOW_FAVS" "$SLOW_FAVS <= 100") |"
echo "| fzf #3134: \`$SLOW\` shown in the $(( SLOW + 1 )) s after the move | never | $SEEN_FAVS | $SEEN_FZF | — |" \
    "$(ok "$SEEN_FAVS" "\"$SEEN_FAVS\" == \"no\"") |"
