# favs — make run (the browser), make test (every test). Installs what is missing on Debian.
SWIFT ?= swift
BIN_DIR = $(shell $(SWIFT) build --show-bin-path 2>/dev/null)
SUDO = $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# man-db and groff-base: the end-to-end tests render the installed manual page with man --warnings.
# postgresql: the tests run a throwaway server (scripts/pg-test-server.sh) for the team library.
# nftables: the network fault tests (root) drop packets to a server in a namespace (scripts/netns-pg.sh).
# dpkg-dev: make deb works out the package's dependencies with dpkg-shlibdeps (and strip comes with it).
# libpq-dev: the team library's client is PostgreSQL's own libpq (its header; libpq5 is loaded when one is opened).
# liblz4-dev: favs import reads Firefox's .jsonlz4 bookmark backups with liblz4 (liblz4-1 at run time).
# locales: a test makes a German locale (localedef) for a server that speaks German.
DEBS = libncurses-dev libsqlite3-dev libpq-dev liblz4-dev tmux man-db groff-base postgresql nftables dpkg-dev locales
# What scripts/bench.sh compares favs with and measures by: make test runs it on a small collection.
BENCH_DEBS = fzf sqlite3 time
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MAN1DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# The folders install made (none that existed before), for uninstall to remove when they are empty again;
# empty for dist and deb, which stage files for an archive.
MANIFEST = $(DESTDIR)$(PREFIX)/share/favs/installed-folders

# The version, from its one line in Sources/favs/Version.swift (favs --version and the manual print the same).
VERSION := $(shell sed -n 's/^let favsVersion = "\(.*\)"$$/\1/p' Sources/favs/Version.swift)

# What install, dist and deb ship: favs with the Swift runtime and Foundation linked in, so that it runs where no
# Swift toolchain is (docs/install.md), then stripped. CONFIG=debug builds the same binary unoptimised and sooner.
# A build folder of its own: in .build, SwiftPM would relink the dynamic build's objects without the libraries the
# static Foundation needs, and that link fails.
CONFIG ?= release
STATIC_SCRATCH = .build-static
STATIC_BUILD = $(SWIFT) build -c $(CONFIG) --static-swift-stdlib --scratch-path $(STATIC_SCRATCH)
SHIP_BIN = $(STATIC_SCRATCH)/favs-$(CONFIG)
SHIP_MAN_GEN = $(STATIC_SCRATCH)/$(CONFIG)/favs-man
# STATIC=relink (make test's artefacts): the dynamic debug build's own objects linked again with the runtime and
# Foundation linked in (scripts/link-static.sh: seconds, where the build above compiles every module a second
# time: minutes on 2 cores); favs-man, which only writes the manual page, runs from that build.
STATIC ?= build
ifeq ($(STATIC),relink)
SHIP_BIN = $(STATIC_SCRATCH)/favs-relinked
SHIP_MAN_GEN = $(BIN_DIR)/favs-man
endif
# Where dist and deb write the archive and the package, and where they lay their files out first.
DIST_DIR ?= .
STAGE = $(STATIC_SCRATCH)/stage-$(CONFIG)
DIST_NAME = favs-$(VERSION)-linux-$(shell uname -m)
DEB_ARCH = $(shell dpkg --print-architecture 2>/dev/null)
DEB_NAME = favs_$(VERSION)_$(DEB_ARCH)
DEB_MAINTAINER ?= the favs authors <favs@example.org>
# libpq is loaded (dlopen) when a team library is opened, so dpkg-shlibdeps cannot see it: stated here (9.2 brought
# the single-row mode favs reads large answers in). A SQLite library needs none of it.
DEB_RECOMMENDS = libpq5 (>= 9.2)
# xz: the smallest package (65 MB of binary in 16.5 MB); make test's asks gzip -1 of its larger debug binary (2 s, not 60).
DEB_COMPRESSION ?= -Zxz

.PHONY: deps build run demo screenshot test soak crash check-sanitizers fuzz static install install-files dist deb uninstall \
	clean bench

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

# A tour of the sample library: docs/demo.script, printed as plain-text frames and recorded as docs/demo.cast
# (asciinema play docs/demo.cast). FAVS_CONFIG=/dev/null: a config file must not change the committed recording.
demo: build
	@FAVS_CONFIG=/dev/null $(BIN_DIR)/favs script docs/demo.script --library :memory: --cast docs/demo.cast

