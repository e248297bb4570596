# favs — make run (the browser), make test (every test). Installs what is missing on Debian.
SWIFT ?= swift
BIN_DIR = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBS = libncurses-dev libsqlite3-dev tmux
# What scripts/bench.sh compares favs with and measures by: make test runs it on a small collection.
BENCH_DEBS = fzf sqlite3 time
PREFIX ?= /usr/local

.PHONY: deps build run demo test soak install clean bench

# Debian packages: ncursesw and SQLite headers to build, tmux for the end-to-end tests, fzf, sqlite3 and
# GNU time for the benchmark script.
deps:
	@missing=""; for p in $(DEBS) $(BENCH_DEBS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

run: build
	@$(BIN_DIR)/favs

# A scripted tour of the sample library through stdin, printed as plain-text frames.
demo: build
	@printf '%s\n' 'j j f frame' 'enter frame' 'esc d frame' 'u frame' '/ type caf' 'enter ? frame' 'esc resize 40x12 frame' \
		| $(BIN_DIR)/favs --library :memory:

# Every test, then a smoke run of the benchmark script on 2,000 items with the debug build (every figure
# measured, every row imported; its timings say nothing in a debug build).
test: deps
	$(SWIFT) build
	SWIFT_BACKTRACE=enable=no FAVS_BIN=$(BIN_DIR)/favs $(SWIFT) test
	FAVS_BENCH_BIN_DIR=$(BIN_DIR) FAVS_BENCH_SKIP_INPROCESS=1 scripts/bench.sh 2000 > /dev/null

# The no-drift property test for a million random steps (make test runs 50,000): about 3,850 seeds.
soak:
	FAVS_SOAK_STEPS=$${FAVS_SOAK_STEPS:-1000000} $(SWIFT) test --filter NoDriftPropertyTests

install:
	$(SWIFT) build -c release
	install -D "$$($(SWIFT) build -c release --show-bin-path)/favs" $(DESTDIR)$(PREFIX)/bin/favs

clean:
	rm -rf .build

# The performance figures (docs/performance.md) for favs, fzf and sqlite3 on 1M generated items, as one table.
# Installs fzf, sqlite3 and GNU time when missing. Takes several minutes; make bench BENCH_N=20000 is a quick run.
bench: deps
	scripts/bench.sh $(BENCH_N)
