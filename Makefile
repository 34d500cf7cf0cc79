# Qipan — `make` builds the CLI (build/qipan) and the page's engine
# (web/qipan.js); `make play` opens the page; `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := all

CC ?= cc
WARN := -std=c11 -Wall -Wextra -Werror -Isrc
CFLAGS ?= -O2
CORE_SRC := $(wildcard src/*.c src/search/*.c src/games/*/*.c)
CLI_SRC := $(wildcard src/cli/*.c)
HEADERS := $(wildcard src/*.h src/search/*.h src/games/*/*.h src/cli/*.h)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_HEADERS := $(wildcard tests/unit/*.h)
UNIT_BIN := $(patsubst tests/unit/%.c,build/asan/%,$(UNIT_SRC))
CORE_ASAN_OBJ := $(patsubst src/%.c,build/asan/obj/%.o,$(CORE_SRC))
CORE_PLAIN_OBJ := $(patsubst src/%.c,build/plain/obj/%.o,$(CORE_SRC))
CLI_PLAIN_OBJ := $(patsubst src/%.c,build/plain/obj/%.o,$(CLI_SRC))
SAN := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
FUZZ_TARGETS := pos action play open review
FUZZ_BIN := $(patsubst %,build/fuzz/fuzz_%,$(FUZZ_TARGETS))
FUZZ_SECONDS ?= 60

# The page's script: emcc's engine factory (as an ES module, wrapped by
# web/emcc/) bundled with the page's ES modules (web/src) by esbuild.
WEB_SRC := $(shell find web/src -name '*.js')
ESBUILD := node_modules/.bin/esbuild
# INITIAL_MEMORY holds the games' static tables (beast's 8 MiB transposition
# table among them) and the stack; 16 MiB, the default, is too small.
EMFLAGS := -O2 -sMODULARIZE=1 -sEXPORT_NAME=QipanEngine -sENVIRONMENT=web,worker,node \
	-sSINGLE_FILE=1 -sFILESYSTEM=0 -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=4MB \
	-sINITIAL_MEMORY=64MB \
	-sDYNAMIC_EXECUTION=0 -sSUPPORT_ERRNO=0 -sMALLOC=emmalloc \
	'-sEXPORTED_FUNCTIONS=["_qp_wasm_call"]' \
	'-sEXPORTED_RUNTIME_METHODS=["ccall"]'

.SECONDARY: $(CORE_ASAN_OBJ) $(CORE_PLAIN_OBJ) $(CLI_PLAIN_OBJ)
.PHONY: all native wasm test check-includes lint test-unit test-node test-browser test-valgrind fuzz play dist package bench \
	bench-gomocup book gomoku-data gomoku-eval gomoku-teacher gomoku-nnue beast-tune clean format

all: native wasm

native: build/qipan

build/qipan: $(CORE_SRC) $(CLI_SRC) $(HEADERS) | build
	$(CC) $(WARN) $(CFLAGS) -o $@ $(CORE_SRC) $(CLI_SRC)

build/asan/qipan: $(CORE_SRC) $(CLI_SRC) $(HEADERS) | build/asan
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ $(CORE_SRC) $(CLI_SRC)

# The unit tests link the core compiled once per flavour (sanitized or
# plain) rather than recompiling it for every test program.
build/asan/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -g $(SAN) -c -o $@ $<

build/plain/obj/%.o: src/%.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) -O1 -g -c -o $@ $<

build/asan/test_%: tests/unit/test_%.c $(UNIT_HEADERS) $(CORE_ASAN_OBJ) | build/asan
	$(CC) $(WARN) -O1 -g $(SAN) -o $@ $< $(CORE_ASAN_OBJ)

wasm: web/qipan.js web/qipan-first.js

build/engine-factory.js: $(CORE_SRC) $(HEADERS) src/wasm/api.c web/emcc/pre.js web/emcc/post.js \
		Makefile | build
	. ./emsdk-env.sh && emcc $(WARN) $(EMFLAGS) --extern-pre-js web/emcc/pre.js \
		--extern-post-js web/emcc/post.js -o build/engine-factory.tmp.js $(CORE_SRC) src/wasm/api.c
	mv build/engine-factory.tmp.js $@

# The npm tools (esbuild, linkedom for the first frame's markup; tsc, ESLint for
# the tests) from the lock file.
$(ESBUILD): package-lock.json
	@bash tools/npm-deps.sh
	@touch $@

web/qipan.js: build/engine-factory.js $(WEB_SRC) tools/bundle.cjs | $(ESBUILD)
	node tools/bundle.cjs $@

# The page's first frame (web/src/first-frame.js): the shell and the start
# of the game a first visit opens, drawn before qipan.js is parsed.
web/qipan-first.js: web/qipan.js $(WEB_SRC) tools/bundle.cjs | $(ESBUILD)
	node tools/bundle.cjs $@ --minify --first-frame

build/qipan.min.js: build/engine-factory.js $(WEB_SRC) tools/bundle.cjs | $(ESBUILD)
	node tools/bundle.cjs $@ --minify

dist: dist/qipan.html dist/site/sw.js

# The hosted copy that installs (docs/embedding.md, "Hosting"): the page, its manifest,
# icons, updates.js and the service worker; sw.js is written last, so it
# stands for the whole folder. QIPAN_SITE=https://... make -B dist names the
# address it is served at: a Share from a copy opened from disk links there
# (tools/bundle.cjs).
dist/site/sw.js: build/qipan.min.js web/qipan-first.js web/index.html web/site/sw.js web/src/site/updates.js web/src/i18n.js \
		tools/site.cjs tools/ascii-page.cjs tools/csp.cjs build/icons/icon-512.png
	node tools/site.cjs dist/site

# The npm package (docs/embedding.md, "Embedding"; `make package` then `npm pack`):
# the ES module (entry web/src/module.js), the classic script, node's ES
# module wrapper and the type declarations (web/npm/).
PACKAGE_FILES := dist/npm/qipan.mjs dist/npm/qipan.js dist/npm/node.mjs dist/npm/qipan.d.ts dist/npm/classic.d.ts
package: $(PACKAGE_FILES)

dist/npm/qipan.mjs: build/engine-factory.js $(WEB_SRC) tools/bundle.cjs | $(ESBUILD)
	node tools/bundle.cjs $@ --minify --esm

dist/npm/qipan.js: build/qipan.min.js
	@mkdir -p dist/npm
	cp $< $@

dist/npm/%: web/npm/%
	@mkdir -p dist/npm
	cp $< $@

# The app's icons, rasterized from the one drawing by headless Chromium.
build/icons/icon-512.png: web/site/icon.svg tools/icons.cjs | $(ESBUILD)
	node tools/icons.cjs web/site/icon.svg build/icons

dist/qipan.html: build/qipan.min.js web/qipan-first.js web/index.html tools/inline.cjs tools/ascii-page.cjs tools/csp.cjs
	@mkdir -p dist
	node tools/inline.cjs web/index.html $@ qipan.js=build/qipan.min.js

build build/asan build/plain build/fuzz:
	@mkdir -p $@

build/plain/test_%: tests/unit/test_%.c $(UNIT_HEADERS) $(CORE_PLAIN_OBJ) | build/plain
	$(CC) $(WARN) -O1 -g -o $@ $< $(CORE_PLAIN_OBJ)

# libFuzzer targets (clang): POS parsing, params and actions, random play,
# opening links and records, the game review.
build/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(CORE_SRC) $(HEADERS) | build/fuzz
	clang $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		-o $@ $< $(CORE_SRC)

# Tests: C units and the conformance suite under ASan/UBSan, then node's
# runner against the CLI and the wasm engine, then Chromium on the page.
test: check-includes lint test-unit test-valgrind test-node test-browser fuzz

# Static checks: the page's module graph has no cycle (esbuild's
# metafile), its state has one writer each and app/ names no game
# (check_owners), tsc over the JSDoc types, ESLint; the C sources' format
# (.clang-format) and clang-tidy's bug-finding checks (.clang-tidy).
NODE_BIN := node_modules/.bin
lint: web/qipan.js
	node tools/check_imports.cjs build/meta.json
	node tools/check_owners.cjs
	$(NODE_BIN)/tsc -p tsconfig.json
	$(NODE_BIN)/eslint --max-warnings 0 .
	@echo "clang-format --dry-run --Werror (C_FORMATTED: $(words $(C_FORMATTED)) files)"
	@clang-format --dry-run --Werror $(C_FORMATTED)
	@echo "clang-tidy (C_TIDIED: $(words $(C_TIDIED)) files)"
	@clang-tidy --quiet $(C_TIDIED) -- -std=c11 -Isrc 2>&1 | grep -v '^[0-9]* warnings generated\.$$'; \
		exit $${PIPESTATUS[0]}

# The C files clang-format keeps in shape (book_data.c and eval_table.c are generated), and
# those clang-tidy reads (.clang-tidy; the wasm glue needs emscripten.h).
C_FORMATTED = $(filter-out src/games/connect4/book_data.c src/games/gomoku/eval_table.c,$(wildcard src/*.[ch] src/*/*.[ch] \
	src/*/*/*.[ch] tests/unit/*.[ch] tests/fuzz/*.[ch] tools/*.c))
C_TIDIED = $(filter-out src/wasm/%,$(wildcard src/*.c src/*/*.c src/*/*/*.c))

