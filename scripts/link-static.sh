#!/usr/bin/env bash
# scripts/link-static.sh BIN_DIR PRODUCT OUT: links PRODUCT again from the objects of the dynamic build in BIN_DIR
# (`swift build --show-bin-path`), with the Swift runtime and Foundation linked in (-static-stdlib), into OUT.
#
# make test's artefacts use it (make dist deb STATIC=relink): seconds, where `swift build --static-swift-stdlib`
# compiles every module a second time in a build folder of its own (minutes on 2 cores). The link command is
# SwiftPM's own for the dynamic build (read from its build manifest), plus -static-stdlib and the libraries that
# the static Foundation's modules would have asked for: objects compiled against the toolchain's shared modules
# carry no autolink entries for CoreFoundation, ICU and the rest, whose shared libraries pull them in at run time.
# make install, dist and deb without STATIC=relink build with --static-swift-stdlib, as shipped.
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: scripts/link-static.sh BIN_DIR PRODUCT OUT" >&2; exit 64; }
bin_dir=$1 product=$2 out=$3
manifest="$bin_dir/../../$(basename "$bin_dir").yaml"  # .build/x86_64-unknown-linux-gnu/debug → .build/debug.yaml
[ -f "$manifest" ] || manifest="$(dirname "$bin_dir")/$(basename "$bin_dir").yaml"
[ -f "$manifest" ] || { echo "link-static: no build manifest for $bin_dir (run swift build first)" >&2; exit 1; }

# The args of the command whose description is "Linking …/PRODUCT": a JSON array of strings on one line.
line=$(awk -v want="/$product\"" '
    /^    description: "Linking / { linking = index($0, want) > 0 && substr($0, length($0) - length(want) + 1) == want; next }
    linking && /^    args: \[/ { print; exit }
' "$manifest")
[ -n "$line" ] || { echo "link-static: $manifest has no link command for $product" >&2; exit 1; }
mapfile -t args < <(printf '%s\n' "$line" | sed -e 's/^    args: \["//' -e 's/"\]$//' -e 's/","/\n/g')
[ "${#args[@]}" -gt 2 ] && [[ ${args[0]} == */swiftc ]] || { echo "link-static: cannot read $product's link command" >&2; exit 1; }

# The same command, its output replaced, linking the runtime and Foundation statically. Order matters for archives:
# each library before those it uses.
command=()
for ((i = 0; i < ${#args[@]}; i++)); do
    if [ "${args[i]}" = "-o" ]; then
        command+=(-o "$out")
        i=$((i + 1))
    else
        command+=("${args[i]}")
    fi
done
mkdir -p "$(dirname "$out")"
rm -f "$out"
"${command[@]}" -static-stdlib -lFoundation -lFoundationInternationalization -lCoreFoundation -l_FoundationICU \
    -lFoundationEssentials -l_FoundationCShims -l_FoundationCollections -lswiftSynchronization 2>&1 |
    grep -v "the use of \`mktemp' is dangerous" >&2 || true
[ -x "$out" ] || { echo "link-static: linking $product failed" >&2; exit 1; }
