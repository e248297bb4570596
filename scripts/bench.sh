#!/usr/bin/env bash
# Measures the figures of the performance issue, for favs and, where they apply, fzf and sqlite3 on the same
# generated rows, and prints one table: figure | target | favs | fzf / sqlite3 | ratio | result.
#
#   scripts/bench.sh [N]      N items (default 1000000). A small N (e.g. 20000) is a quick smoke test.
#
# Needs tmux, fzf, sqlite3 and /usr/bin/time (`make bench` installs them). Progress goes to stderr, the table
# to stdout; the raw outputs are kept in Benchmarks/.build/bench-results/.
# FAVS_BENCH_SIZES=1000,100000,1000000 overrides the in-process sizes; FAVS_BENCH_SKIP_INPROCESS=1 skips them;
# FAVS_BENCH_BIN_DIR=DIR uses the favs and favs-gen in DIR instead of a release build.
# The browser bookmark imports (issue #35) run at min(N, 100000) bookmarks; FAVS_BENCH_BOOKMARKS=COUNT sets another.
# The real-file-shaped import (favs-gen --shape packages: the 886,323-row package export of issue #12) runs at
# min(N, 886323) rows; FAVS_BENCH_PACKAGES=ROWS sets another count (e.g. 10000000 for the 10M-row figures,
# about 1 GB per file and some minutes per format).
# Exits 1 when a figure could not be measured or an import lost rows (the verdicts on time do not change it).
set -euo pipefail
export LC_ALL=C.UTF-8

N=${1:-1000000}
case $N in '' | *[!0-9]*) echo "usage: scripts/bench.sh [N]" >&2; exit 64 ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
QUERY=rain
RUNS=3
for tool in tmux fzf sqlite3 /usr/bin/time; do
    command -v "$tool" > /dev/null || { echo "bench: $tool is missing (make bench installs it)" >&2; exit 2; }
done

log() { printf 'bench: %s\n' "$*" >&2; }
now_ms() { local t=${EPOCHREALTIME/./}; echo $(( t / 1000 )); }  # bash 5: no fork
START=$(now_ms)

DIR=$(mktemp -d "${TMPDIR:-/tmp}/favs-bench.XXXXXX")
OUT=$ROOT/Benchmarks/.build/bench-results
mkdir -p "$OUT"
SOCKET=$DIR/tmux.socket  # a private tmux server, removed with DIR
T="tmux -S $SOCKET"
trap '$T kill-server 2> /dev/null || true; rm -rf "$DIR"' EXIT INT TERM

label() {  # 1000000 -> 1M, 20000 -> 20k
    if [ $(( $1 % 1000000 )) -eq 0 ] && [ "$1" -ge 1000000 ]; then echo "$(( $1 / 1000000 ))M"
    elif [ $(( $1 % 1000 )) -eq 0 ] && [ "$1" -ge 1000 ]; then echo "$(( $1 / 1000 ))k"
    else echo "$1"; fi
}
NL=$(label "$N")

# --- build and data -----------------------------------------------------------------------------------------
if [ -n "${FAVS_BENCH_BIN_DIR:-}" ]; then
    BIN=$FAVS_BENCH_BIN_DIR  # favs and favs-gen already built there (make test's smoke run uses the debug build)
else
    log "release build of favs and favs-gen"
    swift build -c release --product favs >&2
    swift build -c release --product favs-gen >&2
    BIN=$(swift build -c release --show-bin-path)
fi
FAVS=$BIN/favs
log "generating $N items"
"$BIN/favs-gen" "$N" --jsonl "$DIR/items.jsonl" --tsv "$DIR/items.tsv"
tail -n +2 "$DIR/items.tsv" | cut -f2 > "$DIR/titles.txt"

# timed OUTFILE CMD...: runs CMD, writes "seconds maxrss_kb" to OUTFILE.
timed() { local f=$1; shift; /usr/bin/time -f '%e %M' -o "$f" "$@"; }
secs() { cut -d' ' -f1 "$1"; }
rss_kb() { cut -d' ' -f2 "$1"; }

# --- import ---------------------------------------------------------------------------------------------------
log "favs import of $N JSONL rows"
timed "$DIR/t.jsonl" "$FAVS" import "$DIR/items.jsonl" --library "$DIR/jsonl.sqlite" > /dev/null
log "favs import of $N TSV rows"
timed "$DIR/t.tsv" "$FAVS" import "$DIR/items.tsv" --library "$DIR/tsv.sqlite" > /dev/null
log "sqlite3 .import of the same TSV"
cat > "$DIR/import.sql" << EOF
CREATE TABLE items (id TEXT PRIMARY KEY, title TEXT, artist TEXT, album TEXT, year INTEGER, genre TEXT, length TEXT);
.mode ascii
.separator "\t" "\n"
.import --skip 1 $DIR/items.tsv items
EOF
timed "$DIR/t.sqlite3" sqlite3 "$DIR/ref.sqlite" ".read $DIR/import.sql"
# Issue #34: the same items, a tenth of them with 1–3 of 1,000 tags nested up to 3 levels (favs-gen --tags), imported
# the same way: the tag rows compare this library with the one above.
log "favs import of the same $N JSONL rows with tags (favs-gen --tags)"
"$BIN/favs-gen" "$N" --tags --jsonl "$DIR/tagged.jsonl"
timed "$DIR/t.tagged" "$FAVS" import "$DIR/tagged.jsonl" --library "$DIR/tagged.sqlite" > /dev/null
log "counting imported rows"
ROWS_JSONL=$("$FAVS" list --library "$DIR/jsonl.sqlite" | wc -l)
ROWS_TSV=$("$FAVS" list --library "$DIR/tsv.sqlite" | wc -l)
ROWS_SQLITE=$(sqlite3 "$DIR/ref.sqlite" 'SELECT count(*) FROM items')
LIB=$DIR/jsonl.sqlite
TAGGED_LIB=$DIR/tagged.sqlite
TAG_MEMBERS=$(sqlite3 "$TAGGED_LIB" "SELECT count(*) FROM members WHERE set_name LIKE '#%'")
TAGGED_ITEMS=$(sqlite3 "$TAGGED_LIB" "SELECT count(DISTINCT item_id) FROM members WHERE set_name LIKE '#%'")
TAG_COUNT=$(sqlite3 "$TAGGED_LIB" "SELECT count(DISTINCT set_name) FROM members WHERE set_name LIKE '#%'")