# Rewrites the C files in the committed style.
format:
	clang-format -i $(C_FORMATTED)

# The sources' shape: C includes point down the layers, no cycle, and
# modules include one way (tools/check_includes.cjs says which layers); no
# loop of calls between C files (tools/check_calls.cjs reads the objects);
# no source file over 800 lines (tools/check_lengths.cjs); no file cites a
# document, a path or a section that the repository does not have
# (tools/check_cites.cjs).
check-includes: $(CORE_PLAIN_OBJ) $(CLI_PLAIN_OBJ)
	@node tools/check_includes.cjs src
	@node tools/check_calls.cjs build/plain/obj src
	@node tools/check_lengths.cjs
	@node tools/check_cites.cjs

# Each kind of test fails when it ran none: a unit program with no check
# (tests/unit/test.h), no program at all, node --test passing no test or
# given a file that defines none (tools/node-tests.cjs).
test-unit: $(UNIT_BIN)
	@fail=0; for t in $(UNIT_BIN); do echo "== $$t"; $$t || fail=1; done; \
		[ -n "$(UNIT_BIN)" ] || { echo "test-unit: no unit test program"; fail=1; }; exit $$fail

test-node: build/qipan build/asan/qipan build/beast_tune web/qipan.js $(CORE_PLAIN_OBJ) $(CLI_PLAIN_OBJ)
	node tools/node-tests.cjs test-node tests/node/

