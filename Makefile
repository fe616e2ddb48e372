# hwcgen - hardware counter spec to C headers, perf JSON, Streamline XML, docs.
#
#   make            install missing build dependencies (as root), build
#                   ./hwcgen, regenerate out/ from every spec in spec/
#   make check      build and run every test, check out/ is up to date
#   make asan       the tests under AddressSanitizer + UBSan
#   make bench      benchmarks (see tests/bench); TELEMETRY_SOLUTION=DIR adds
#                   Arm's perf_json_generator beside hwcgen
#   make fuzz       libFuzzer targets, FUZZ_SECONDS each (default 60)
#   make fuzz-smoke replay fuzz corpora and past crashes, fuzz briefly (check)
#   make install    PREFIX=/usr/local: binary, templates, schemas, man page

PREFIX   ?= /usr/local
CC       ?= cc
CFLAGS   ?= -O2 -g
B        := .build
BIN      := hwcgen
PKGS     := libxml-2.0 libcjson
DEB_PKGS := libxml2-dev libcjson-dev pkg-config
TEST_DEB := libcmocka-dev clang g++ libclang-rt-dev

# Strict on purpose: every warning is a bug until shown otherwise.
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wpointer-arith -Wformat=2 -Wundef \
        -Wno-format-nonliteral
BASE_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) -Igen \
              $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm -pthread