# --- real-file-shaped import: five columns, long summaries, wide characters, stray quotes, empty cells ----------
PN=${FAVS_BENCH_PACKAGES:-$(( N < 886323 ? N : 886323 ))}
case $PN in '' | *[!0-9]*) echo "bench: FAVS_BENCH_PACKAGES must be a number" >&2; exit 64 ;; esac
PNL=$(label "$PN")
# Which imports: tsv, csv and jsonl are the rows in the generator's order (names in no order: "shuffled"); sorted
# is the same rows as TSV sorted by name, as dumps and registry exports come. FAVS_BENCH_PACKAGE_KINDS="tsv sorted"
# measures only those two (with FAVS_BENCH_PACKAGES=10000000, the 10M-row figures in a few minutes).
PKINDS=${FAVS_BENCH_PACKAGE_KINDS:-tsv csv jsonl sorted}
# Searched once over the sorted import's names (issue #36): one character, an abbreviation, one that matches nothing,
# two terms, a ^prefix.
PKG_SEARCHES=("r" "jsn" "djgrst" "py test" "^flask")
log "generating $PN package-shaped rows for: $PKINDS"
gen=()  # the files the kinds need (the JSONL's reference is the TSV)
case " $PKINDS " in *" tsv "* | *" jsonl "*) gen+=(--tsv "$DIR/pkg.tsv") ;; esac
case " $PKINDS " in *" csv "*) gen+=(--csv "$DIR/pkg.csv") ;; esac
case " $PKINDS " in *" jsonl "*) gen+=(--jsonl "$DIR/pkg.jsonl") ;; esac
[ ${#gen[@]} -eq 0 ] || "$BIN/favs-gen" "$PN" --shape packages "${gen[@]}"
case " $PKINDS " in *" sorted "*)
    "$BIN/favs-gen" "$PN" --shape packages --sorted --tsv "$DIR/pkg.sorted"
    tail -n +2 "$DIR/pkg.sorted" | cut -f1 | LC_ALL=C sort -c || { echo "bench: favs-gen --sorted is not sorted" >&2; exit 1; }
    ;;
esac
# The reference: the same rows into a table of the same shape, 5 TEXT columns, the id a PRIMARY KEY.
sqlite_import_sql() {  # KIND FILE DB: writes DB.sql, the commands that import FILE into DB
    local mode
    if [ "$1" = csv ]; then mode=".mode csv"; else mode=$'.mode ascii\n.separator "\\t" "\\n"'; fi
    printf 'CREATE TABLE items (name TEXT PRIMARY KEY, version TEXT, month TEXT, rank TEXT, summary TEXT);\n%s\n.import --skip 1 %s items\n' \
        "$mode" "$2" > "$3.sql"
}
for kind in $PKINDS; do
    # sqlite3 has no JSON Lines import: its TSV stands in. The sorted rows are a TSV, and so is their reference.
    ref=$(case $kind in csv) echo csv ;; sorted) echo sorted ;; *) echo tsv ;; esac)
    format=$([ "$kind" = sorted ] && echo tsv || echo "$kind")
    : > "$DIR/pkg.$kind.s"; : > "$DIR/pkg.$kind.ref"
    for i in $(seq "$RUNS"); do
        log "package-shaped import, $kind, run $i of $RUNS (favs, then sqlite3 .import of the $ref)"
        rm -f "$DIR/pkg.sqlite" "$DIR/pkg.sqlite-wal" "$DIR/pkg.sqlite-shm" "$DIR/pkgref.sqlite"
        timed "$DIR/t" "$FAVS" import "$DIR/pkg.$kind" --format "$format" --id name --title name \
            --library "$DIR/pkg.sqlite" > /dev/null
        cat "$DIR/t" >> "$DIR/pkg.$kind.s"
        sqlite_import_sql "$([ "$ref" = csv ] && echo csv || echo tsv)" "$DIR/pkg.$ref" "$DIR/pkgref.sqlite"
        timed "$DIR/t" sqlite3 "$DIR/pkgref.sqlite" ".read $DIR/pkgref.sqlite.sql"
        cat "$DIR/t" >> "$DIR/pkg.$kind.ref"
    done
    printf '%s %s\n' "$("$FAVS" list --library "$DIR/pkg.sqlite" | wc -l)" \
        "$(sqlite3 "$DIR/pkgref.sqlite" 'SELECT count(*) FROM items')" > "$DIR/pkg.$kind.rows"
    [ "$kind" = sorted ] || continue
    # Issue #36: a search answered once over the sorted import (each row's fields are a long summary, which the
    # list's index leaves out) beside fzf over the same names; favs and fzf alternated, the median of each.
    tail -n +2 "$DIR/pkg.sorted" | cut -f1 > "$DIR/pkg.names"
    for i in "${!PKG_SEARCHES[@]}"; do
        q=${PKG_SEARCHES[$i]}
        log "package names: favs list --query '$q' / fzf --filter '$q', $RUNS runs"
        : > "$DIR/pq$i.favs"; : > "$DIR/pq$i.fzf"
        for r in $(seq "$RUNS"); do
            timed "$DIR/t" "$FAVS" list --library "$DIR/pkg.sqlite" --query "$q" > "$DIR/pq$i.favs.out"
            tail -n 1 "$DIR/t" >> "$DIR/pq$i.favs"
            # fzf exits 1 when nothing matches (and time says so on a line of its own).
            timed "$DIR/t" fzf --filter "$q" < "$DIR/pkg.names" > "$DIR/pq$i.fzf.out" || true
            tail -n 1 "$DIR/t" >> "$DIR/pq$i.fzf"
        done
    done
    # Issue #36: the first field term asked of the library just imported (the field index not built: the rows it
    # lacks are read one by one), on a copy so that nothing else has indexed it.
    PKG_FIELD_TERM=summary:vers
    log "package rows: favs list --query '$PKG_FIELD_TERM' on the library just imported"
    cp "$DIR/pkg.sqlite" "$DIR/pkgf.sqlite"
    timed "$DIR/pkg.field" "$FAVS" list --library "$DIR/pkgf.sqlite" --query "$PKG_FIELD_TERM" > "$DIR/pkg.field.out"
    rm -f "$DIR/pkgf.sqlite"*
done

# --- browser bookmarks (issue #35): min(N, 100000) bookmarks shaped like a browser's, each format into a new library -
BN=${FAVS_BENCH_BOOKMARKS:-$(( N < 100000 ? N : 100000 ))}
case $BN in '' | *[!0-9]*) echo "bench: FAVS_BENCH_BOOKMARKS must be a number" >&2; exit 64 ;; esac
BNL=$(label "$BN")
BKINDS="html chrome jsonlz4 places"
# The floor for places.sqlite: sqlite3 running the join favs runs (PlacesRow.query(keywords: true) in
# Sources/FavsLibrary/FirefoxPlacesTree.swift) on the same file, every row printed to /dev/null.
PLACES_SQL="SELECT b.id, b.type, b.parent, b.position, b.title, b.guid, b.dateAdded, b.fk, p.url, p.title AS placeTitle,
(SELECT keyword FROM moz_keywords k WHERE k.place_id = b.fk ORDER BY k.id LIMIT 1) AS keyword
FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk ORDER BY b.parent, b.position, b.id"
log "generating $BN bookmarks as: $BKINDS"
for kind in $BKINDS; do
    "$BIN/favs-gen" "$BN" --shape bookmarks --format "$kind" --output "$DIR/bm.$kind"
