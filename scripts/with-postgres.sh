#!/usr/bin/env bash
# scripts/with-postgres.sh COMMAND [ARG…]: runs COMMAND with a throwaway PostgreSQL server for the tests of the
# team library (scripts/pg-test-server.sh: 127.0.0.1, a free port, a temporary folder), its URL in
# FAVS_TEST_POSTGRES and its folder in FAVS_TEST_POSTGRES_DIR; the server is stopped and its folder removed on
# every way out (the command's end, a failure, ^C). Exits with the command's status. Every make target that runs
# the PostgreSQL tests (test, crash, soak, check-sanitizers) goes through here, so each runs on both backends from
# a fresh clone.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/with-postgres.sh COMMAND [ARG…]" >&2; exit 64; }
pg=$(mktemp -d /tmp/favs-pg.XXXXXX)
trap 'scripts/pg-test-server.sh stop "$pg"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP
url=$(scripts/pg-test-server.sh start "$pg")
echo "PostgreSQL for the tests: $(printf '%s' "$url" | sed 's/:[^:@/]*@/:***@/')"
status=0
FAVS_TEST_POSTGRES="$url" FAVS_TEST_POSTGRES_DIR="$pg" "$@" || status=$?
exit "$status"