SRCS      := $(sort $(shell find gen -name '*.c'))
HDRS      := $(sort $(shell find gen -name '*.h'))
OBJS      := $(SRCS:gen/%.c=$(B)/gen/%.o) $(B)/gen/resources_data.o
LIB_OBJS  := $(filter-out $(B)/gen/cmd/main.o,$(OBJS))
RESOURCES := $(sort $(wildcard templates/*.mustache) $(wildcard spec/schema/*.rng)) spec/cores.json \
             templates/docs_diagram_style.xml \
             $(sort $(wildcard spec/cores/gatord/*.json))
SPECS     := $(sort $(wildcard spec/*/*.json spec/*/*.xml))
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TESTS     := $(TEST_SRCS:tests/%.c=$(B)/tests/%)

.PHONY: all deps docs-deps test-deps docs-test-deps build-example-deps pmu-events mesa-src mali-refs igt-refs generate check asan bench fuzz fuzz-smoke install clean

all: deps $(BIN) generate

# Install what is missing when we can (as root, waiting for the package
# lock while another install runs); otherwise name exactly what to install.
# $(call need,TEST,PACKAGES,WHAT): install PACKAGES unless TEST succeeds.
APT  := DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600
need = { $(1); } >/dev/null 2>&1 || { \
  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
    echo "make: installing $(2)"; \
    $(APT) install -y --no-install-recommends $(2) >/dev/null 2>&1 || \
    { $(APT) update >/dev/null && $(APT) install -y --no-install-recommends $(2) >/dev/null; } || exit 1; \
  else \
    echo "make: missing $(3); run: sudo apt-get install $(2)"; exit 1; \
  fi; }

deps:
	@$(call need,pkg-config --exists $(PKGS),$(DEB_PKGS),libraries)

# $(call want,TEST,PACKAGES,WHAT): like need, but a check that lacks WHAT
# is skipped (and says so) rather than stopping make.
want = { $(1); } >/dev/null 2>&1 || { \
  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
    echo "make: installing $(2)"; \
    $(APT) install -y --no-install-recommends $(2) >/dev/null 2>&1 || \
    { $(APT) update >/dev/null && $(APT) install -y --no-install-recommends $(2) >/dev/null; } || \
    echo "make: could not install $(2); the checks that need $(3) are skipped"; \
  else \
    echo "make: $(3) missing; the checks that need it are skipped (sudo apt-get install $(2))"; \
  fi; }

# What the tests run: cmocka, both compilers (every header is compiled with
# gcc and clang, as C and C++), and clang's sanitizer and libFuzzer runtime.
test-deps: deps
	@$(call need,pkg-config --exists cmocka && command -v clang && command -v g++ && \
	  echo 'int LLVMFuzzerTestOneInput(const char *d, long n){(void)d;(void)n;return 0;}' | \
	  clang -fsanitize=fuzzer -x c - -o /dev/null,$(TEST_DEB),test tools)

# What the checks of the docs read them with (tests/run.sh): xmllint for
# the SVG diagrams, tidy for the HTML, Graphviz to draw the diagrams,
# headless Chromium driven by Python over its DevTools pipe, with the
# fonts the pages ask for first, poppler's pdftoppm to look at the pages
# Chromium prints, and cmark-gfm to render the Markdown as a code host does.
docs-test-deps:
	@$(call want,command -v xmllint,libxml2-utils,xmllint)
	@$(call want,command -v tidy,tidy,tidy)
	@$(call want,command -v dot,graphviz,Graphviz)
	@$(call want,command -v python3,python3,python3)
	@$(call want,command -v chromium && test -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf,chromium fonts-dejavu-core,Chromium)
	@$(call want,command -v pdftoppm,poppler-utils,pdftoppm)
	@$(call want,command -v cmark-gfm,cmark-gfm,cmark-gfm)

# What tests/build-example is built with, besides make: CMake, and Meson
# with Ninja (a tool that is missing skips its build, naming it).
build-example-deps:
	@$(call want,command -v cmake,cmake,CMake)
	@$(call want,command -v meson && command -v ninja,meson ninja-build,Meson and Ninja)

# The real consumer of perf-merge's output: the kernel's tools/perf/pmu-events
# and its jevents.py (tests/test_perf_merge.c), from Debian's linux-source-6.12.
# As root, check installs the package and python3 (which jevents.py needs);
# the tree is extracted into .build/ once, and again only when the package's
# tarball changes (a security update moves it). Otherwise those tests are
# skipped, naming the package.
KERNEL_PKG := linux-source-6.12
KERNEL_TAR := /usr/src/$(KERNEL_PKG).tar.xz
KERNEL_DIR := .build/$(KERNEL_PKG)
PMU_EVENTS := $(KERNEL_DIR)/tools/perf/pmu-events

pmu-events:
	@$(call want,test -f $(KERNEL_TAR) && command -v python3,$(KERNEL_PKG) python3,$(KERNEL_PKG))
	@stamp="$$(stat -c '%s %Y' $(KERNEL_TAR) 2>/dev/null)"; \
	if [ -n "$$stamp" ] && [ "$$stamp" != "$$(cat $(KERNEL_DIR)/.stamp 2>/dev/null)" ]; then \
	  echo "make: extracting tools/perf/pmu-events from $(KERNEL_TAR)"; \
	  rm -rf $(KERNEL_DIR) $(KERNEL_DIR).tmp && mkdir -p $(KERNEL_DIR).tmp && \
	  tar -xJf $(KERNEL_TAR) -C $(KERNEL_DIR).tmp --strip-components=1 \
	    --wildcards '*/tools/perf/pmu-events/*' && \
	  echo "$$stamp" > $(KERNEL_DIR).tmp/.stamp && mv $(KERNEL_DIR).tmp $(KERNEL_DIR); fi

# Mesa's Intel OA metric XML (src/intel/perf: oa-*.xml and gen_perf.py, the
# generator Mesa's drivers use) and Panfrost's Mali counter XML
# (src/panfrost/perf), pinned to Debian 13's mesa 25.0.7. The machine's own
# apt configuration is left untouched: a private deb-src list for trixie in
# .build/apt fetches the source package (apt checks it against the signed
# index); only the two folders are extracted. Without network or apt the
# tests that need them are skipped, naming the package.
MESA_VER  := 25.0.7
MESA_DEB  := mesa=$(MESA_VER)-2+deb13u1
MESA_DIR  := .build/mesa-$(MESA_VER)
MESA_APT  := .build/apt
MESA_APTO := -o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$(CURDIR)/$(MESA_APT)/sources \
  -o Dir::State::Lists=$(CURDIR)/$(MESA_APT)/lists -o Dir::Cache=$(CURDIR)/$(MESA_APT)/cache \
  -o Dir::State::status=/dev/null -o APT::Sandbox::User=root

mesa-src:
	@test -f $(MESA_DIR)/.done && exit 0; \
	command -v apt-get >/dev/null && command -v xz >/dev/null || \
	  { echo "make: mesa $(MESA_VER) source not fetched: needs apt-get and xz; its checks are skipped"; exit 0; }; \
	mkdir -p $(MESA_APT)/sources $(MESA_APT)/lists/partial $(MESA_APT)/cache/archives/partial $(MESA_APT)/dl && \
	printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
	  > $(MESA_APT)/sources/trixie.sources && \
	echo "make: fetching Debian's $(MESA_DEB) source (private apt lists in $(MESA_APT))" && \
	apt-get $(MESA_APTO) update >/dev/null 2>&1 && \
	(cd $(MESA_APT)/dl && apt-get $(MESA_APTO) source --download-only $(MESA_DEB) >/dev/null 2>&1) && \
	rm -rf $(MESA_DIR) $(MESA_DIR).tmp && mkdir -p $(MESA_DIR).tmp && \
	tar -xJf $(MESA_APT)/dl/mesa_$(MESA_VER).orig.tar.xz -C $(MESA_DIR).tmp --strip-components=1 \
	  --wildcards '*/src/intel/perf/*' '*/src/panfrost/perf/*' && \
	touch $(MESA_DIR).tmp/.done && mv $(MESA_DIR).tmp $(MESA_DIR) && rm -rf $(MESA_APT)/dl || \
	{ echo "make: could not fetch $(MESA_DEB) source; its checks are skipped"; rm -rf $(MESA_DIR).tmp; }

# Arm's libGPUCounters (its Mali counter database, and the C++ tables Arm
# generates from it: tests/test_mali_db_arm.c) and gator 9.7.2's Mali files
# (its name tables, product list and built-in Mali events:
# tests/test_mali_db_gatord.c), taken from git clones where the machine has
# them: LIBGPUCOUNTERS_GIT and GATOR_GIT name their git directories. Only
# the files the tests read are extracted into .build/, again only when the
# clone's commit changes; nothing of theirs enters the repository. Without
# a clone those tests are skipped, naming what is missing;
# HWCGEN_LIBGPUCOUNTERS and HWCGEN_GATOR, when set, name other copies.
# For example: make check LIBGPUCOUNTERS_GIT=~/src/libGPUCounters/.git
LIBGPUCOUNTERS_GIT ?=
GATOR_GIT          ?=
LIBGPUCOUNTERS_DIR := .build/libgpucounters
GATOR_DIR          := .build/gator
# $(call git_extract,GIT,DIR,PATHS): PATHS of GIT's HEAD into DIR.
git_extract = if [ -d "$(1)" ] && c=$$(git -C "$(1)" rev-parse HEAD 2>/dev/null) && \
  [ "$$c" != "$$(cat $(2)/.commit 2>/dev/null)" ]; then \
  echo "make: extracting $(2) from $(1) ($$c)"; \
  rm -rf $(2) && mkdir -p $(2) && git -C "$(1)" archive HEAD $(3) | tar -x -C $(2) && \
  echo "$$c" > $(2)/.commit; fi

mali-refs:
	@$(call git_extract,$(LIBGPUCOUNTERS_GIT),$(LIBGPUCOUNTERS_DIR),specification/database hwcpipe backend/device)
	@$(call git_extract,$(GATOR_GIT),$(GATOR_DIR),daemon/mali_userspace/MaliHwCntrNamesGenerated.h \
	  daemon/mali_userspace/MaliDevice.cpp $$(git -C "$(GATOR_GIT)" ls-tree --name-only HEAD daemon/ | grep '^daemon/events-Mali-'))

# IGT's copies of Intel's OA metric XML (lib/i915/perf-configs/oa-*.xml and
# lib/xe/oa-configs/oa-*.xml: tests/oa-igt/check.sh), from a git clone of
# https://gitlab.freedesktop.org/drm/igt-gpu-tools that IGT_GIT names (its
# git directory). Debian's intel-gpu-tools source package carries the same
# files but is not always reachable, so there is no default. Only those
# files are extracted into .build/igt, again only when the clone's commit
# changes; a file whose blob the clone lacks (a partial or pruned copy) is
# named and skipped, and listed in .build/igt/.absent. Without a clone the
# check is skipped, naming IGT_GIT; HWCGEN_IGT, when set, names another
# copy laid out the same way.
# For example: make check IGT_GIT=~/src/igt-gpu-tools/.git
IGT_GIT ?=
IGT_DIR := .build/igt
IGT_PATHS := lib/i915/perf-configs lib/xe/oa-configs

igt-refs:
	@g="$(IGT_GIT)"; [ -n "$$g" ] && [ -d "$$g" ] && c=$$(git -C "$$g" rev-parse HEAD 2>/dev/null) && \
	[ "$$c" != "$$(cat $(IGT_DIR)/.commit 2>/dev/null)" ] || exit 0; \
	echo "make: extracting $(IGT_DIR) from $$g ($$c)"; \
	rm -rf $(IGT_DIR) && mkdir -p $(IGT_DIR) && \
	git -C "$$g" ls-tree -r HEAD $(IGT_PATHS) >$(IGT_DIR)/.tree && \
	while read -r mode type sha path; do \
	  case "$${path##*/}" in oa-*.xml) ;; *) continue ;; esac; \
	  mkdir -p "$(IGT_DIR)/$${path%/*}"; \
	  if GIT_NO_LAZY_FETCH=1 git -C "$$g" cat-file -e "$$sha" 2>/dev/null; then \
	    git -C "$$g" cat-file blob "$$sha" >"$(IGT_DIR)/$$path" || exit 1; \
	  else echo "make: $$path (blob $$sha) is absent from $$g: skipped"; echo "$$path" >>$(IGT_DIR)/.absent; fi; \
	done <$(IGT_DIR)/.tree && rm -f $(IGT_DIR)/.tree && echo "$$c" >$(IGT_DIR)/.commit

$(BIN): $(OBJS)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(B)/gen/%.o: gen/%.c $(HDRS) | deps
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BASE_CFLAGS) $(CFLAGS) -c $< -o $@

# Templates, schemas and the table of cores (spec/cores.json and the files
# of spec/cores/gatord/ its rows name) are compiled in, so the binary stands alone.
$(B)/gen/resources_data.c: $(RESOURCES) Makefile
	@mkdir -p $(@D)
	@{ echo '/* generated from templates/ and spec/schema/ - do not edit */'; \
	   echo '#include "core/resources.h"'; i=0; \
	   for f in $(RESOURCES); do \
	     printf 'static const char r%d[] = {' $$i; \
	     od -An -v -tu1 "$$f" | tr -s ' \n' ',,' | sed 's/^,//'; \
	     echo '0};'; i=$$((i+1)); done; \
	   echo 'const hw_resource hw_resources[] = {'; \
	   i=0; for f in $(RESOURCES); do \
	     printf '  {"%s", r%d, sizeof r%d - 1},\n' "$$f" $$i $$i; i=$$((i+1)); done; \
	   echo '  {NULL, NULL, 0}};'; } > $@.tmp && mv $@.tmp $@

$(B)/gen/resources_data.o: $(B)/gen/resources_data.c gen/core/resources.h
	@$(CC) -std=c11 -Igen $(CFLAGS) -c $< -o $@

# Regenerate every output; hwcgen writes each file only when complete.
# It draws the docs' diagrams (out/docs/*.svg) with Graphviz's dot, which
# out/ therefore needs (hwcgen itself runs without it: README, "Docs").
generate: $(BIN) docs-deps
	./$(BIN) generate -o out

docs-deps:
	@$(call need,command -v dot,graphviz,Graphviz (out/docs draws its diagrams with it))

$(B)/tests/%: tests/%.c $(LIB_OBJS) $(wildcard tests/*.h) | test-deps
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BASE_CFLAGS) $(CFLAGS) $(LDFLAGS) $< $(LIB_OBJS) -o $@ $(LIBS) -lcmocka

# hwcgen built with ThreadSanitizer: run.sh runs it on several threads
# (gen/par.h) and fails on any data race it finds. Empty: no such run
# (make asan: the plain check already ran it).
TSAN_BIN ?= $(B)/tsan/hwcgen
ifneq ($(TSAN_BIN),)
$(TSAN_BIN): $(SRCS) $(HDRS) $(RESOURCES) Makefile
	@$(MAKE) --no-print-directory B=$(B)/tsan CFLAGS="-O1 -g -fsanitize=thread" \
	  LDFLAGS="-fsanitize=thread" BIN=$@ TSAN_BIN= $@
endif

check: test-deps docs-test-deps build-example-deps pmu-events mesa-src mali-refs igt-refs $(BIN) $(TESTS) $(TSAN_BIN) fuzz-smoke
	@HWCGEN=./$(BIN) HWCGEN_TSAN=$(TSAN_BIN) HWCGEN_PMU_EVENTS=$(PMU_EVENTS) CC="$(CC)" \
	  HWCGEN_LIBGPUCOUNTERS=$${HWCGEN_LIBGPUCOUNTERS:-$(LIBGPUCOUNTERS_DIR)} \
	  HWCGEN_GATOR=$${HWCGEN_GATOR:-$(GATOR_DIR)} \
	  HWCGEN_IGT=$${HWCGEN_IGT:-$(IGT_DIR)} \
	  HWCGEN_MESA_PERF=$(MESA_DIR)/src/intel/perf \
	  DOCS_SHOTS=$(B)/docs-shots sh tests/run.sh $(TESTS)

asan:
	$(MAKE) --no-print-directory B=.build/asan CC=clang \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  LDFLAGS="-fsanitize=address,undefined" BIN=.build/asan/hwcgen TSAN_BIN= check

# Benchmarks (tests/bench): built with -O2 into $(B)/bench and run. They
# print median/min/max over BENCH_RUNS runs (default 21) and a verdict per
# target; they report numbers and never fail on one.
BENCH_DIR    := $(B)/bench
# _DEFAULT_SOURCE: bench.h waits with wait4 for a run's peak memory.
BENCH_CFLAGS  = $(BASE_CFLAGS) -D_DEFAULT_SOURCE -O2 -g
BENCH_SPEC   := spec/arm/neoverse-v1.json

# The evaluator header freshly generated from the spec, compiled as a user would.
$(BENCH_DIR)/gen/.stamp: $(BIN) $(BENCH_SPEC)
	@mkdir -p $(@D)
	@./$(BIN) generate -q -o $(BENCH_DIR)/gen $(BENCH_SPEC) && touch $@

$(BENCH_DIR)/bench_generate: tests/bench/bench_generate.c tests/bench/bench.h \
		$(LIB_OBJS) $(HDRS)
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BENCH_CFLAGS) $< $(LIB_OBJS) -o $@ $(LIBS)

$(BENCH_DIR)/bench_eval: tests/bench/bench_eval.c tests/bench/bench.h \
		$(BENCH_DIR)/gen/.stamp $(LIB_OBJS) $(HDRS)
	@echo "  CC      $<"
	@$(CC) $(BENCH_CFLAGS) -I$(BENCH_DIR)/gen/include $< $(LIB_OBJS) -o $@ $(LIBS)

$(BENCH_DIR)/bench_tree: tests/bench/bench_tree.c tests/bench/bench.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BENCH_CFLAGS) $< -o $@

$(BENCH_DIR)/bench_mali_db: tests/bench/bench_mali_db.c tests/bench/bench.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BENCH_CFLAGS) $< -o $@

$(BENCH_DIR)/bench_perf_json: tests/bench/bench_perf_json.c tests/bench/bench.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BENCH_CFLAGS) $< -o $@

$(BENCH_DIR)/bench_oa: tests/bench/bench_oa.c tests/bench/bench.h
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BENCH_CFLAGS) $< -o $@

# The peer of `generate --outputs perf`: Arm's perf_json_generator, from a
# copy of Arm's telemetry-solution repository given as
# `make bench TELEMETRY_SOLUTION=DIR`, run by the system's python3 on
# perf's arm64 files from the kernel's tree.
TELEMETRY_SOLUTION ?=
BENCH_PYTHON       ?= $(firstword $(wildcard /usr/bin/python3) python3)

# The tree benchmarks need the kernel's pmu-events (target pmu-events).
bench: $(BIN) $(BENCH_DIR)/bench_generate $(BENCH_DIR)/bench_eval $(BENCH_DIR)/bench_tree \
		$(BENCH_DIR)/bench_perf_json $(BENCH_DIR)/bench_mali_db $(BENCH_DIR)/bench_oa pmu-events \
		mali-refs mesa-src
	@rm -rf $(BENCH_DIR)/scratch && mkdir -p $(BENCH_DIR)/scratch
	@$(BENCH_DIR)/bench_generate ./$(BIN) $(BENCH_DIR)/scratch $(SPECS)
	@$(BENCH_DIR)/bench_eval
	@if [ -f $(PMU_EVENTS)/jevents.py ]; then \
	  $(BENCH_DIR)/bench_tree ./$(BIN) $(PMU_EVENTS) $(BENCH_DIR)/scratch/tree; \
	else echo "bench: perf's events tree skipped: needs $(KERNEL_PKG) and python3"; fi
	@if [ -f $(LIBGPUCOUNTERS_DIR)/specification/database/Mali-ProductInfo.xml ]; then \
	  $(BENCH_DIR)/bench_mali_db ./$(BIN) $(LIBGPUCOUNTERS_DIR)/specification/database \
	    $(BENCH_DIR)/scratch/mali-db; \
	else echo "bench: Arm's Mali counter database skipped: needs LIBGPUCOUNTERS_GIT=DIR" \
	  "(a clone of libGPUCounters; see mali-refs)"; fi
	@if [ -z "$(TELEMETRY_SOLUTION)" ]; then \
	  echo "bench: beside Arm's perf_json_generator skipped: needs TELEMETRY_SOLUTION=DIR," \
	    "a copy of github.com/ARM-software/telemetry-solution"; \
	elif [ ! -f $(PMU_EVENTS)/arch/arm64/mapfile.csv ]; then \
	  echo "bench: beside Arm's perf_json_generator skipped: needs $(KERNEL_PKG)" \
	    "(perf's arm64 files, which the generator edits)"; \
	else $(BENCH_DIR)/bench_perf_json ./$(BIN) $(BENCH_PYTHON) "$(TELEMETRY_SOLUTION)" \
	  $(PMU_EVENTS)/arch/arm64 $(BENCH_DIR)/scratch/perf-json; fi
	@if [ ! -f $(MESA_DIR)/src/intel/perf/gen_perf.py ]; then \
	  echo "bench: Intel OA beside Mesa's gen_perf.py skipped: needs Debian's mesa $(MESA_VER)" \
	    "source package (make mesa-src)"; \
	else $(BENCH_DIR)/bench_oa ./$(BIN) $(BENCH_PYTHON) $(MESA_DIR)/src/intel/perf \
	  $(BENCH_DIR)/scratch/oa; fi
	@rm -rf $(BENCH_DIR)/scratch

# ---- fuzzing: libFuzzer targets in tests/fuzz/ (clang) ----------------------
# `make fuzz FUZZ_SECONDS=N` fuzzes each target N seconds from a scratch copy
# of its corpus under .build/fuzz/corpus/; `make fuzz-smoke` (part of check)
# replays every corpus and regression input and fuzzes each target briefly.
FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_B       := .build/fuzz
FUZZ_CFLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=all
FUZZ_TARGETS := $(patsubst tests/fuzz/%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_BINS    := $(FUZZ_TARGETS:%=$(FUZZ_B)/%)
FUZZ_OBJS    := $(patsubst gen/%.c,$(FUZZ_B)/gen/%.o,$(filter-out gen/cmd/main.c,$(SRCS))) \
                $(FUZZ_B)/gen/resources_data.o

$(FUZZ_B)/gen/%.o: gen/%.c $(HDRS) | deps
	@mkdir -p $(@D)
	@echo "  FUZZCC  $<"
	@$(FUZZ_CC) $(BASE_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_B)/gen/resources_data.o: $(B)/gen/resources_data.c gen/core/resources.h
	@mkdir -p $(@D)
	@$(FUZZ_CC) -std=c11 -Igen $(FUZZ_CFLAGS) -c $< -o $@

$(FUZZ_B)/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h) $(FUZZ_OBJS)
	@echo "  FUZZLD  $@"
	@$(FUZZ_CC) $(BASE_CFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer $< \
	  $(FUZZ_OBJS) -o $@ $(LIBS)

.SECONDARY: $(FUZZ_OBJS)

fuzz: $(FUZZ_BINS)
	@sh tests/fuzz/run.sh fuzz $(FUZZ_SECONDS) $(FUZZ_BINS)

fuzz-smoke: $(FUZZ_BINS)
	@sh tests/fuzz/run.sh smoke $(FUZZ_BINS)

# The version hwcgen --version prints, for hwcgen.pc.
VERSION := $(shell sed -n 's/^\#define HWCGEN_VERSION "\(.*\)"/\1/p' gen/core/version.h)

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/hwcgen/templates \
	  $(DESTDIR)$(PREFIX)/share/hwcgen/schema $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/pkgconfig
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' gen/hwcgen.pc.in \
	  > $(DESTDIR)$(PREFIX)/share/pkgconfig/hwcgen.pc
	chmod 644 $(DESTDIR)$(PREFIX)/share/pkgconfig/hwcgen.pc
	install -m 755 hwcgen $(DESTDIR)$(PREFIX)/bin/hwcgen
	install -m 644 templates/*.mustache $(DESTDIR)$(PREFIX)/share/hwcgen/templates/
	install -m 644 spec/schema/*.rng $(DESTDIR)$(PREFIX)/share/hwcgen/schema/
	install -m 644 gen/hwcgen.1 $(DESTDIR)$(PREFIX)/share/man/man1/hwcgen.1

clean:
	rm -rf .build hwcgen
