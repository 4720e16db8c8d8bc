# DocSheet — every command a developer or CI needs. See README.md.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_FLAGS ?=
SAMPLE ?= samples/TaskBoard
# A built-in template name, a YAML file or a client's .xlsx form (e.g. samples/templates/ja-shosai-sekkeisho.xlsx).
TEMPLATE ?=
OUT ?= out
# Seconds per fuzz target for `make fuzz`, and extra scripts/fuzz options (e.g. FUZZ_FLAGS="--asan --jobs 2").
FUZZ_SECONDS ?= 1800
FUZZ_FLAGS ?=

.PHONY: deps build release sample test fuzz sweep interop compare compare-docc bench clean

## Install what the build needs when it is missing (libxlsxwriter, pkg-config, unzip through apt). The tests' Python
## referees come from scripts/python-env (apt's python3-openpyxl and python3-jsonschema, else .build/python).
deps:
	@scripts/install-deps

build: deps
	$(SWIFT) build $(BUILD_FLAGS)

release: deps
	$(SWIFT) build -c release $(BUILD_FLAGS)

## Quick start 1: generate the design document for a bundled sample into out/ (TEMPLATE=… picks another layout).
sample: build
	@mkdir -p $(OUT)
	$(SWIFT) run $(BUILD_FLAGS) docsheet generate $(SAMPLE) $(if $(TEMPLATE),--template $(TEMPLATE)) --output $(OUT)/$(notdir $(SAMPLE))-design.xlsx
	@echo "Wrote $(OUT)/$(notdir $(SAMPLE))-design.xlsx"

## Quick start 2: the whole test suite (unit, fixture, end-to-end, independent workbook reader).
test: deps
	scripts/run-tests

## The long fuzzing campaign: libFuzzer on FuzzExtraction and FuzzDocAndTemplates (Documentation/Testing.md);
## the report goes to .build/fuzz/report.md.
fuzz: deps
	scripts/fuzz --seconds $(FUZZ_SECONDS) $(FUZZ_FLAGS)

## LibreOffice as a real client: convert the sample documents to PDF and CSV.
interop: build
	scripts/interop

## Real code: the whole pipeline over 19 repositories, every output checked by openpyxl and LibreOffice
## (scripts/sweep; SWEEP_FLAGS=--quick for two small packages, --release, --repos a,b; report in .build/sweep/report.md).
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

clean:
	rm -rf .build $(OUT)