# The README's picture: docs/screenshot.script on the sample library, its last frame as docs/screenshot.svg.
# FAVS_CONFIG=/dev/null: a config file's colours or keys must not change the committed picture.
screenshot: build
	@FAVS_CONFIG=/dev/null $(BIN_DIR)/favs script docs/screenshot.script --library :memory: \
		--svg docs/screenshot.svg > /dev/null

# Runs the command after it with a throwaway PostgreSQL server (FAVS_TEST_POSTGRES), stopped on every way out:
# every target whose tests include the team library's goes through it, so each runs on both backends.
WITH_POSTGRES = scripts/with-postgres.sh

# The archive and the package the tests check (DistArchiveTests, DebianPackageTests): the rules of make dist and
# make deb, with the static binary linked from the debug build's objects (STATIC=relink), not compiled again.
TEST_DIST = $(STATIC_SCRATCH)/test-artefacts

# Every test, then a smoke run of the benchmark script on 2,000 items with the debug build (every figure
# measured, every row imported; its timings say nothing in a debug build). The tests of the PostgreSQL library run
# against a throwaway server in a temporary folder, on 127.0.0.1 and a free port, stopped on every way out.
# The end-to-end tests (real processes, tmux, servers, with bounds in seconds) run after the others, not beside
# them: Swift Testing runs every test on the cooperative pool, as wide as the cores (2), and a test that is not
# async holds a thread for as long as it runs (the property tests, seconds each). One failure's own timeline fits
# only that: a key the test sent 6 s after favs started reached it after favs's 10 s connect timeout.
TEST_ENV = SWIFT_BACKTRACE=enable=no FAVS_BIN=$(BIN_DIR)/favs FAVS_DIST_DIR="$(CURDIR)/$(TEST_DIST)"
test: deps
	$(SWIFT) build
	rm -rf "$(TEST_DIST)"
	@$(MAKE) --no-print-directory dist deb CONFIG=debug STATIC=relink DIST_DIR="$(TEST_DIST)" DEB_COMPRESSION="-Zgzip -z1"
	$(TEST_ENV) $(WITH_POSTGRES) $(SWIFT) test --skip EndToEndTests
	$(TEST_ENV) $(WITH_POSTGRES) $(SWIFT) test --skip-build --filter EndToEndTests
	FAVS_BENCH_BIN_DIR=$(BIN_DIR) FAVS_BENCH_SKIP_INPROCESS=1 scripts/bench.sh 2000 > /dev/null

# The no-drift property test for a million random steps over about 3,850 seeds (make test runs 50,180 over 193).
soak: deps
	FAVS_SOAK_STEPS=$${FAVS_SOAK_STEPS:-1000000} $(WITH_POSTGRES) $(SWIFT) test --filter NoDriftPropertyTests

# kill -9 of a browser and of a CLI writer at random moments, 20 rounds of 1,000 planned changes (make test runs
# one round): every acknowledged change on disk, the command cut short all or nothing, integrity_check ok.
crash: build
	FAVS_CRASH_ROUNDS=$${FAVS_CRASH_ROUNDS:-20} FAVS_BIN=$(BIN_DIR)/favs SWIFT_BACKTRACE=enable=no \
		$(WITH_POSTGRES) $(SWIFT) test --filter CrashSafetyTests

# Every test but the end-to-end ones (which run the built binary) under AddressSanitizer, then ThreadSanitizer,
# each in a build folder of its own; the sanitizer runtimes ship with the Swift toolchain. The no-drift test runs
# FAVS_SOAK_STEPS (default 2,600) steps. Not part of make test: it builds favs twice more (docs/reliability.md).
check-sanitizers: deps
	SWIFT_BACKTRACE=enable=no FAVS_SOAK_STEPS=$${FAVS_SOAK_STEPS:-2600} \
		LSAN_OPTIONS=suppressions=$(CURDIR)/sanitizers/lsan.supp:print_suppressions=0 \
		$(WITH_POSTGRES) $(SWIFT) test --sanitize=address --scratch-path .build-asan --skip EndToEndTests
	SWIFT_BACKTRACE=enable=no FAVS_SOAK_STEPS=$${FAVS_SOAK_STEPS:-2600} \
		$(WITH_POSTGRES) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --skip EndToEndTests