done
bookmark_format() { case $1 in jsonlz4) echo firefox-backup ;; places) echo firefox ;; *) echo "$1" ;; esac; }
for kind in $BKINDS; do
    : > "$DIR/bm.$kind.s"; : > "$DIR/bm.$kind.ref"
    for i in $(seq "$RUNS"); do
        log "bookmark import, $kind, run $i of $RUNS$([ "$kind" = places ] && echo " (favs, then sqlite3's SELECT)")"
        rm -f "$DIR/bm.sqlite" "$DIR/bm.sqlite-wal" "$DIR/bm.sqlite-shm"
        timed "$DIR/t" "$FAVS" import "$DIR/bm.$kind" --format "$(bookmark_format "$kind")" --library "$DIR/bm.sqlite" \
            > /dev/null
        cat "$DIR/t" >> "$DIR/bm.$kind.s"
        if [ "$kind" = places ]; then
            timed "$DIR/t" sqlite3 "$DIR/bm.places" "$PLACES_SQL" > /dev/null
            cat "$DIR/t" >> "$DIR/bm.$kind.ref"
        fi
    done
    "$FAVS" list --library "$DIR/bm.sqlite" | wc -l > "$DIR/bm.$kind.rows"
done
# The process's floor: the same import of a 10-bookmark file, what every import costs before its data.
"$BIN/favs-gen" 10 --shape bookmarks --format html --output "$DIR/bm10.html"
: > "$DIR/bm10.s"
for i in $(seq "$RUNS"); do
    rm -f "$DIR/bm.sqlite" "$DIR/bm.sqlite-wal" "$DIR/bm.sqlite-shm"
    timed "$DIR/t" "$FAVS" import "$DIR/bm10.html" --format html --library "$DIR/bm.sqlite" > /dev/null
    cat "$DIR/t" >> "$DIR/bm10.s"
done

# --- favs --watch on a Chrome file of BN bookmarks (issue #35): a bookmark added, file renamed → on screen ----------
# The script runs alone too: scripts/watch-latency.sh FAVS FAVS_GEN [N [RUNS]].
log "favs --watch on a Chrome file of $BN bookmarks: rename of one with a bookmark more → on screen, $RUNS runs"
"$ROOT/scripts/watch-latency.sh" "$FAVS" "$BIN/favs-gen" "$BN" "$RUNS" > "$DIR/watch.txt"
read -r WATCH_MS WATCH_WORST WATCH_CPU WATCH_HWM WATCH_REF < "$DIR/watch.txt"

# --- first frame in tmux, and peak RSS of the running program ---------------------------------------------------
# One idle session keeps the server up: a server whose last session just ended may still be exiting when the
# next new-session connects to it ("server exited unexpectedly").
$T -f /dev/null new-session -d -s keep -x 80 -y 24 "exec sleep 100000"
# first_frame NAME COMMAND TEXT [KEY TEXT2 [TYPED]]: runs COMMAND in a new 80x24 pane; prints "ms vmhwm_kb [ms2]"
# once TEXT is on screen. With KEY, the key is typed right after the command and ms2 is when TEXT2 shows (the key
# handled). With TYPED, that text is typed (literally) right after the command, before TEXT is waited for.
first_frame() {
    local s=$1 cmd=$2 text=$3 key=${4:-} text2=${5:-} typed=${6:-} t0 t1 t2="" pid hwm
    $T new-session -d -s "$s" -x 80 -y 24 -e LANG=C.UTF-8 -e TERM=xterm-256color \
        -e SWIFT_BACKTRACE=enable=no "exec sh"
    sleep 0.3
    t0=$(now_ms)
    $T send-keys -t "$s" "exec $cmd" Enter
    [ -n "$typed" ] && $T send-keys -t "$s" -l "$typed"
    [ -n "$key" ] && $T send-keys -t "$s" "$key"
    wait_for() {
        until $T capture-pane -p -t "$s" | grep -qF -- "$1"; do
            if [ $(( $(now_ms) - t0 )) -gt 120000 ]; then
                echo "bench: '$1' did not appear within 120 s; the screen:" >&2
                $T capture-pane -p -t "$s" >&2
                exit 1
            fi
        done
    }
    wait_for "$text"
    t1=$(now_ms)
    if [ -n "$key" ]; then wait_for "$text2"; t2=$(( $(now_ms) - t0 )); fi
    sleep 0.3
    pid=$($T display -p -t "$s" '#{pane_pid}')
    hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
    $T kill-session -t "$s"
    echo "$(( t1 - t0 )) $hwm $t2"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
max() { sort -n | tail -1; }

log "favs: launch → '$N items' on screen, $RUNS runs"
: > "$DIR/ff.favs"
# G typed at launch: the second time is when it has been handled (the cursor on the last of N rows): answered from
# the preview's last rows while the whole list loads.
for i in $(seq "$RUNS"); do
    first_frame "favs$i" "'$FAVS' --library '$LIB'" " $N items" G "Items $N/$N" >> "$DIR/ff.favs"
done
# Issue #34: the library with tags beside the same one without, alternated (first frame, G answered, VmHWM).
TAG_RUNS=$(( N >= 100000 ? 5 : RUNS ))
log "favs with tags / without: launch → '$N items' on screen, then G answered, $TAG_RUNS runs each, alternated"
: > "$DIR/ff.plain"; : > "$DIR/ff.tagged"
for i in $(seq "$TAG_RUNS"); do
    first_frame "plain$i" "'$FAVS' --library '$LIB'" " $N items" G "Items $N/$N" >> "$DIR/ff.plain"
    first_frame "tagged$i" "'$FAVS' --library '$TAGGED_LIB'" " $N items" G "Items $N/$N" >> "$DIR/ff.tagged"
done
log "fzf: launch → '$N/$N' on screen, $RUNS runs"
: > "$DIR/ff.fzf"
for i in $(seq "$RUNS"); do first_frame "fzf$i" "fzf < '$DIR/titles.txt'" " $N/$N" >> "$DIR/ff.fzf"; done
# Issue #36: a search typed at launch in the browser over the sorted package import, beside fzf started on the same
# names with the same query typed, until each shows its whole answer (favs: the list's title with the count and the
# query, or "No title matches"; fzf: its counter over every name, the prompt showing the query). Each favs run opens a
# fresh copy of the library (a browser indexes the fields once its list is in). Alternated, median of PB_RUNS (5 at
# 100k rows or more: three runs on a loaded machine swing too much to decide).
PB_RUNS=$(( PN >= 100000 ? 5 : RUNS ))
case " $PKINDS " in *" sorted "*)
    for i in "${!PKG_SEARCHES[@]}"; do
        q=${PKG_SEARCHES[$i]}
        nq=$(wc -l < "$DIR/pq$i.favs.out")
        favs_text=$([ "$nq" -gt 0 ] && echo "Items 1/$nq · /$q" || echo "No title matches “$q”")
        log "package names in the browser: '/$q' typed at launch / fzf with '$q' typed, $PB_RUNS runs"
        : > "$DIR/pb$i.favs"; : > "$DIR/pb$i.fzf"
        for r in $(seq "$PB_RUNS"); do
            cp "$DIR/pkg.sqlite" "$DIR/pkgb.sqlite"
            first_frame "pbfavs$i$r" "'$FAVS' --library '$DIR/pkgb.sqlite'" "$favs_text" "" "" "/$q" >> "$DIR/pb$i.favs"
            rm -f "$DIR/pkgb.sqlite"*
            first_frame "pbfzf$i$r" "fzf < '$DIR/pkg.names'" "  $nq/$PN" "" "" "$q" >> "$DIR/pb$i.fzf"
        done
    done
    ;;
esac
# favs pick --stdin over N lines (the ids: every line distinct), beside fzf on the same lines; then again with
# 100 of the lines starred (the picker's memory), which it finds and lists first.
tail -n +2 "$DIR/items.tsv" | cut -f1 > "$DIR/ids.txt"
pick_runs() {  # NAME: first frame and first key of favs pick, RUNS times
    for i in $(seq "$RUNS"); do
        # End, not G: a picker types G into its query.
        first_frame "$1$i" "env XDG_DATA_HOME='$DIR/data' '$FAVS' pick --stdin $1 < '$DIR/ids.txt'" " $N items" End \
            "Items $N/$N"
    done
}
log "favs pick --stdin: launch → '$N items' on screen, $RUNS runs, no stars then 100"
pick_runs bench > "$DIR/ff.pick"
mkdir -p "$DIR/data/favs/picks"
sqlite3 "$DIR/data/favs/picks/bench.sqlite" ".backup '$DIR/data/favs/picks/starred.sqlite'"
# 100 stars (favorites are rows of the members table, schema v9).
awk 'NR % (int(n / 100) + 1) == 0 { printf "INSERT INTO items (id, title, fields, position) VALUES (%c%s%c, %c%s%c, %c[]%c, %d); INSERT INTO members (set_name, item_id, added_at) VALUES (%cfavorites%c, %c%s%c, %d);\n", 39, $0, 39, 39, $0, 39, 39, 39, NR, 39, 39, 39, $0, 39, NR }' \
    n="$N" "$DIR/ids.txt" | head -100 | sqlite3 "$DIR/data/favs/picks/starred.sqlite"
pick_runs starred > "$DIR/ff.pick-starred"
log "fzf < ids: launch → '$N/$N' on screen, $RUNS runs"
: > "$DIR/ff.fzf-ids"
for i in $(seq "$RUNS"); do first_frame "fzfids$i" "fzf < '$DIR/ids.txt'" " $N/$N" >> "$DIR/ff.fzf-ids"; done
FF_PICK=$(cut -d' ' -f1 "$DIR/ff.pick" | median)
FF_PICK_STARRED=$(cut -d' ' -f1 "$DIR/ff.pick-starred" | median)
# The frecency ranking of issue #37: a seeded sequence of picks over 500 lines with drifting preferences
# (scripts/frecency-sim.awk describes it), ranked by favs pick itself (`--filter ''`, each pick recorded before the
# next is ranked: scripts/frecency-bench.sh), by the script's computation of favs's formula, by fzf's input order
# and by zoxide's formula. 5,000 picks; below 100k items (a smoke run) 600.
log "frecency ranking through favs pick (scripts/frecency-bench.sh)"
FAVS_BENCH_OUT=$OUT "$ROOT/scripts/frecency-bench.sh" "$FAVS" $([ "$N" -ge 100000 ] || echo quick) > "$DIR/frecency"
sim() { awk -v name="$1" -v col="$2" '$1 == name { print $col }' "$DIR/frecency"; }
FRECENCY_PICKS=$(( $(sim favs-binary 5) + 500 ))
KEY_PICK=$(cut -d' ' -f3 "$DIR/ff.pick" | median)
FF_FZF_IDS=$(cut -d' ' -f1 "$DIR/ff.fzf-ids" | median)
HWM_PICK=$(cut -d' ' -f2 "$DIR/ff.pick" | max)
HWM_FZF_IDS=$(cut -d' ' -f2 "$DIR/ff.fzf-ids" | max)

FF_FAVS=$(cut -d' ' -f1 "$DIR/ff.favs" | median)
FF_FZF=$(cut -d' ' -f1 "$DIR/ff.fzf" | median)
KEY_FAVS=$(cut -d' ' -f3 "$DIR/ff.favs" | median)
HWM_FAVS=$(cut -d' ' -f2 "$DIR/ff.favs" | max)
HWM_FZF=$(cut -d' ' -f2 "$DIR/ff.fzf" | max)

# --- filter, whole process --------------------------------------------------------------------------------------
log "favs script: open alone and open + '/ type $QUERY', best of $RUNS"
: > "$DIR/open.s"; : > "$DIR/filter.s"
for i in $(seq "$RUNS"); do
    timed "$DIR/t" "$FAVS" script --library "$LIB" < /dev/null > /dev/null
    cat "$DIR/t" >> "$DIR/open.s"
    printf '/ type %s\n' "$QUERY" > "$DIR/filter.script"
    timed "$DIR/t" "$FAVS" script --library "$LIB" "$DIR/filter.script" > "$DIR/filter.frame"
    cat "$DIR/t" >> "$DIR/filter.s"
done
log "favs script: open alone, with tags / without, alternated, $RUNS runs"
: > "$DIR/open.plain"; : > "$DIR/open.tagged"
for i in $(seq "$RUNS"); do
    timed "$DIR/t" "$FAVS" script --library "$LIB" < /dev/null > /dev/null
    cat "$DIR/t" >> "$DIR/open.plain"
    timed "$DIR/t" "$FAVS" script --library "$TAGGED_LIB" < /dev/null > /dev/null
    cat "$DIR/t" >> "$DIR/open.tagged"
done
OPEN_S=$(cut -d' ' -f1 "$DIR/open.s" | sort -n | head -1)
OPEN_RSS=$(cut -d' ' -f2 "$DIR/open.s" | max)
FILTER_S=$(cut -d' ' -f1 "$DIR/filter.s" | sort -n | head -1)
MATCH_FAVS=$(sed -n 's/.*Items [0-9]*\/\([0-9]*\) · \/.*/\1/p' "$DIR/filter.frame" | head -1)
# fzf's default matching, fuzzy, as the browser's search box matches by default (so both count the same matches).
log "fzf --filter $QUERY, best of $RUNS"
: > "$DIR/fzf.s"
for i in $(seq "$RUNS"); do
    timed "$DIR/t" fzf --filter "$QUERY" < "$DIR/titles.txt" > "$DIR/fzf.out"
    cat "$DIR/t" >> "$DIR/fzf.s"
done
FZF_FILTER_S=$(cut -d' ' -f1 "$DIR/fzf.s" | sort -n | head -1)
FZF_FILTER_RSS=$(cut -d' ' -f2 "$DIR/fzf.s" | max)
MATCH_FZF=$(wc -l < "$DIR/fzf.out")

# --- search, whole process: favs list --query beside fzf --filter ---------------------------------------------------
# One character, three, a six-character abbreviation, two terms, a ^prefix term: fuzzy (fzf's default), ranked.
SEARCHES=("r" "rvn" "hrtcty" "fire neon" "^rain")
for i in "${!SEARCHES[@]}"; do
    q=${SEARCHES[$i]}
    log "favs list --query '$q' / fzf --filter '$q', best of $RUNS"
    : > "$DIR/q$i.favs"; : > "$DIR/q$i.fzf"
    for r in $(seq "$RUNS"); do
        timed "$DIR/t" "$FAVS" list --library "$LIB" --query "$q" > "$DIR/q$i.favs.out"
        cat "$DIR/t" >> "$DIR/q$i.favs"
        timed "$DIR/t" fzf --filter "$q" < "$DIR/titles.txt" > "$DIR/q$i.fzf.out"
        cat "$DIR/t" >> "$DIR/q$i.fzf"
    done
done

# --- field terms, whole process: the first one reads the rows the import left out of the field index, then
# favs index builds it and the next ones use it -------------------------------------------------------------------
FIELD_TERM=artist:xyz
log "favs list --query '$FIELD_TERM': the first (the index not built), then favs index, then best of $RUNS"
timed "$DIR/field.first" "$FAVS" list --library "$LIB" --query "$FIELD_TERM" > /dev/null
timed "$DIR/field.index" "$FAVS" index --library "$LIB"
: > "$DIR/field.s"
for r in $(seq "$RUNS"); do
    timed "$DIR/t" "$FAVS" list --library "$LIB" --query "$FIELD_TERM" > /dev/null
    cat "$DIR/t" >> "$DIR/field.s"
done

# --- bytes per toggle -------------------------------------------------------------------------------------------
log "bytes per toggle (scripts/bytes-per-update.sh, sample library, 80x24)"
"$ROOT/scripts/bytes-per-update.sh" "$FAVS" > "$DIR/bytes.txt"
BYTES_FAV=$(awk '/^favorite toggle/ {print $(NF-1)}' "$DIR/bytes.txt")
BYTES_UNFAV=$(awk '/^unfavorite toggle/ {print $(NF-1)}' "$DIR/bytes.txt")
cp "$DIR/bytes.txt" "$OUT/bytes-per-update.txt"

# --- previews (issue #37): favs pick --stdin --preview beside fzf --preview, held key and fzf #3134 ----------------
# The script runs alone too: scripts/preview-bench.sh FAVS [quick]. Always over 1,000 lines; below 100k items (a smoke run) one short hold and a 1 s sleep in place of 10 s.
log "previews beside fzf's (scripts/preview-bench.sh)"
FAVS_BENCH_OUT=$OUT "$ROOT/scripts/preview-bench.sh" "$FAVS" $([ "$N" -ge 100000 ] || echo quick) \
    > "$DIR/preview-rows.md"

# --- a team library's command over a slow link (issue #38): favs fav/unfav beside psql -c 'select 1' ----------------
# The script runs alone too: scripts/command-trip-bench.sh FAVS [quick]. Below 100k items (a smoke run) the 50 ms
# link alone, 3 runs.
log "team library commands over a slow link (scripts/command-trip-bench.sh)"
FAVS_BENCH_OUT=$OUT "$ROOT/scripts/command-trip-bench.sh" "$FAVS" $([ "$N" -ge 100000 ] || echo quick) \
    > "$DIR/trip-rows.md"

# --- a picker's first screen with frecency (issue #37): N lines, 10k of them picked before, beside no pick -----------
# The script runs alone too: scripts/pick-frecency-bench.sh FAVS FAVS_GEN [N [RUNS]].
log "favs pick --stdin over $N lines with 10k picked / none (scripts/pick-frecency-bench.sh)"
FAVS_BENCH_OUT=$OUT "$ROOT/scripts/pick-frecency-bench.sh" "$FAVS" "$BIN/favs-gen" "$N" $([ "$N" -ge 100000 ] && echo 9 || echo 2) \
    > "$DIR/pick-frecency-rows.md"

# --- keys while a reconnect reloads a team library's list (issue #38): 100k items behind the 50 ms proxy ----------
# The script runs alone too: scripts/reconnect-key-bench.sh FAVS FAVS_GEN [quick]. Below 100k items (a smoke run)
# 2,000 items and one cut.
log "keys while a reconnect reloads a team library (scripts/reconnect-key-bench.sh)"
FAVS_BENCH_OUT=$OUT "$ROOT/scripts/reconnect-key-bench.sh" "$FAVS" "$BIN/favs-gen" $([ "$N" -ge 100000 ] || echo quick) \
    > "$DIR/reconnect-rows.md"

# --- in-process (package-benchmark) -----------------------------------------------------------------------------
if [ "$N" -gt 100000 ]; then SIZES="1000,100000,$N"; elif [ "$N" -gt 1000 ]; then SIZES="1000,$N"; else SIZES=$N; fi
SIZES=${FAVS_BENCH_SIZES:-$SIZES}
: > "$OUT/in-process.md"
if [ "${FAVS_BENCH_SKIP_INPROCESS:-0}" != 1 ]; then
    log "in-process benchmarks at $SIZES (swift package --package-path Benchmarks benchmark)"
    FAVS_BENCH_SIZES=$SIZES swift package --package-path Benchmarks benchmark --no-progress --format markdown \
        > "$OUT/in-process.md" 2> "$OUT/in-process.log" || { cat "$OUT/in-process.log" >&2; exit 1; }
fi
# wall NAME COLUMN: a column of the wall-clock row of the benchmark named NAME (8: p99 in µs, 10: samples),
# empty when it did not run.
wall() {
    awk -v name="### $1" -v column="$2" '
        $0 == name { found = 1; next }
        /^### / { found = 0 }
        found && /^\| Time \(wall clock\)/ { split($0, f, "|"); gsub(/ /, "", f[column]); print f[column]; exit }
    ' "$OUT/in-process.md"
}
p99() { wall "$1" 8; }
samples() { wall "$1" 10; }

# --- the table ----------------------------------------------------------------------------------------------------
# Numbers: ms and MB with one decimal; ratios with two.
# ms_of_us P99_US NAME: "0.548 ms (n=6087)", or — when the benchmark did not run.
ms_of_us() {
    [ -n "$1" ] || { echo "—"; return; }
    awk -v v="$1" -v n="$(samples "$2")" 'BEGIN { printf "%.3f ms (n=%s)", v / 1000, n }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0 && a != "") printf "%.2f×", a / b; else print "—" }'; }
# verdict VALUE OP TARGET: PASS or FAIL (n/a when VALUE is empty).
verdict() { [ -z "$1" ] && { [ "${FAVS_BENCH_SKIP_INPROCESS:-0}" = 1 ] && echo "skipped" || echo "n/a"; return; }; awk -v v="$1" -v t="$3" -v op="$2" \
    'BEGIN { ok = (op == "<=") ? (v <= t) : (v >= t); print ok ? "PASS" : "FAIL" }'; }
ROWS=()
row() { ROWS+=("| $1 | $2 | $3 | $4 | $5 | $6 |"); }

FZF_RSS_MB=$(awk -v k="$HWM_FZF" 'BEGIN { printf "%.1f", k / 1024 }')
FAVS_RSS_MB=$(awk -v k="$HWM_FAVS" 'BEGIN { printf "%.1f", k / 1024 }')
BYTES_PER_ITEM=$(awk -v k="$HWM_FAVS" -v n="$N" 'BEGIN { printf "%.0f", k * 1024 / n }')

row "open $NL items → first complete frame (tmux 80×24, median of $RUNS; fzf: counter shows $N/$N)" "≤ 300 ms" \
    "$FF_FAVS ms" "$FF_FZF ms" "$(ratio "$FF_FAVS" "$FF_FZF")" "$(verdict "$FF_FAVS" "<=" 300)"
row "\`favs pick --stdin\` $NL lines → first screen (fzf: counter shows $N/$N, same lines; median of $RUNS)" \
    "≤ 0.5× fzf" "$FF_PICK ms" "$FF_FZF_IDS ms" "$(ratio "$FF_PICK" "$FF_FZF_IDS")" \
    "$(verdict "$((FF_PICK * 2))" "<=" "$FF_FZF_IDS")"
row "\`favs pick --stdin\` $NL lines, 100 of them starred → first screen (median of $RUNS)" "≤ 0.5× fzf" \
    "$FF_PICK_STARRED ms" "$FF_FZF_IDS ms" "$(ratio "$FF_PICK_STARRED" "$FF_FZF_IDS")" \
    "$(verdict "$((FF_PICK_STARRED * 2))" "<=" "$FF_FZF_IDS")"
row "frecency, $FRECENCY_PICKS seeded picks over 500 drifting lines, ranked by \`favs pick --stdin --filter ''\`: top-1 hit rate, no query (fzf: input order; zoxide's formula beside; favs's formula computed by the script: $(sim favs 2))" \
    "≥ zoxide, > fzf" "$(sim favs-binary 2)" "$(sim fzf 2) (zoxide $(sim zoxide 2))" "—" \
    "$(awk -v f="$(sim favs-binary 2)" -v z="$(sim zoxide 2)" -v i="$(sim fzf 2)" 'BEGIN { print (f >= z && f > i) ? "PASS" : "FAIL" }')"
row "frecency, same picks: first screen (20 rows) hit rate (the script's formula: $(sim favs 3))" "—" "$(sim favs-binary 3)" \
    "$(sim fzf 3) (zoxide $(sim zoxide 3))" "—" "info"
row "frecency, same picks: mean reciprocal rank of the next pick (the script's formula: $(sim favs 4))" "≥ zoxide, > fzf" \
    "$(sim favs-binary 4)" "$(sim fzf 4) (zoxide $(sim zoxide 4))" "—" \
    "$(awk -v f="$(sim favs-binary 4)" -v z="$(sim zoxide 4)" -v i="$(sim fzf 4)" 'BEGIN { print (f >= z && f > i) ? "PASS" : "FAIL" }')"
row "\`favs pick --stdin\` $NL lines → first key answered (\`end\` typed at launch)" "—" "$KEY_PICK ms" \
    "$FF_FZF_IDS ms" "$(ratio "$KEY_PICK" "$FF_FZF_IDS")" "info"
row "\`favs pick --stdin\` $NL lines, peak memory (VmHWM)" "—" "$(( HWM_PICK / 1024 )) MB" \
    "$(( HWM_FZF_IDS / 1024 )) MB" "$(ratio "$HWM_PICK" "$HWM_FZF_IDS")" "info"
mapfile -t PICK_FRECENCY_ROWS < "$DIR/pick-frecency-rows.md"
ROWS+=("${PICK_FRECENCY_ROWS[@]}")
row "open $NL items → first key answered (\`G\` typed at launch, until \`Items $N/$N\` shows; median of $RUNS)" \
    "≤ 0.5× fzf" "$KEY_FAVS ms" "$FF_FZF ms" "$(ratio "$KEY_FAVS" "$FF_FZF")" \
    "$(verdict "$((KEY_FAVS * 2))" "<=" "$FF_FZF")"
row "open $NL items headless (\`favs script </dev/null\`, whole process, best of $RUNS)" "—" \
    "$(awk -v s="$OPEN_S" 'BEGIN { printf "%.0f ms", s * 1000 }')" "—" "—" "info"

IFS=, read -r -a SIZE_LIST <<< "$SIZES"
for size in "${SIZE_LIST[@]}"; do
    name="toggle favorite → frame, $(label "$size")"; v=$(p99 "$name")
    row "favorite toggle → frame ready, in-process, p99, $(label "$size")" "≤ 1 ms" "$(ms_of_us "$v" "$name")" \
        "—" "—" "$(verdict "$v" "<=" 1000)"
done
first=${SIZE_LIST[0]}; last=${SIZE_LIST[${#SIZE_LIST[@]}-1]}
if [ "$first" != "$last" ]; then
    a=$(p99 "toggle favorite → frame, $(label "$first")"); b=$(p99 "toggle favorite → frame, $(label "$last")")
    if [ -n "$a" ] && [ -n "$b" ]; then
        flat=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')
        row "favorite toggle flat as N grows: p99 $(label "$last") ÷ p99 $(label "$first")" "≤ 2×" "${flat}×" \
            "—" "—" "$(verdict "$flat" "<=" 2)"
    fi
fi
# --- tags (issue #34): a tenth of the items with 1–3 of 1,000 tags nested up to 3 levels; each figure beside the
# same one without tags ------------------------------------------------------------------------------------------
for size in "${SIZE_LIST[@]}"; do
    sl=$(label "$size"); name="tag toggle → frame, $sl"; v=$(p99 "$name tagged"); ref=$(p99 "$name")
    row "tag or untag (one \`changeMembers\`) → frame ready, in-process, p99, $sl, $TAG_COUNT tags (fzf column: the same \
on the items without tags)" "≤ 1 ms" "$(ms_of_us "$v" "$name tagged")" "$(ms_of_us "$ref" "$name")" \
        "$(ratio "$v" "$ref")" "$(verdict "$v" "<=" 1000)"
done
if [ "$first" != "$last" ]; then
    a=$(p99 "tag toggle → frame, $(label "$first") tagged"); b=$(p99 "tag toggle → frame, $(label "$last") tagged")
    if [ -n "$a" ] && [ -n "$b" ]; then
        flat=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }')
        row "tag toggle flat as N grows: p99 $(label "$last") ÷ p99 $(label "$first"), tagged" "≤ 2×" "${flat}×" \
            "—" "—" "$(verdict "$flat" "<=" 2)"
    fi
fi
for size in "${SIZE_LIST[@]}"; do
    sl=$(label "$size"); name="tag 1,000 marked items → frame, $sl"; v=$(p99 "$name tagged"); ref=$(p99 "$name")
    row "tag 1,000 marked items (one \`changeMembers\`; the next sample untags them) → frame, in-process, p99, $sl" \
        "≤ 50 ms" "$(ms_of_us "$v" "$name tagged")" "$(ms_of_us "$ref" "$name")" "$(ratio "$v" "$ref")" \
        "$(verdict "$v" "<=" 50000)"
done
name="scope to a tag folder → frame, $NL"; v=$(p99 "$name tagged"); ref=$(p99 "$name")
row "list scoped to the largest top-level tag folder → frame, in-process, p99, $NL (without tags: the folder is empty)" \
    "≤ 100 ms" "$(ms_of_us "$v" "$name tagged")" "$(ms_of_us "$ref" "$name")" "$(ratio "$v" "$ref")" \
    "$(verdict "$v" "<=" 100000)"
name="toggle favorite → frame, $NL"; v=$(p99 "$name tagged"); ref=$(p99 "$name")
row "favorite toggle → frame ready, in-process, p99, $NL, with tags / without" "≤ 1 ms" \
    "$(ms_of_us "$v" "$name tagged")" "$(ms_of_us "$ref" "$name")" "$(ratio "$v" "$ref")" "$(verdict "$v" "<=" 1000)"
name="load every tag's members, $NL tagged"; v=$(p99 "$name")
row "every tag's members added to the $NL-item collection as an open does (the model's part; in-process, p99)" "—" \
    "$(ms_of_us "$v" "$name")" "—" "—" "$( [ -n "$v" ] && echo info || verdict "" )"
FF_TAGGED=$(cut -d' ' -f1 "$DIR/ff.tagged" | median); FF_PLAIN=$(cut -d' ' -f1 "$DIR/ff.plain" | median)
r=$(awk -v a="$FF_TAGGED" -v b="$FF_PLAIN" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
row "open $NL items, $TAGGED_ITEMS of them tagged ($TAG_MEMBERS memberships of $TAG_COUNT tags) → first frame (tmux 80×24, \
median of $TAG_RUNS alternated; fzf column: the same library without tags, runs [$(cut -d' ' -f1 "$DIR/ff.plain" | \
tr '\n' ' ' | sed 's/ $//')] vs [$(cut -d' ' -f1 "$DIR/ff.tagged" | tr '\n' ' ' | sed 's/ $//')])" "≤ 1.10× without" \
    "$FF_TAGGED ms" "$FF_PLAIN ms" "${r:+${r}×}" "$(verdict "$r" "<=" 1.10)"
KT=$(cut -d' ' -f3 "$DIR/ff.tagged" | median); KP=$(cut -d' ' -f3 "$DIR/ff.plain" | median)
row "open $NL items with tags → first key answered (\`G\`, answered from the preview's last rows), median of \
$TAG_RUNS; fzf column: without tags" "—" "$KT ms" "$KP ms" "$(ratio "$KT" "$KP")" "info"
HT=$(cut -d' ' -f2 "$DIR/ff.tagged" | max); HP=$(cut -d' ' -f2 "$DIR/ff.plain" | max)
r=$(awk -v a="$HT" -v b="$HP" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
# 0.3 s after G the list and its sets may still be loading (G is answered from the preview): the headless open
# below, which waits for them, is the open library's memory.
row "peak memory with $NL items open, with tags (VmHWM in tmux 0.3 s after \`G\`, the list maybe still loading; max of \
$TAG_RUNS); fzf column: without" "—" "$(( HT / 1024 )) MB" "$(( HP / 1024 )) MB" "${r:+${r}×}" "info"
OT=$(cut -d' ' -f2 "$DIR/open.tagged" | max); OP=$(cut -d' ' -f2 "$DIR/open.plain" | max)
r=$(awk -v a="$OT" -v b="$OP" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
row "peak memory of the open library, $NL items with tags (headless: \`favs script </dev/null\` returns once the list and \
every set are in; %M, max of $RUNS); fzf column: without" "≤ 1.10× without" "$(( OT / 1024 )) MB" "$(( OP / 1024 )) MB" "${r:+${r}×}" "$(verdict "$r" "<=" 1.10)"
ST=$(cut -d' ' -f1 "$DIR/open.tagged" | sort -n | head -1); SP=$(cut -d' ' -f1 "$DIR/open.plain" | sort -n | head -1)
row "open $NL items headless with tags (whole process, best of $RUNS); fzf column: without" "—" \
    "$(awk -v s="$ST" 'BEGIN { printf "%.0f ms", s * 1000 }')" "$(awk -v s="$SP" 'BEGIN { printf "%.0f ms", s * 1000 }')" \
    "$(ratio "$ST" "$SP")" "info"
row "\`favs import\` of $NL JSONL rows with tags; fzf column: the same rows without" "—" \
    "$(secs "$DIR/t.tagged") s, $(( $(rss_kb "$DIR/t.tagged") / 1024 )) MB" \
    "$(secs "$DIR/t.jsonl") s, $(( $(rss_kb "$DIR/t.jsonl") / 1024 )) MB" \
    "$(ratio "$(secs "$DIR/t.tagged")" "$(secs "$DIR/t.jsonl")")" "info"
for pane in list detail favorites; do
    name="redraw $pane pane, $NL"; v=$(p99 "$name")
    row "redraw of the $pane pane from the store, in-process, p99, $NL" "—" "$(ms_of_us "$v" "$name")" "—" "—" \
        "$( [ -n "$v" ] && echo info || verdict "" )"
done
name="sort switch to title A–Z, first (keys + sort) → frame, $NL"; v=$(p99 "$name")
row "sort switch at $NL: first \`s\` (every title's sort key made, then sorted), p99" "≤ 1 s" \
    "$(ms_of_us "$v" "$name")" "—" "—" "$(verdict "$v" "<=" 1000000)"
name="sort switch (cycling s) → frame, $NL"; v=$(p99 "$name")
row "sort switch at $NL: \`s\` cycling library → A–Z → recent → library, p99" "≤ 1 s" \
    "$(ms_of_us "$v" "$name")" "—" "—" "$(verdict "$v" "<=" 1000000)"
name="toggle favorite in title order → frame, $NL"; v=$(p99 "$name")
row "favorite toggle → frame in title order, in-process, p99, $NL" "≤ 1 ms" "$(ms_of_us "$v" "$name")" \
    "—" "—" "$(verdict "$v" "<=" 1000)"
wb=$(( BYTES_FAV > BYTES_UNFAV ? BYTES_FAV : BYTES_UNFAV ))
row "bytes to the terminal per favorite toggle, 80×24 (sample library; fav / unfav)" "≤ 64 B" \
    "$BYTES_FAV / $BYTES_UNFAV B" "—" "—" "$(verdict "$wb" "<=" 64)"
mapfile -t PREVIEW_ROWS < "$DIR/preview-rows.md"
ROWS+=("${PREVIEW_ROWS[@]}")
mapfile -t TRIP_ROWS < "$DIR/trip-rows.md"
ROWS+=("${TRIP_ROWS[@]}")
mapfile -t RECONNECT_ROWS < "$DIR/reconnect-rows.md"
ROWS+=("${RECONNECT_ROWS[@]}")
name="filter keystroke, 1st char (scan all) → frame, $NL"; v=$(p99 "$name")
row "fuzzy filter keystroke over $NL titles, p99: 1st char (\`r\`, every title searched and ranked)" "≤ 30 ms" \
    "$(ms_of_us "$v" "$name")" "—" "—" "$(verdict "$v" "<=" 30000)"
name="filter keystroke, 2nd char (narrow the most) → frame, $NL"; v=$(p99 "$name")
row "fuzzy filter keystroke over $NL titles, p99: the 2nd char (\`r\` → \`ra\`, every title with an r narrowed)" \
    "≤ 10 ms" "$(ms_of_us "$v" "$name")" "—" "—" "$(verdict "$v" "<=" 10000)"
name="filter keystroke, 4th char (narrow) → frame, $NL"; v=$(p99 "$name")
row "fuzzy filter keystroke over $NL titles, p99: a further char (\`rai\` → \`rain\`, narrows, ranked)" "≤ 10 ms" \
    "$(ms_of_us "$v" "$name")" "—" "—" "$(verdict "$v" "<=" 10000)"
FILTER_MS=$(awk -v f="$FILTER_S" -v o="$OPEN_S" 'BEGIN { printf "%.0f", (f - o) * 1000 }')
FZF_FILTER_MS=$(awk -v f="$FZF_FILTER_S" 'BEGIN { printf "%.0f", f * 1000 }')
row "filter \`$QUERY\` over $NL titles (favs: \`/ type $QUERY\` script − open alone; \
fzf: \`fzf --filter\`, fuzzy as both match by default, whole process incl. reading); matches" \
    "—" "$FILTER_MS ms, $MATCH_FAVS" "$FZF_FILTER_MS ms, $MATCH_FZF" "$(ratio "$FILTER_MS" "$FZF_FILTER_MS")" "info"
for i in "${!SEARCHES[@]}"; do
    q=${SEARCHES[$i]}
    fs=$(cut -d' ' -f1 "$DIR/q$i.favs" | sort -n | head -1); zs=$(cut -d' ' -f1 "$DIR/q$i.fzf" | sort -n | head -1)
    fm=$(awk -v s="$fs" 'BEGIN { printf "%.0f", s * 1000 }'); zm=$(awk -v s="$zs" 'BEGIN { printf "%.0f", s * 1000 }')
    nf=$(wc -l < "$DIR/q$i.favs.out"); nz=$(wc -l < "$DIR/q$i.fzf.out")
    r=$(awk -v a="$fm" -v b="$zm" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
    result=$(verdict "$r" "<=" 0.5)
    [ "$nf" -eq "$nz" ] || result="$result (matches differ)"
    row "\`favs list --query '$q'\` over $NL items (whole process: open the library, search, print) beside \
\`fzf --filter '$q'\` (reads the titles); best of $RUNS; matches" "≤ 0.5× fzf" "$fm ms, $nf" "$zm ms, $nz" \
        "${r:+${r}×}" "$result"
done
fm=$(awk -v s="$(secs "$DIR/field.first")" 'BEGIN { printf "%.0f", s * 1000 }')
row "\`favs list --query '$FIELD_TERM'\` over $NL items just imported (whole process; the rows the field index \
lacks read one by one)" "≤ 3 s" "$fm ms" "—" "—" "$(verdict "$fm" "<=" 3000)"
fm=$(awk -v s="$(secs "$DIR/field.index")" 'BEGIN { printf "%.0f", s * 1000 }')
row "\`favs index\` over $NL items just imported (builds the field index)" "—" "$fm ms" "—" "—" "info"
fm=$(awk -v s="$(cut -d' ' -f1 "$DIR/field.s" | sort -n | head -1)" 'BEGIN { printf "%.0f", s * 1000 }')
row "\`favs list --query '$FIELD_TERM'\` over $NL items, fields indexed (whole process, best of $RUNS)" "≤ 150 ms" \
    "$fm ms" "—" "—" "$(verdict "$fm" "<=" 150)"
name="delete + undo → frames, $NL"; v=$(p99 "$name")
row "delete + undo (first row) → frames, in-process, p99, $NL" "≤ 2 ms" "$(ms_of_us "$v" "$name")" "—" "—" \
    "$(verdict "$v" "<=" 2000)"
REF=$(secs "$DIR/t.sqlite3")
for kind in jsonl tsv; do
    s=$(secs "$DIR/t.$kind"); rows=ROWS_${kind^^}; rows=${!rows}
    r=$(awk -v a="$s" -v b="$REF" 'BEGIN { printf "%.2f", a / b }')
    result=$(verdict "$r" "<=" 1.5)
    [ "$rows" -eq "$N" ] && [ "$ROWS_SQLITE" -eq "$N" ] || result="FAIL (rows)"
    row "\`favs import\` of $NL ${kind^^} rows (fzf column: sqlite3 \`.import\` of the TSV); rows imported" \
        "≤ 1.5× sqlite3" "$s s, $rows rows, $(( $(rss_kb "$DIR/t.$kind") / 1024 )) MB" "$REF s, $ROWS_SQLITE rows" \
        "${r}×" "$result"
done
for kind in $PKINDS; do
    s=$(cut -d' ' -f1 "$DIR/pkg.$kind.s" | median); ref=$(cut -d' ' -f1 "$DIR/pkg.$kind.ref" | median)
    lo=$(cut -d' ' -f1 "$DIR/pkg.$kind.s" | sort -n | head -1); hi=$(cut -d' ' -f1 "$DIR/pkg.$kind.s" | max)
    rlo=$(cut -d' ' -f1 "$DIR/pkg.$kind.ref" | sort -n | head -1); rhi=$(cut -d' ' -f1 "$DIR/pkg.$kind.ref" | max)
    kb=$(cut -d' ' -f2 "$DIR/pkg.$kind.s" | max); refkb=$(cut -d' ' -f2 "$DIR/pkg.$kind.ref" | max)
    read -r rows refrows < "$DIR/pkg.$kind.rows"
    # Issue #22: sorted input ≤ 1.5× sqlite3 (whose B-tree then only appends), shuffled ≤ 1.2×.
    goal=$([ "$kind" = sorted ] && echo 1.5 || echo 1.2)
    if awk -v b="$ref" 'BEGIN { exit !(b > 0) }'; then
        r=$(awk -v a="$s" -v b="$ref" 'BEGIN { printf "%.2f", a / b }'); result=$(verdict "$r" "<=" "$goal"); r="${r}×"
    else
        r="—"; result="info (sqlite3 under 0.01 s)"  # a small N: below /usr/bin/time's resolution
    fi
    [ "$rows" -eq "$PN" ] && [ "$refrows" -eq "$PN" ] || result="FAIL (rows)"
    refname=$(case $kind in csv) echo "the CSV" ;; sorted) echo "the same sorted TSV" ;; *) echo "the TSV" ;; esac)
    what=$([ "$kind" = sorted ] && echo "TSV rows sorted by name (\`favs-gen --sorted\`)" \
        || echo "${kind^^} rows in no order")
    row "\`favs import --id name --title name\` of $PNL package-shaped $what (5 columns, summaries to ~500 \
chars; sqlite3 \`.import\` of $refname into 5 TEXT columns, name PRIMARY KEY); median [range] of $RUNS; rows" \
        "≤ $goal× sqlite3" "$s s [$lo–$hi], $rows rows" "$ref s [$rlo–$rhi], $refrows rows" "$r" "$result"
    mb=$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }'); refmb=$(awk -v k="$refkb" 'BEGIN { printf "%.1f", k / 1024 }')
    row "peak memory of that $([ "$kind" = sorted ] && echo "sorted TSV" || echo "${kind^^}") import (\`/usr/bin/time\` %M, max of $RUNS)" "≤ 100 MB" "$mb MB" "$refmb MB" \
        "$(ratio "$mb" "$refmb")" "$(verdict "$mb" "<=" 100)"
done
case " $PKINDS " in *" sorted "*)
    for i in "${!PKG_SEARCHES[@]}"; do
        q=${PKG_SEARCHES[$i]}
        fs=$(cut -d' ' -f1 "$DIR/pq$i.favs" | median); zs=$(cut -d' ' -f1 "$DIR/pq$i.fzf" | median)
        fm=$(awk -v s="$fs" 'BEGIN { printf "%.0f", s * 1000 }'); zm=$(awk -v s="$zs" 'BEGIN { printf "%.0f", s * 1000 }')
        nf=$(wc -l < "$DIR/pq$i.favs.out"); nz=$(wc -l < "$DIR/pq$i.fzf.out")
        r=$(awk -v a="$fm" -v b="$zm" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
        result=$(verdict "$r" "<=" 0.5)
        [ "$nf" -eq "$nz" ] || result="$result (matches differ)"
        row "\`favs list --query '$q'\` over $PNL package names imported sorted (\`--id name --title name\`, a long \
summary each; whole process) beside \`fzf --filter '$q'\` over the same names; median of $RUNS; matches" "≤ 0.5× fzf" \
            "$fm ms, $nf" "$zm ms, $nz" "${r:+${r}×}" "$result"
    done
    for i in "${!PKG_SEARCHES[@]}"; do
        q=${PKG_SEARCHES[$i]}
        fm=$(cut -d' ' -f1 "$DIR/pb$i.favs" | median); zm=$(cut -d' ' -f1 "$DIR/pb$i.fzf" | median)
        r=$(awk -v a="$fm" -v b="$zm" 'BEGIN { if (b > 0) printf "%.2f", a / b }')
        row "\`/$q\` typed at launch in the browser over the same $PNL package rows, until its answer is on screen (tmux \
80×24, whole process; runs [$(cut -d' ' -f1 "$DIR/pb$i.favs" | tr '\n' ' ' | sed 's/ $//')]) beside fzf started on the names \
with \`$q\` typed, until its counter shows the matches of all $PN (runs [$(cut -d' ' -f1 "$DIR/pb$i.fzf" | tr '\n' ' ' | \
sed 's/ $//')]); median of $PB_RUNS, alternated" "≤ 0.75× fzf" "$fm ms" "$zm ms" "${r:+${r}×}" "$(verdict "$r" "<=" 0.75)"
    done
    fm=$(awk -v s="$(secs "$DIR/pkg.field")" 'BEGIN { printf "%.0f", s * 1000 }')
    row "\`favs list --query '$PKG_FIELD_TERM'\` over the $PNL package rows just imported (the first field term: the rows \
the field index lacks read one by one; whole process); matches" "≤ 3 s" "$fm ms, $(wc -l < "$DIR/pkg.field.out")" "—" "—" \
        "$(verdict "$fm" "<=" 3000)"
    ;;
esac
for kind in $BKINDS; do
    best=$(cut -d' ' -f1 "$DIR/bm.$kind.s" | sort -n | head -1); all=$(cut -d' ' -f1 "$DIR/bm.$kind.s" | tr '\n' ' ' | sed 's/ $//')
    mb=$(awk -v k="$(cut -d' ' -f2 "$DIR/bm.$kind.s" | max)" 'BEGIN { printf "%.1f", k / 1024 }')
    rows=$(cat "$DIR/bm.$kind.rows")
    size=$(awk -v b="$(stat -c %s "$DIR/bm.$kind")" 'BEGIN { printf "%.1f", b / 1048576 }')
    what=$(case $kind in html) echo "a Netscape HTML file as Firefox exports it" ;; chrome) echo "Chrome's Bookmarks JSON" ;;
        jsonlz4) echo "a Firefox .jsonlz4 backup" ;; places) echo "Firefox's places.sqlite" ;; esac)
    ref="—"; r="—"; refmb="—"
    if [ "$kind" = places ]; then
        rbest=$(cut -d' ' -f1 "$DIR/bm.$kind.ref" | sort -n | head -1)
        ref="$rbest s (sqlite3's SELECT of the same join, best of $RUNS)"; r=$(ratio "$best" "$rbest")
        refmb="$(awk -v k="$(cut -d' ' -f2 "$DIR/bm.$kind.ref" | max)" 'BEGIN { printf "%.1f", k / 1024 }') MB"
    fi
    result=$(verdict "$best" "<=" 2)
    [ "$rows" -eq "$BN" ] || result="FAIL (rows)"
    row "\`favs import --format $(bookmark_format "$kind")\` of $BNL bookmarks, $what ($size MB; \`favs-gen --shape bookmarks \
--format $kind\`) into a new library, best of $RUNS [$all]; items" "≤ 2 s" "$best s, $rows items" "$ref" "$r" "$result"
    row "peak memory of that $kind import (\`/usr/bin/time\` %M, max of $RUNS)" "≤ 100 MB" "$mb MB" "$refmb" \
        "$([ "$refmb" = — ] && echo — || ratio "$mb" "${refmb% MB}")" "$(verdict "$mb" "<=" 100)"
