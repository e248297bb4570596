#!/usr/bin/env bash
# Counts the bytes favs writes to the terminal for one update, at 80x24 in tmux (TERM=xterm-256color).
# Usage: scripts/bytes-per-update.sh [path/to/favs]     (prints one line per update)
# FAVS_TERM=tmux-256color measures with another terminfo entry (the escape sequences differ by a few bytes);
# NO_COLOR=1 measures without colour.
# tmux gives a pane TERM=$(default-terminal) whatever the session environment says, so TERM is set on the
# command itself; -f /dev/null keeps a personal tmux.conf out of the figures.
set -euo pipefail
BIN=${1:-$(swift build --show-bin-path)/favs}
T="tmux -L favs-bytes-$$"
OUT=$(mktemp); DIR=$(mktemp -d)
trap '$T kill-server 2>/dev/null; rm -rf "$OUT" "$DIR"' EXIT
screen() { $T capture-pane -p -t s; }
wait_for() { for _ in $(seq 500); do screen | grep -qF -- "$1" && return; sleep 0.01; done; echo "timeout waiting for: $1" >&2; exit 1; }
size() { stat -c %s "$OUT"; }
settle() { local a b; a=$(size); while sleep 0.05; b=$(size); [ "$a" != "$b" ]; do a=$b; done; }

$T -f /dev/null -u new-session -d -s s -x 80 -y 24 -e LANG=C.UTF-8
$T pipe-pane -t s -o "cat >> $OUT"
$T send-keys -t s "clear; TERM=${FAVS_TERM:-xterm-256color} ${NO_COLOR:+NO_COLOR=$NO_COLOR }exec $BIN --library $DIR/lib.sqlite" Enter
wait_for "3 favorites"; settle; start=$(size)
measure() {  # measure LABEL KEYS EXPECTED-TEXT
    local before; before=$(size); $T send-keys -t s $2; wait_for "$3"; settle
    printf '%-32s %6d bytes\n' "$1" $(( $(size) - before ))
}
measure "move selection (j)" j "Items 2/28"
measure "move selection (j)" j "Items 3/28"
measure "favorite toggle (f)" f "4 favorites"
measure "unfavorite toggle (f)" f "3 favorites"
measure "delete (d)" d "27 items"
measure "undo (u)" u "28 items"
measure "full redraw (ctrl-l)" C-l "28 items"