# libFuzzer with AddressSanitizer on the JSON, CSV and TSV readers and the script parser, FUZZ_SECONDS (default
# 600) each, from the seeds in Fuzz/Corpus (scripts/fuzz.sh; docs/reliability.md). Not part of make test.
fuzz:
	scripts/fuzz.sh $(FUZZ_TARGETS)

# The binary install, dist and deb ship ($(SHIP_BIN), stripped) and the favs-man that writes its manual page.
static:
ifeq ($(STATIC),relink)
	$(SWIFT) build --product favs
	$(SWIFT) build --product favs-man
	scripts/link-static.sh "$(BIN_DIR)" favs "$(STATIC_SCRATCH)/relinked/favs"
	strip -o "$(SHIP_BIN)" "$(STATIC_SCRATCH)/relinked/favs"
else
	$(STATIC_BUILD) --product favs
	$(STATIC_BUILD) --product favs-man
	strip -o "$(SHIP_BIN)" "$(STATIC_SCRATCH)/$(CONFIG)/favs"
endif

# The static release binary, its manual page (favs-man writes it from the help favs prints and its key map) and
# its completions for bash, zsh and fish, under $(DESTDIR)$(PREFIX).
install: static
	@$(MAKE) --no-print-directory install-files BIN="$(SHIP_BIN)" MAN_GEN="$(SHIP_MAN_GEN)"

# $(DIST_DIR)/favs-VERSION-linux-ARCH.tar.gz: one folder laid out as install lays out PREFIX (bin/favs, the manual
# page, the three completions under share/), with README.md and LICENSE beside, so that
# `tar -xzf favs-*.tar.gz --strip-components=1 -C /usr/local` installs it.
dist: static
	rm -rf "$(STAGE)/$(DIST_NAME)"
	@$(MAKE) --no-print-directory install-files BIN="$(SHIP_BIN)" MAN_GEN="$(SHIP_MAN_GEN)" \
		DESTDIR="$(STAGE)" PREFIX=/$(DIST_NAME) MANIFEST=
	cp README.md LICENSE "$(STAGE)/$(DIST_NAME)/"
	chmod -R u=rwX,go=rX "$(STAGE)/$(DIST_NAME)"
	mkdir -p "$(DIST_DIR)"
	tar -C "$(STAGE)" --sort=name --owner=0 --group=0 --numeric-owner -czf "$(DIST_DIR)/$(DIST_NAME).tar.gz" "$(DIST_NAME)"
	@echo "$(DIST_DIR)/$(DIST_NAME).tar.gz"

