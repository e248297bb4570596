# Sourced by the benches of a team library over a slow link (scripts/command-trip-bench.sh,
# scripts/reconnect-key-bench.sh): a throwaway PostgreSQL server on loopback (scripts/pg-test-server.sh, in DIR/pg)
# and a delay proxy in front of it (scripts/delay-proxy.py). The sourcing script sets ROOT and DIR (made with
# mktemp -d) first, and calls bench_postgres_stop from its EXIT trap.
#
#   bench_postgres_start   starts the server; sets URL, PASSWORD and PORT
#   proxy MS [toward]      a delay proxy holding packets MS ms (toward: only what the client sends), in place of the
#                          one before; sets PROXY (its port) and PROXY_PID
#   bench_postgres_stop    stops the proxy and the server, removes DIR

chmod 711 "$DIR"  # the server runs as postgres when the bench runs as root (scripts/pg-test-server.sh)
PROXY_PID=""

bench_postgres_start() {
    URL=$("$ROOT/scripts/pg-test-server.sh" start "$DIR/pg")
    PASSWORD=$(cat "$DIR/pg/password")
    PORT=$(cat "$DIR/pg/port")
}

proxy() {
    [ -z "$PROXY_PID" ] || { kill "$PROXY_PID"; wait "$PROXY_PID" 2> /dev/null || true; }
    rm -f "$DIR/proxy.port"
    python3 "$ROOT/scripts/delay-proxy.py" 127.0.0.1 "$PORT" "$1" "$DIR/proxy.port" --lifetime 3600 \
        --while-exists "$DIR" $([ "${2:-}" = toward ] && echo --toward-server-only) < /dev/null > "$DIR/proxy.log" 2>&1 &
    PROXY_PID=$!
    for _ in $(seq 100); do [ -f "$DIR/proxy.port" ] && break; sleep 0.1; done
    [ -f "$DIR/proxy.port" ] || { echo "bench: the delay proxy did not start" >&2; cat "$DIR/proxy.log" >&2; exit 1; }
    PROXY=$(cat "$DIR/proxy.port")
}

bench_postgres_stop() {
    [ -z "$PROXY_PID" ] || kill "$PROXY_PID" 2> /dev/null || true
    "$ROOT/scripts/pg-test-server.sh" stop "$DIR/pg" > /dev/null 2>&1 || true
    rm -rf "$DIR"
}
