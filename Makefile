# Formwork: every target installs what it needs on a fresh Debian machine with Swift.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help demo test conformance oracles lint format docs bench fuzz sanitize build release install uninstall stage \
	deps deps-libedit clean

## help: list the targets and what each does (what `make` alone does)
help:
	@# Each target's text is its `## target: text` comment, continued on `## ` lines;
	@# $$(NAME) in it is the variable's value.
	@LINE_LENGTH='$(LINE_LENGTH)' PREFIX='$(PREFIX)' DESTDIR='$(DESTDIR)' awk ' \
		function expand(text) { \
			while (match(text, /\$$\([A-Z_]+\)/)) \
				text = substr(text, 1, RSTART - 1) ENVIRON[substr(text, RSTART + 2, RLENGTH - 3)] \
					substr(text, RSTART + RLENGTH); \
			return text } \
		/^## [a-z-]+: / { target = $$2; sub(/:$$/, "", target); sub(/^## [a-z-]+: /, ""); \
			printf "  %-13s %s\n", target, expand($$0); next } \
		/^## / && target != "" { sub(/^## /, ""); printf "  %-13s %s\n", "", expand($$0); next } \
		{ target = "" }' $(firstword $(MAKEFILE_LIST))

## demo: fill the bundled seed form at the prompt
demo: deps
	$(SWIFT) build --product formwork
	$(SWIFT) run formwork fill Forms/seed.yaml

## test: check the style, build (a warning in the project's code is an error) and run every test (with a quick
## subset of the differential tests against JavaRosa and survey-core, where ../shared/oracles is beside)
test: deps lint oracles
	@# The install test runs `make install CONFIGURATION=debug NO_BUILD=1` from inside
	@# `swift test`, which cannot build (see NO_BUILD): stage the debug build first.
	@$(MAKE) --no-print-directory stage CONFIGURATION=debug
	$(SWIFT) test

ORACLES := ../shared/oracles
CONFORMANCE_REPORT := .build/conformance.tsv
# The suites that compare Formwork with the source engines.
CONFORMANCE_SUITES := OracleWalkTests|SurveyJSWalkTests|SurveyJSCorpusValuesTests|RandomSurveyTests|RandomODKFormTests|ODKCorpusValuesTests

## conformance: the full differential tests against JavaRosa and survey-core (corpus walks, 1,000 random forms per
## format, corpus expressions), then a table of agreement per format and aspect (CONFORMANCE_ARGS to narrow)
conformance: deps oracles
	@rm -f $(CONFORMANCE_REPORT)
	$(SWIFT) build --build-tests
	@status=0; FORMWORK_CONFORMANCE=full FORMWORK_CONFORMANCE_REPORT=$(CURDIR)/$(CONFORMANCE_REPORT) \
		$(SWIFT) test --skip-build --filter '$(CONFORMANCE_SUITES)' $(CONFORMANCE_ARGS) || status=1; \
	awk -f Tests/Conformance/table.awk $(CONFORMANCE_REPORT) || status=1; exit $$status

## oracles: JavaRosa, pyxform and survey-core as judges for the tests (../shared/oracles/setup.sh; idempotent)
oracles:
	@mkdir -p .build; if [ -x $(ORACLES)/setup.sh ]; then $(ORACLES)/setup.sh >.build/oracles.log 2>&1 \
		&& tail -1 .build/oracles.log || { cat .build/oracles.log; echo "make oracles: setup failed: the differential tests will skip"; }; \
	else echo "make oracles: $(ORACLES) is absent: the differential tests will skip"; fi

SWIFT_SOURCES := Sources Tests Package.swift
LINE_LENGTH := 120

## lint: the style of .swift-format (swift format, from the toolchain), and no line over $(LINE_LENGTH) characters
lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_SOURCES)
	@if LC_ALL=C.UTF-8 grep -rnP '^.{$(shell expr $(LINE_LENGTH) + 1),}' --include='*.swift' $(SWIFT_SOURCES); then \
		echo "make lint: the lines above are longer than $(LINE_LENGTH) characters"; exit 1; fi

## format: rewrite the sources in the style of .swift-format
format:
	$(SWIFT) format format --in-place --recursive $(SWIFT_SOURCES)

# The library products, each with its catalog in Sources/TARGET/Documentation.docc.
DOC_TARGETS := FormworkCore Formwork FormworkREPL FormworkBuilder FormworkODK FormworkSurveyJS FormworkFormats \
	FormworkTesting FormworkScenarios