# $(DIST_DIR)/favs_VERSION_ARCH.deb: the files under /usr where Debian's readers look (the zsh completion in
# vendor-completions, the manual page gzipped), the licence as /usr/share/doc/favs/copyright, and a Depends
# that dpkg-shlibdeps works out from the binary's shared libraries (a skeleton debian/control is all it needs).
deb: static
	rm -rf "$(STAGE)/deb" "$(STAGE)/shlibs"
	@$(MAKE) --no-print-directory install-files BIN="$(SHIP_BIN)" MAN_GEN="$(SHIP_MAN_GEN)" \
		DESTDIR="$(STAGE)/deb" PREFIX=/usr ZSHDIR="$(STAGE)/deb/usr/share/zsh/vendor-completions" MANIFEST=
	gzip -9n "$(STAGE)/deb/usr/share/man/man1/favs.1"
	mkdir -p "$(STAGE)/deb/usr/share/doc/favs" "$(STAGE)/deb/DEBIAN" "$(STAGE)/shlibs/debian"
	{ printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: favs\n\n'; \
	  printf 'Files: *\nCopyright: the favs authors\nLicense: Expat\n'; \
	  sed -e 's/^$$/./' -e 's/^/ /' LICENSE; \
	  printf 'Comment: The binary links in the Swift runtime and Foundation (Apache-2.0 with the runtime library\n'; \
	  printf ' exception), ICU (Unicode-3.0) and the packages favs builds with: GRDB, TOMLKit and toml++ (MIT);\n'; \
	  printf ' swift-argument-parser (Apache-2.0). libpq (PostgreSQL licence) is loaded from libpq5 when needed.\n'; \
	} > "$(STAGE)/deb/usr/share/doc/favs/copyright"
	printf 'Source: favs\n\nPackage: favs\nArchitecture: any\n' > "$(STAGE)/shlibs/debian/control"
	depends=$$(cd "$(STAGE)/shlibs" && dpkg-shlibdeps -O "$(CURDIR)/$(STAGE)/deb/usr/bin/favs" | \
		sed -n 's/^shlibs:Depends=//p') && [ -n "$$depends" ] || { echo "deb: dpkg-shlibdeps found no Depends"; exit 1; }; \
	{ printf 'Package: favs\nVersion: $(VERSION)\nArchitecture: $(DEB_ARCH)\nMaintainer: $(DEB_MAINTAINER)\n'; \
	  printf 'Installed-Size: %s\nDepends: %s\n' "$$(du -sk "$(STAGE)/deb/usr" | cut -f1)" "$$depends"; \
	  printf 'Recommends: $(DEB_RECOMMENDS)\n'; \
	  printf 'Section: utils\nPriority: optional\n'; \
	  printf 'Description: keyboard-driven terminal browser for a collection, with favorites\n'; \
	  printf ' A list pane, a detail pane and a favorites pane over a library of items (a SQLite file or a\n'; \
	  printf ' PostgreSQL schema), imported from JSON, JSON Lines, CSV or TSV; scriptable, with undo.\n'; \
	} > "$(STAGE)/deb/DEBIAN/control"
	chmod -R u=rwX,go=rX "$(STAGE)/deb"
	mkdir -p "$(DIST_DIR)"
	dpkg-deb --root-owner-group $(DEB_COMPRESSION) --build "$(STAGE)/deb" "$(DIST_DIR)/$(DEB_NAME).deb"

# What install does with a binary already built: BIN and MAN_GEN name it and favs-man (the end-to-end tests
# pass the debug build's).
install-files:
	@[ -x "$(BIN)" ] && [ -x "$(MAN_GEN)" ] || { echo "install-files: BIN=$(BIN) and MAN_GEN=$(MAN_GEN) must be built"; exit 1; }
	@[ -z "$(MANIFEST)" ] || { new=""; for d in "$(BINDIR)" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" "$(dir $(MANIFEST))"; do \
		while [ ! -d "$$d" ]; do new="$$new$${d#"$(DESTDIR)"}\n"; d=$$(dirname "$$d"); done; \
	done; \
	mkdir -p "$(BINDIR)" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)" "$(dir $(MANIFEST))"; \
	printf "$$new" | sort -ru > "$(MANIFEST)"; }
	mkdir -p "$(BINDIR)" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 "$(BIN)" "$(BINDIR)/favs"
	help=$$("$(BIN)" --experimental-dump-help) && printf '%s' "$$help" | "$(MAN_GEN)" "$$("$(BIN)" --version)" > "$(MAN1DIR)/favs.1"
	"$(BIN)" --generate-completion-script bash > "$(BASHDIR)/favs"
	"$(BIN)" --generate-completion-script zsh > "$(ZSHDIR)/_favs"
	"$(BIN)" --generate-completion-script fish > "$(FISHDIR)/favs.fish"

# Removes what install put there, and the folders it made when nothing else is in them.
uninstall:
	rm -f "$(BINDIR)/favs" "$(MAN1DIR)/favs.1" "$(BASHDIR)/favs" "$(ZSHDIR)/_favs" "$(FISHDIR)/favs.fish"
	@if [ -f "$(MANIFEST)" ]; then \
		folders=$$(cat "$(MANIFEST)"); rm -f "$(MANIFEST)"; \
		printf '%s\n' "$$folders" | while IFS= read -r d; do rmdir "$(DESTDIR)$$d" 2>/dev/null || true; done; \
	fi

clean:
	rm -rf .build $(STATIC_SCRATCH)

# The performance figures (docs/performance.md) for favs, fzf and sqlite3 on 1M generated items, as one table.
# Installs fzf, sqlite3 and GNU time when missing. Takes several minutes; make bench BENCH_N=20000 is a quick run.
bench: deps
	scripts/bench.sh $(BENCH_N)