# The unit tests again without sanitizers, under valgrind's memcheck, with
# the heavy loops cut down (QIPAN_TEST_QUICK).
test-valgrind: $(patsubst tests/unit/%.c,build/plain/%,$(UNIT_SRC))
	@fail=0; for t in $^; do echo "== valgrind $$t"; QIPAN_TEST_QUICK=1 valgrind -q \
		--error-exitcode=99 --leak-check=full $$t || fail=1; done; \
		[ -n "$^" ] || { echo "test-valgrind: no unit test program"; fail=1; }; exit $$fail

# Each fuzz target for FUZZ_SECONDS on the seed corpora, an input that runs
# past FUZZ_INPUT_SECONDS counting as a hang; the saved findings in
# tests/fuzz/regressions/ run first, as regression tests, and a new
# finding is copied there (tests/fuzz/run.sh).
fuzz: $(FUZZ_BIN) web/qipan.js
	@node tests/fuzz/seed-corpus.cjs build/fuzz
	@bash tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

test-browser: web/qipan.js web/qipan-first.js dist/qipan.html dist/site/sw.js $(PACKAGE_FILES)
	@bash tests/browser/setup.sh
	node tools/node-tests.cjs test-browser --test-concurrency=1 tests/browser/

play: all
	@url="file://$(CURDIR)/web/index.html"; echo "Qipan: $$url"; \
	if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && command -v xdg-open >/dev/null; then \
		xdg-open "$$url" >/dev/null 2>&1 & \
	elif command -v open >/dev/null && [ "$$(uname)" = Darwin ]; then open "$$url"; \
	else echo "Open that address in your browser."; fi