DOCS := .build/docs

## docs: the DocC documentation of every library (its articles and API) as static sites under .build/docs/TARGET
## (to browse: python3 -m http.server -d .build/docs); any DocC warning fails it (DOCC_ARGS: more docc options)
docs:
	@rm -rf $(DOCS) && mkdir -p $(DOCS)
	@# DocC's own diagnostics, one line each (path:line:col: warning: …) with --diagnostics-file;
	@# the build's warnings, about dependencies, are not among them.
	@status=0; for target in $(DOC_TARGETS); do \
		echo "== $$target: $(DOCS)/$$target"; \
		$(SWIFT) package --allow-writing-to-directory $(DOCS) generate-documentation --target $$target \
			--output-path $(DOCS)/$$target --transform-for-static-hosting --hosting-base-path $$target \
			--diagnostics-file $(DOCS)/$$target.diagnostics.json $(DOCC_ARGS) >$(DOCS)/$$target.log 2>&1 \
			|| { cat $(DOCS)/$$target.log; status=1; continue; }; \
		grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' $(DOCS)/$$target.log && status=1; \
	done; \
	if [ $$status -ne 0 ]; then echo "make docs: the documentation has the problems above"; fi; exit $$status

## bench: every speed and memory target against its baseline, in release mode (BENCH_ARGS="--cases diff" to narrow)
bench: deps
	$(SWIFT) build -c release --product formwork
	$(SWIFT) run -c release formwork-bench $(BENCH_ARGS)

## bench-javarosa: JavaRosa's warm open of FORM (an XForm), the figure the odk-open benchmark is judged against
## (parse and initialise, median of 31 after 200 warm-up opens; needs the oracles: make oracles)
FORM ?= ../shared/corpus/xforms/bench9.xml
JAVAROSA_BENCH = .build/javarosa-bench
bench-javarosa: oracles
	@bash -c '. $(ORACLES)/javarosa/deps.sh && cp="$(ORACLES)/javarosa/dist/javarosa.jar:$$JR_CP:/usr/share/java/slf4j-nop.jar" \
		&& mkdir -p $(JAVAROSA_BENCH) && javac -d $(JAVAROSA_BENCH) -cp "$$cp" Tests/Conformance/JavaRosaOpenTime.java \
		&& java -cp "$(JAVAROSA_BENCH):$$cp" JavaRosaOpenTime $(FORM)'

## fuzz: each libFuzzer target for FUZZ_SECONDS (60) with AddressSanitizer (FUZZ_TARGETS="expression rpc" for some);
## findings land in Tests/Fuzz/TARGET/ as regression inputs (scripts/fuzz.sh)
FUZZ_SECONDS ?= 60
# An input that takes longer than this (seconds) is a finding: a definition that takes
# seconds to reject is a bug, not only one that hangs.
FUZZ_TIMEOUT ?= 3
PYXFORM_VERSION = 4.5.0
# The JUnit check: junitparser reads formwork test's --junit report back, xmlschema checks it
# against junit-10.xsd (Jenkins' schema, which pytest's own tests check theirs against: taken
# from pytest's source distribution, never committed).
JUNIT_XSD = .build/junit-schema/junit-10.xsd
PYTEST_SOURCE_VERSION = 9.2.0
# The SARIF check: pydantic-sarif's model is generated from sarif-schema-2.1.0.json (every
# object closed, as the schema's additionalProperties: false), so it refuses what the schema does.
PYDANTIC_SARIF_VERSION = 0.1.1
PYDANTIC_VERSION = 2.14.4
PYXFORM = .build/pyxform/bin/xls2xform
FUZZ_TARGETS ?= expression definition values repl rpc workbook xform surveyjs response media xls
FUZZ_BUILD := .build-fuzz
fuzz: deps
	@SWIFT='$(SWIFT)' FUZZ_BUILD='$(FUZZ_BUILD)' FUZZ_TARGETS='$(FUZZ_TARGETS)' FUZZ_SECONDS='$(FUZZ_SECONDS)' \
		FUZZ_TIMEOUT='$(FUZZ_TIMEOUT)' FUZZ_ARGS='$(FUZZ_ARGS)' scripts/fuzz.sh