done
row "peak memory of \`favs import --format html\` of 10 bookmarks: the process's floor under the rows above (max of $RUNS)" \
    "—" "$(awk -v k="$(cut -d' ' -f2 "$DIR/bm10.s" | max)" 'BEGIN { printf "%.1f", k / 1024 }') MB" "—" "—" "info"
row "\`favs --library LIB --watch Bookmarks\` (a Chrome file of $BNL bookmarks, \`favs-gen --shape bookmarks --format \
chrome\`, imported first): the file of one bookmark more renamed over it → '$(( BN + 1 )) items' on screen, polled by \
capture-pane in the process that renamed it (scripts/watch-latency.sh); median [worst] of $RUNS; CPU of the browser \
process per change; its VmHWM. Reference: a plain \`favs import\` of that file into a new library, same run" "≤ 2 s" \
    "$WATCH_MS ms [$WATCH_WORST], CPU $WATCH_CPU ms, $(( WATCH_HWM / 1024 )) MB" "$WATCH_REF ms (favs import)" \
    "$(ratio "$WATCH_MS" "$WATCH_REF")" "$(verdict "$WATCH_MS" "<=" 2000)"
row "peak memory with $NL items open (VmHWM of the running program in tmux); bytes per item" "≤ 250 MB" \
    "$FAVS_RSS_MB MB, $BYTES_PER_ITEM B/item" "$FZF_RSS_MB MB" "$(ratio "$FAVS_RSS_MB" "$FZF_RSS_MB")" \
    "$(verdict "$FAVS_RSS_MB" "<=" 250)"