# The page's wasm engine alone (same sources and flags, no page), for the
# benchmarks' direct calls (bench/connect4.cjs: the "solve" call).
build/engine.js: $(CORE_SRC) $(HEADERS) src/wasm/api.c | build
	. ./emsdk-env.sh && emcc $(WARN) $(EMFLAGS) -o $@ $(CORE_SRC) src/wasm/api.c

# Every bench/*.cjs script (or BENCH='bench/latency.cjs ...'), each printing its
# own table of figures; bench/review.cjs: the game review's times natively
# and in wasm (a 60-move gomoku game and one game of each other kind); bench/library.cjs: My games
# with 10,000 imported games (the list opened, the first frame beside none). bench/beast_vs.cjs plays an external Chinese Dark
# Chess engine given as QIPAN_CDC_ENGINE (without it, it says how to set one up).
BENCH ?= $(wildcard bench/*.cjs)
bench: build/qipan web/qipan.js web/qipan-first.js dist/qipan.html dist/site/sw.js build/engine.js
	@for f in $(BENCH); do echo "== $$f"; node $$f || exit 1; done

# Only the matches against other engines (QIPAN_BRAIN_*, see docs/engines.md).
bench-gomocup: build/qipan
	node bench/gomocup.cjs

# The 7x6 Connect Four opening book (tools/c4book.c): hours of solving on
# a 1 GiB table, resumable from its journal; rewrites src/games/connect4/book_data.c.
BOOK_JOURNAL ?= build/c4book.journal
book: build/c4book
	nice -n 10 build/c4book $(BOOK_JOURNAL) src/games/connect4/book_data.c

# Gomoku's training data (tools/gomoku_data.sh, docs/engines.md): the
# teacher's self-play (QIPAN_RAPFI_SELFPLAY: a Rapfi built with its command
# modules) and level 3's, every position scored by the player's search,
# into build/gomoku-data/. GOMOKU_DATA_JOBS games at once (one core each);
# on this 2-core machine the defaults (18000 + 8000 games, about 1.1
# million positions) take about 3 hours with both cores.
GOMOKU_DATA = build/gomoku-data
GOMOKU_DATA_JOBS ?= 2
gomoku-data: build/gomoku_tune
	OUT=$(GOMOKU_DATA) JOBS=$(GOMOKU_DATA_JOBS) bash tools/gomoku_data.sh

# Gomoku's learned tables from those games (tools/gomoku_tune.c): the
# pattern weights and the threat term of the evaluation, fitted on labels
# that mix each search's score with the game's result (GOMOKU_MIX, its
# share), and the move order, fitted on the moves played (the teacher's
# count GOMOKU_TEACHER_WEIGHTS's first number times, its positions the
# second). tools/data/gomoku-teacher.txt (Rapfi's games of the last round,
# without scores) joins the teacher's. Rewrites src/games/gomoku/eval_table.c.
GOMOKU_TEACHER = tools/data/gomoku-teacher.txt
GOMOKU_TEACHER_WEIGHTS ?= 4 1
GOMOKU_MIX ?= 0.75
gomoku-eval: build/gomoku_tune
	cat $(GOMOKU_DATA)/teacher.txt $(GOMOKU_TEACHER) > $(GOMOKU_DATA)/teacher-all.txt
	build/gomoku_tune --mix $(GOMOKU_MIX) fit $(GOMOKU_DATA)/selfplay.txt src/games/gomoku/eval_table.c \
	  $(GOMOKU_DATA)/teacher-all.txt $(GOMOKU_TEACHER_WEIGHTS)

# The teacher's games of the last round: a stronger piskvork brain
# (QIPAN_BRAIN_RAPFI, Rapfi as docs/engines.md says) against itself at 20k
# nodes a move from 700 random openings, each played twice (about 35
# minutes on one core); rewrites $(GOMOKU_TEACHER).
gomoku-teacher: build/gomoku_tune
	@test -n "$(QIPAN_BRAIN_RAPFI)" || { echo "set QIPAN_BRAIN_RAPFI to a piskvork brain (see docs/engines.md)"; exit 2; }
	build/gomoku_tune openings 700 2000000 > build/gomoku-teacher-openings.txt
	node bench/gomocup.cjs --a "$(QIPAN_BRAIN_RAPFI)" --b "$(QIPAN_BRAIN_RAPFI)" --ms 20000 --max-node 20000 \
	  --openings-file build/gomoku-teacher-openings.txt --records build/gomoku-teacher.jsonl > build/gomoku-teacher.log
	node tools/gomocup_games.cjs build/gomoku-teacher.jsonl > $(GOMOKU_TEACHER)

# Gomoku's evaluation network (tools/gomoku_nnue.py, with Debian's
# python3-torch), trained on what the tables in the tree miss (so run it
# after gomoku-eval): every position of the same games with the same mixed
# labels; GOMOKU_NNUE_SHAPE gives the accumulator's width and the hidden
# units (board.h's GB_NN_H and GB_NN_K must say the same). A few minutes a
# million positions on a CPU, a GPU if torch sees one. Rewrites
# src/games/gomoku/nnue_weights.c.
PYTHON ?= /usr/bin/python3
GOMOKU_NNUE_SHAPE ?= --hidden 4 --k 16
gomoku-nnue: build/gomoku_tune
	cat $(GOMOKU_DATA)/teacher.txt $(GOMOKU_TEACHER) > $(GOMOKU_DATA)/teacher-all.txt
	build/gomoku_tune --mix $(GOMOKU_MIX) dump $(GOMOKU_DATA)/selfplay.txt $(GOMOKU_DATA)/samples.bin \
	  $(GOMOKU_DATA)/teacher-all.txt
	$(PYTHON) tools/gomoku_nnue.py $(GOMOKU_DATA)/samples.bin src/games/gomoku/nnue_weights.c \
	  $(GOMOKU_DATA)/selfplay.txt $(GOMOKU_DATA)/teacher-all.txt $(GOMOKU_NNUE_SHAPE)
	clang-format -i src/games/gomoku/nnue_weights.c

build/gomoku_tune: tools/gomoku_tune.c tools/gomoku_games.c tools/gomoku_games.h $(CORE_SRC) $(HEADERS) | build
	$(CC) $(WARN) -O2 -Itools -o $@ tools/gomoku_tune.c tools/gomoku_games.c $(CORE_SRC) -lm

# Dark animal chess's evaluation weights fitted to the games of the match
# records (tools/beast_tune.c, a few seconds): prints the losses, a fifth
# of the deals held out (BEAST_HELD_OUT, 0-4), then on all of them, and
# the weights as eval.c's initializer (copied in by hand once a match
# says they play better).
BEAST_HELD_OUT ?= 0
beast-tune: build/beast_tune
	node tools/beast_games.cjs bench/records/beast-*.jsonl > build/beast-games.txt
	build/beast_tune build/beast-games.txt $(BEAST_HELD_OUT)
	build/beast_tune build/beast-games.txt

build/beast_tune: tools/beast_tune.c $(CORE_SRC) $(HEADERS) | build
	$(CC) $(WARN) -O2 -DBEAST_TUNE -o $@ tools/beast_tune.c $(CORE_SRC) -lm

build/c4book: tools/c4book.c src/games/connect4/solver.c $(HEADERS) | build
	$(CC) $(WARN) -O2 -DC4_BIG_TT_BITS=27 -o $@ tools/c4book.c src/games/connect4/solver.c

clean:
	rm -rf build dist web/qipan.js web/qipan.js.map web/qipan-first.js
