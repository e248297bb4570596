#!/usr/bin/env bash
# make fuzz: builds Fuzz/ (one executable, four libFuzzer targets) with libFuzzer and AddressSanitizer, then
# fuzzes each target for FUZZ_SECONDS (default 600) on a working copy of its seed corpus.
#
#   scripts/fuzz.sh [TARGET…]        targets: json csv tsv script (default: all four)
#
# New inputs libFuzzer finds go to .build-fuzz/corpus/TARGET (never into the committed seeds, Fuzz/Corpus);
# a crash, hang (over 10 s) or an input needing over 2 GB is written to .build-fuzz/crashes/ and ends the run
# with a non-zero status. Keep every input that ever crashed in Fuzz/Regressions/TARGET/: the unit tests
# (FuzzCorpusTests) read the seeds and the regressions on every `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-600}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json csv tsv script)

# One -sanitize argument: given twice, the driver keeps only the last. lld: gold fails on the fuzzer runtime.
flags=(-c release --scratch-path "$PWD/.build-fuzz/build" -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld)
swift build --package-path Fuzz "${flags[@]}"
fuzzer="$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)/FavsFuzz"

for target in "${targets[@]}"; do
    mkdir -p ".build-fuzz/corpus/$target" .build-fuzz/crashes "Fuzz/Regressions/$target"
    echo "== $target: ${seconds} s"
    # -timeout: an input that runs 10 s is a hang; -rss_limit_mb: memory past 2 GB is unbounded.
    "$fuzzer" "$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
        -print_final_stats=1 -artifact_prefix=".build-fuzz/crashes/$target-" \
        ".build-fuzz/corpus/$target" "Fuzz/Corpus/$target" "Fuzz/Regressions/$target" 2>&1 |
        grep -v -e '^#[0-9].*\(NEW\|REDUCE\|pulse\)' || { echo "fuzz: $target failed: see .build-fuzz/crashes/"; exit 1; }
done
