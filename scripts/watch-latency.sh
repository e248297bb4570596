#!/usr/bin/env bash
# Measures `favs --watch` on a Chrome Bookmarks file (issue #35): how long after the file is replaced (renamed over,
# as Chrome saves it) the browser's screen shows the bookmark it added.
#
#   scripts/watch-latency.sh FAVS FAVS_GEN [N [RUNS]]
#
# FAVS, FAVS_GEN: the binaries. N bookmarks (default 100000), `favs-gen N --shape bookmarks --format chrome`, imported
# into a library first, then a browser in a private tmux server (80x24) runs `favs --library LIB --watch Bookmarks`
# and is left until its watcher's first read has landed ("following Chrome: N bookmarks"). Each of RUNS (default 3)
# rounds then renames the file of one more bookmark over it (`favs-gen N+i`: the same bookmarks and one more) and
# polls `capture-pane` until the status line counts N+i items. The rename and the polling run in this one bash
# process, the clock read with EPOCHREALTIME (no fork) just before `mv` (so mv's own start is counted, never missed).
# Also the CPU the browser process spent on each round (utime + stime, all its threads: the watcher's read and
# write, the follower's reload, the frame), which a loaded machine stretches less than the wall time; and, as the
# reference measured in the same run, the wall time of a plain `favs import` of the last file into a new library.
# Prints one line: "median_ms worst_ms cpu_median_ms vmhwm_kb import_ms" (VmHWM: the browser's peak memory after
# the last round).
set -euo pipefail
export LC_ALL=C.UTF-8
FAVS=$1 GEN=$2 N=${3:-100000} RUNS=${4:-3}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-watch.XXXXXX")
T="tmux -S $DIR/tmux.socket"
trap '$T kill-server 2> /dev/null || true; rm -rf "$DIR"' EXIT INT TERM
now_ms() { local t=${EPOCHREALTIME/./}; echo $(( t / 1000 )); }

"$GEN" "$N" --shape bookmarks --format chrome --output "$DIR/Bookmarks"
for i in $(seq "$RUNS"); do
    "$GEN" $(( N + i )) --shape bookmarks --format chrome --output "$DIR/next$i"
done
"$FAVS" import "$DIR/Bookmarks" --library "$DIR/lib.sqlite" > /dev/null

$T -f /dev/null new-session -d -s w -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color -e SWIFT_BACKTRACE=enable=no \
    -e FAVS_CONFIG=/dev/null "exec '$FAVS' --library '$DIR/lib.sqlite' --watch '$DIR/Bookmarks'"
# wait_for TEXT LIMIT_MS: polls the pane until it shows TEXT.
wait_for() {
    local start end
    start=$(now_ms); end=$(( start + $2 ))
    until $T capture-pane -p -t w | grep -qF -- "$1"; do
        if [ "$(now_ms)" -gt "$end" ]; then
            echo "watch-latency: '$1' did not appear within $2 ms; the screen:" >&2
            $T capture-pane -p -t w >&2
            exit 1
        fi
    done
}
wait_for "following Chrome: $N bookmarks" 120000
wait_for " $N items" 120000
: > "$DIR/samples"; : > "$DIR/cpu"
pid=$($T display -p -t w '#{pane_pid}')
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
for i in $(seq "$RUNS"); do
    c0=$(ticks)
    t0=$(now_ms)
    mv "$DIR/next$i" "$DIR/Bookmarks"
    wait_for " $(( N + i )) items" 30000
    echo $(( $(now_ms) - t0 )) >> "$DIR/samples"
    wait_for "1 bookmark added from Chrome" 5000
    echo $(( ($(ticks) - c0) * 1000 / hz )) >> "$DIR/cpu"
done
hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
$T kill-server
"$GEN" $(( N + RUNS )) --shape bookmarks --format chrome --output "$DIR/last"
t0=$(now_ms)
"$FAVS" import "$DIR/last" --format chrome --library "$DIR/ref.sqlite" > /dev/null
import_ms=$(( $(now_ms) - t0 ))
cpu=$(sort -n "$DIR/cpu" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
sort -n "$DIR/samples" | awk -v hwm="$hwm" -v cpu="$cpu" -v ref="$import_ms" \
    '{ v[NR] = $1 } END { printf "%d %d %d %d %d\n", v[int((NR + 1) / 2)], v[NR], cpu, hwm, ref }'