row "peak memory, headless open / fzf \`--filter\` (\`/usr/bin/time\` %M)" "—" "$(( OPEN_RSS / 1024 )) MB" \
    "$(( FZF_FILTER_RSS / 1024 )) MB" "$(ratio "$OPEN_RSS" "$FZF_FILTER_RSS")" "info"

{
    echo
    swift=$(swift --version 2>&1 | head -1 | sed 's/ (.*//')
    echo "favs benchmark, N = $N ($(nproc) cores, $swift, fzf $(fzf --version | cut -d' ' -f1)," \
        "sqlite3 $(sqlite3 --version | cut -d' ' -f1))"
    echo
    echo "| figure | target | favs | fzf / sqlite3 | ratio | result |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${ROWS[@]}"
    echo
    echo "Ratios are favs ÷ the other. In-process figures: Browser.handle(key) + frame() on an in-memory store (no"
    echo "SQLite write), package-benchmark p99; full output in Benchmarks/.build/bench-results/in-process.md."
    echo "sqlite3 reference table: id TEXT PRIMARY KEY + the 6 other TSV columns, .mode ascii, separators tab/newline."
    echo "Took $(( ($(now_ms) - START) / 1000 )) s."
} | tee "$OUT/table.md"
if grep -qE '\| (n/a|FAIL \(rows\))' "$OUT/table.md" || [ -z "$FF_FAVS" ] || [ -z "$KEY_FAVS" ] || [ -z "$BYTES_FAV" ] \
    || [ -z "$WATCH_MS" ]; then
    echo "bench: a figure is missing or an import lost rows (see the table)" >&2
    exit 1
fi
