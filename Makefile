# DocSheet — every command a developer or CI needs. See README.md.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
SAMPLE ?= samples/TaskBoard
# The Objective-C part of `make sample`: a mixed Swift and Objective-C app (Documentation/ObjectiveC.md); empty skips it.
OBJC_SAMPLE ?= samples/NotesLegacy
# A built-in template name, a YAML file or a client's .xlsx form (e.g. samples/templates/ja-shosai-sekkeisho.xlsx).
TEMPLATE ?=
OUT ?= out
# Seconds per fuzz target for `make fuzz`, and extra scripts/fuzz options (e.g. FUZZ_FLAGS="--asan --jobs 2").
FUZZ_SECONDS ?= 1800
FUZZ_FLAGS ?=

.PHONY: deps build release sample test check-all fuzz sweep interop compare compare-docc bench check-other-xlsxwriter clean man install install-files uninstall

# `make install`: where the files go (DESTDIR is put before PREFIX, for packaging into a staging folder).
PREFIX ?= /usr/local
DESTDIR ?=
# The binary and man page install-files copies (install builds them first; a test points BIN at a debug build).
BIN ?= .build/release/docsheet
MANPAGE ?= .build/man/docsheet.1
# The build configuration the man page is generated from (swift-argument-parser's generate-manual plugin builds it).
MAN_CONFIGURATION ?= release
## The man page's date: SOURCE_DATE_EPOCH's day when it is set, else the last commit's (the same page for the same
## sources), else today's.
MAN_DATE ?= $(shell if [ -n "$$SOURCE_DATE_EPOCH" ]; then date -u -d "@$$SOURCE_DATE_EPOCH" +%F; \
	else git log -1 --format=%cs 2>/dev/null || date -u +%F; fi)

## Install what the build needs when it is missing (libxlsxwriter, pkg-config, unzip through apt). The tests' Python
## referees come from scripts/python-env (apt's python3-openpyxl and python3-jsonschema, else .build/python).
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

## Quick start 1: generate the design document for a bundled sample into out/ (TEMPLATE=… picks another layout), and
## the one of the mixed Swift and Objective-C sample (OBJC_SAMPLE; its Objective-C is read through the toolchain's clang).
sample: build
	@mkdir -p $(OUT)
	$(SWIFT) run $(BUILD_FLAGS) docsheet generate $(SAMPLE) $(if $(TEMPLATE),--template $(TEMPLATE)) --output $(OUT)/$(notdir $(SAMPLE))-design.xlsx
	$(if $(OBJC_SAMPLE),$(SWIFT) run $(BUILD_FLAGS) docsheet generate $(OBJC_SAMPLE) $(if $(TEMPLATE),--template $(TEMPLATE)) --output $(OUT)/$(notdir $(OBJC_SAMPLE))-design.xlsx)

## Quick start 2: the test suite, in a debug build and deterministic (Documentation/Testing.md, "Test tiers"): every
## Swift test (the fuzz replay included), the plugins, the samples, the workbook and client-form referees, the self-check
## and the quick sweep. What CI runs on every push (.ci/run).
test: deps
	scripts/run-tests

## What needs a release or sanitizer build: the 50 MB input, the compiler and DocC referees, the fuzzing campaign
## (FUZZ_SECONDS per target), the full sweep and the benchmark (scripts/check-all; the GitHub workflow runs it nightly).
check-all: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_FLAGS="$(FUZZ_FLAGS)" SWEEP_FLAGS="$(SWEEP_FLAGS)" BENCH_FLAGS="$(BENCH_FLAGS)" scripts/check-all

## The long fuzzing campaign: libFuzzer on FuzzRecords, FuzzExtraction and FuzzDocAndTemplates (Documentation/Testing.md);
## the report goes to .build/fuzz/report.md.
fuzz: deps
	scripts/fuzz --seconds $(FUZZ_SECONDS) $(FUZZ_FLAGS)

## LibreOffice as a real client: convert the sample documents to PDF and CSV.
interop: build
	scripts/interop

## Real code: the whole pipeline over 19 repositories, every output checked by openpyxl and LibreOffice
## (scripts/sweep; SWEEP_FLAGS=--quick for two small packages at pinned tags, --release, --repos a,b; report in
## .build/sweep/report.md).
sweep: deps
	scripts/sweep $(SWEEP_FLAGS)

## The compiler as referee: compare extraction with the compiler's symbol graphs.
compare: release
	scripts/compare-with-compiler Tests/Fixtures/RulesPackage .build/release/docsheet

## DocC as referee: compare the doc comment parts with what Swift-DocC renders (needs docc next to swift).
compare-docc: release
	scripts/compare-with-docc Tests/Fixtures/DocComments .build/release/docsheet

## The benchmark (Benchmarks/README.md): DocSheet against the I/O floor, the SwiftParser ceiling and tree-sitter on
## real repositories and a synthetic growth curve; writes Benchmarks/results/latest.md (BENCH_FLAGS=--quick for a
## short run).
BENCH_FLAGS ?=
bench:
	scripts/bench $(BENCH_FLAGS)

## The tests that write workbooks, built and run against another installed libxlsxwriter (Documentation/Testing.md):
## XLSXWRITER_PKG_CONFIG_PATH is the folder of its xlsxwriter.pc; XLSXWRITER_TESTS picks the test targets.
XLSXWRITER_PKG_CONFIG_PATH ?=
XLSXWRITER_TESTS ?= WorkbookTests,SpreadsheetReaderTests,DesignDocumentTests
check-other-xlsxwriter:
	scripts/check-other-xlsxwriter --pkg-config-path "$(XLSXWRITER_PKG_CONFIG_PATH)" --tests $(XLSXWRITER_TESTS)

## The man page, generated from the command definitions by swift-argument-parser's generate-manual plugin:
## .build/man/docsheet.1 (MAN_CONFIGURATION=debug reuses the debug build). Read it with `man -l .build/man/docsheet.1`.
man: deps
	$(SWIFT) package plugin generate-manual --configuration $(MAN_CONFIGURATION) --date $(MAN_DATE)
	@mkdir -p $(dir $(MANPAGE))
	cp .build/plugins/GenerateManual/outputs/docsheet/docsheet.1 $(MANPAGE)
	@echo "Wrote $(MANPAGE)"

## Install the release binary, the man page and the bash, zsh and fish completions under $(DESTDIR)$(PREFIX).
install: release man
	$(MAKE) install-files BIN=.build/release/docsheet

## The copying part of install, on already built files (BIN=… MANPAGE=… to install others).
install-files:
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 755 "$(BIN)" "$(DESTDIR)$(PREFIX)/bin/docsheet"
	install -m 644 "$(MANPAGE)" "$(DESTDIR)$(PREFIX)/share/man/man1/docsheet.1"
	"$(BIN)" --generate-completion-script bash > "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/docsheet"
	"$(BIN)" --generate-completion-script zsh > "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_docsheet"
	"$(BIN)" --generate-completion-script fish > "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/docsheet.fish"
	chmod 644 "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/docsheet" \
		"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_docsheet" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/docsheet.fish"

## Remove what install put under $(DESTDIR)$(PREFIX).
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/docsheet" "$(DESTDIR)$(PREFIX)/share/man/man1/docsheet.1" \
		"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/docsheet" "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_docsheet" \
		"$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/docsheet.fish"

clean:
	rm -rf .build $(OUT)
