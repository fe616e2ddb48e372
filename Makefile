# hwcgen - hardware counter spec to C headers, perf JSON, Streamline XML, docs.
#
#   make            install missing build dependencies (as root), build
#                   ./hwcgen, regenerate out/ from every spec in spec/
#   make check      build and run every test, check out/ is up to date
#   make asan       the tests under AddressSanitizer + UBSan
#   make bench      benchmarks (see tests/bench)
#   make fuzz       libFuzzer targets, FUZZ_SECONDS each
#   make install    PREFIX=/usr/local: binary, templates, schemas, man page

PREFIX   ?= /usr/local
CC       ?= cc
CFLAGS   ?= -O2 -g
B        := .build
BIN      := hwcgen
PKGS     := libxml-2.0 libcjson
DEB_PKGS := libxml2-dev libcjson-dev pkg-config
TEST_DEB := libcmocka-dev

# Strict on purpose: every warning is a bug until shown otherwise.
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
        -Wmissing-prototypes -Wpointer-arith -Wformat=2 -Wundef \
        -Wno-format-nonliteral
BASE_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) \
              $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
LIBS = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

SRCS      := $(sort $(wildcard gen/*.c))
OBJS      := $(SRCS:gen/%.c=$(B)/gen/%.o) $(B)/gen/resources_data.o
LIB_OBJS  := $(filter-out $(B)/gen/main.o,$(OBJS))
RESOURCES := $(sort $(wildcard templates/*.mustache) $(wildcard spec/schema/*.rng))
SPECS     := $(sort $(wildcard spec/*/*.json spec/*/*.xml))
TEST_SRCS := $(sort $(wildcard tests/test_*.c))
TESTS     := $(TEST_SRCS:tests/%.c=$(B)/tests/%)

.PHONY: all deps test-deps generate check asan bench fuzz install clean

all: deps $(BIN) generate

# Install what is missing when we can; otherwise say exactly what to run.
deps:
	@pkg-config --exists $(PKGS) 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing $(DEB_PKGS)"; \
	    apt-get install -y $(DEB_PKGS) >/dev/null || \
	    { apt-get update >/dev/null && apt-get install -y $(DEB_PKGS) >/dev/null; }; \
	  else \
	    echo "make: missing libraries; run: sudo apt-get install $(DEB_PKGS)"; \
	    exit 1; \
	  fi; }

test-deps: deps
	@pkg-config --exists cmocka 2>/dev/null || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing $(TEST_DEB)"; \
	    apt-get install -y $(TEST_DEB) >/dev/null || \
	    { apt-get update >/dev/null && apt-get install -y $(TEST_DEB) >/dev/null; }; \
	  else \
	    echo "make: missing cmocka; run: sudo apt-get install $(TEST_DEB)"; \
	    exit 1; \
	  fi; }

$(BIN): $(OBJS)
	@echo "  LD      $@"
	@$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(OBJS) $(LIBS)

$(B)/gen/%.o: gen/%.c $(wildcard gen/*.h) | deps
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BASE_CFLAGS) $(CFLAGS) -c $< -o $@

# Templates and schemas are compiled in, so the binary stands alone.
$(B)/gen/resources_data.c: $(RESOURCES) Makefile
	@mkdir -p $(@D)
	@{ echo '/* generated from templates/ and spec/schema/ - do not edit */'; \
	   echo '#include <stddef.h>'; i=0; \
	   for f in $(RESOURCES); do \
	     printf 'static const char r%d[] = {' $$i; \
	     od -An -v -tu1 "$$f" | tr -s ' \n' ',,' | sed 's/^,//'; \
	     echo '0};'; i=$$((i+1)); done; \
	   echo 'const struct { const char *path; const char *data; size_t len; } hw_resources[] = {'; \
	   i=0; for f in $(RESOURCES); do \
	     printf '  {"%s", r%d, sizeof r%d - 1},\n' "$$f" $$i $$i; i=$$((i+1)); done; \
	   echo '  {NULL, NULL, 0}};'; } > $@.tmp && mv $@.tmp $@

$(B)/gen/resources_data.o: $(B)/gen/resources_data.c
	@$(CC) -std=c11 $(CFLAGS) -c $< -o $@

# Regenerate every output; hwcgen writes each file only when complete.
generate: $(BIN)
	./$(BIN) generate -o out $(SPECS)

$(B)/tests/%: tests/%.c $(LIB_OBJS) $(wildcard tests/*.h) | test-deps
	@mkdir -p $(@D)
	@echo "  CC      $<"
	@$(CC) $(BASE_CFLAGS) -Igen $(CFLAGS) $(LDFLAGS) $< $(LIB_OBJS) -o $@ $(LIBS) -lcmocka

check: test-deps $(BIN) $(TESTS)
	@HWCGEN=./$(BIN) CC="$(CC)" sh tests/run.sh $(TESTS)

asan:
	$(MAKE) --no-print-directory B=.build/asan CC=clang \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  LDFLAGS="-fsanitize=address,undefined" BIN=.build/asan/hwcgen check

install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/hwcgen/templates \
	  $(DESTDIR)$(PREFIX)/share/hwcgen/schema $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 hwcgen $(DESTDIR)$(PREFIX)/bin/hwcgen
	install -m 644 templates/*.mustache $(DESTDIR)$(PREFIX)/share/hwcgen/templates/
	install -m 644 spec/schema/*.rng $(DESTDIR)$(PREFIX)/share/hwcgen/schema/
	install -m 644 gen/hwcgen.1 $(DESTDIR)$(PREFIX)/share/man/man1/hwcgen.1

clean:
	rm -rf .build hwcgen