## sanitize: the test suite under AddressSanitizer, then ThreadSanitizer (separate build directories)
sanitize: deps
	@# The install test is skipped in both: it installs the staged build from .build, which
	@# was built without a sanitizer, so it would only repeat what make test checks.
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --build-path .build-asan --sanitize=address --disable-xctest \
		--skip installAndUninstallUnderDestdir
	@# ThreadSanitizer's runtime dies (SIGBUS) in any process with a file-size limit, even
	@# for --version, so the one test that sets `ulimit -f` runs only in the other builds.
	$(SWIFT) test --build-path .build-tsan --sanitize=thread --disable-xctest --skip aFailedAnswersWriteKeepsTheOldFile \
		--skip installAndUninstallUnderDestdir

## build: build every target in debug mode
build: deps
	$(SWIFT) build

## release: build every target in release mode
release: deps
	$(SWIFT) build -c release

# Installation, with the GNU conventions: `make install PREFIX=$HOME/.local` (no root needed),
# `make install DESTDIR=/tmp/pkg PREFIX=/usr` (a staged install, for packages).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR = $(PREFIX)/bin
DATAROOTDIR = $(PREFIX)/share
MAN1DIR = $(DATAROOTDIR)/man/man1
BASH_COMPLETIONS = $(DATAROOTDIR)/bash-completion/completions
ZSH_COMPLETIONS = $(DATAROOTDIR)/zsh/site-functions
FISH_COMPLETIONS = $(DATAROOTDIR)/fish/vendor_completions.d
INSTALL ?= install
# What make install copies comes from a stage, .build-install/stage/CONFIGURATION, remade
# only when a source is newer: `make stage && sudo make install` builds as you and copies
# as root, without a root-owned file in your build directories.
CONFIGURATION ?= release
INSTALL_BUILD := .build-install
STAGE := $(INSTALL_BUILD)/stage/$(CONFIGURATION)
# The documentation catalogs are no part of the binary.
STAGE_SOURCES := Makefile Package.swift scripts/stage.sh $(wildcard Package.resolved) \
	$(shell find Sources -type f -not -path '*.docc/*')
# The release build links the Swift runtime and Foundation statically, so the installed
# formwork needs only libedit and the C libraries, not this toolchain (Swift has no stable
# ABI on Linux: a moved or upgraded toolchain would break a dynamically linked one). A
# static build compiles every module differently, hence a build directory of its own
# rather than .build/release, which make bench shares. CONFIGURATION=debug (the tests)
# stages .build/debug as it is.
ifeq ($(CONFIGURATION),release)
STAGE_BUILD_FLAGS ?= --scratch-path $(INSTALL_BUILD) --static-swift-stdlib
endif
# The man page's date: the last commit's, so that it says how old the sources are (today's otherwise).
MANUAL_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null)
# Where swift-argument-parser's generate-manual plugin writes the page (its work directory).
MANUAL := .build/plugins/GenerateManual/outputs/formwork/formwork.1

## install: build formwork in release mode (when out of date) and install it, its man page and bash/zsh/fish
## completions under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local, DESTDIR to stage a package)
install: $(STAGE)/.staged
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MAN1DIR)" \
		"$(DESTDIR)$(BASH_COMPLETIONS)" "$(DESTDIR)$(ZSH_COMPLETIONS)" "$(DESTDIR)$(FISH_COMPLETIONS)"
	$(INSTALL) -m 755 $(STAGE)/formwork "$(DESTDIR)$(BINDIR)/formwork"
	$(INSTALL) -m 644 $(STAGE)/formwork.1 "$(DESTDIR)$(MAN1DIR)/formwork.1"
	$(INSTALL) -m 644 $(STAGE)/formwork.bash "$(DESTDIR)$(BASH_COMPLETIONS)/formwork"
	$(INSTALL) -m 644 $(STAGE)/_formwork "$(DESTDIR)$(ZSH_COMPLETIONS)/_formwork"
	$(INSTALL) -m 644 $(STAGE)/formwork.fish "$(DESTDIR)$(FISH_COMPLETIONS)/formwork.fish"

## uninstall: remove the five files make install put there (same PREFIX and DESTDIR); directories stay, as they
## may be shared
uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/formwork" "$(DESTDIR)$(MAN1DIR)/formwork.1" \
		"$(DESTDIR)$(BASH_COMPLETIONS)/formwork" "$(DESTDIR)$(ZSH_COMPLETIONS)/_formwork" \
		"$(DESTDIR)$(FISH_COMPLETIONS)/formwork.fish"

## stage: build what make install copies, into .build-install/stage/release (CONFIGURATION=debug: from the debug
## build; scripts/stage.sh)
stage: $(STAGE)/.staged

# NO_BUILD=1: install the stage as it is, and fail rather than build when it is out of date.
# The install test needs it: it runs inside `swift test`, which holds SwiftPM's lock on
# .build until it exits, so a build started there would wait for the lock forever.
$(STAGE)/.staged: $(STAGE_SOURCES)
ifdef NO_BUILD
	@echo "make: $(STAGE) is missing or older than the sources, and NO_BUILD is set; run make stage CONFIGURATION=$(CONFIGURATION) (make test does)" >&2; exit 1
else
	@# Here rather than as a prerequisite, so that installing an up-to-date stage runs nothing
	@# but install; and deps-libedit rather than deps: installing formwork needs no jsonschema
	@# (which deps installs through sudo where pip refuses to, as on Debian 12).
	@$(MAKE) --no-print-directory deps-libedit
	@SWIFT='$(SWIFT)' CONFIGURATION='$(CONFIGURATION)' STAGE='$(STAGE)' STAGE_BUILD_FLAGS='$(STAGE_BUILD_FLAGS)' \
		MANUAL='$(MANUAL)' MANUAL_DATE='$(MANUAL_DATE)' scripts/stage.sh
endif

## deps: libedit (line editing) and pkg-config from Debian; Python's jsonschema (tests) and pyxform (the XLSForm
## cross-check, in a venv under .build) from PyPI; when missing. A test whose tool is missing skips, saying so.
deps: deps-libedit
	@if ! python3 -c 'import jsonschema' 2>/dev/null; then \
		echo "Installing jsonschema (schema tests) …"; \
		python3 -m pip install --quiet jsonschema || $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema; \
	fi
	@if [ ! -x $(PYXFORM) ]; then \
		echo "Installing pyxform $(PYXFORM_VERSION) (the XLSForm cross-check) …"; \
		python3 -m venv .build/pyxform 2>/dev/null || { $(SUDO) apt-get update -qq && \
			$(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv .build/pyxform; }; \
		.build/pyxform/bin/pip install --quiet pyxform==$(PYXFORM_VERSION) || echo "pyxform could not be installed: its cross-check will skip"; \
	fi
	@if [ -x .build/pyxform/bin/pip ] && [ ! -f $(JUNIT_XSD) ]; then \
		echo "Installing junitparser, xmlschema and the JUnit schema (the --junit report check) …"; \
		rm -rf .build/junit-schema && mkdir -p .build/junit-schema && \
		.build/pyxform/bin/pip install --quiet junitparser==5.0.3 xmlschema==4.3.2 && \
		.build/pyxform/bin/pip download --quiet --no-deps --no-binary :all: -d .build/junit-schema \
			pytest==$(PYTEST_SOURCE_VERSION) && \
		tar -xzf .build/junit-schema/pytest-$(PYTEST_SOURCE_VERSION).tar.gz -C .build/junit-schema --strip-components=3 \
			pytest-$(PYTEST_SOURCE_VERSION)/testing/example_scripts/junit-10.xsd \
		|| echo "the JUnit schema could not be installed: its check will skip"; \
	fi
	@if [ -x .build/pyxform/bin/pip ] && ! .build/pyxform/bin/python -c 'import pydantic_sarif' 2>/dev/null; then \
		echo "Installing pydantic-sarif (formwork lint's SARIF is checked against the SARIF 2.1.0 schema's model) …"; \
		.build/pyxform/bin/pip install --quiet pydantic-sarif==$(PYDANTIC_SARIF_VERSION) pydantic==$(PYDANTIC_VERSION) \
		|| echo "pydantic-sarif could not be installed: the SARIF check will skip"; \
	fi
	@if ! command -v dot >/dev/null 2>&1; then \
		echo "Installing Graphviz (formwork graph's output is checked by rendering it) …"; \
		{ $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends graphviz; } || echo "Graphviz could not be installed: the rendering check will skip"; \
	fi

## deps-libedit: libedit and pkg-config alone: what building needs (make stage installs no more)
deps-libedit:
	@if ! pkg-config --exists libedit 2>/dev/null; then \
		echo "Installing libedit-dev (line editing) …"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev pkg-config; \
	fi

## clean: remove every build directory
clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan .build-install
