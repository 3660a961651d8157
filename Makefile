# Formwork: every target installs what it needs on a fresh Debian machine with Swift.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test bench fuzz sanitize build release deps deps-libedit clean

## demo: fill the bundled seed form at the prompt
demo: deps
	$(SWIFT) build --product formwork
	$(SWIFT) run formwork fill Forms/seed.yaml

## test: build and run every test
test: deps
	$(SWIFT) test

## bench: every speed and memory target against its baseline, in release mode (BENCH_ARGS="--cases diff" to narrow)
bench: deps
	$(SWIFT) build -c release --product formwork
	$(SWIFT) run -c release formwork-bench $(BENCH_ARGS)

## fuzz: each libFuzzer target for FUZZ_SECONDS (60) with AddressSanitizer; findings land in Tests/Fuzz/TARGET/ as regression inputs
FUZZ_SECONDS ?= 60
# An input that takes longer than this (seconds) is a finding: a definition that takes
# seconds to reject is a bug, not only one that hangs.
FUZZ_TIMEOUT ?= 3
FUZZ_TARGETS ?= expression definition values repl rpc
FUZZ_BUILD := .build-fuzz
fuzz: deps
	@# swiftc keeps only the last -sanitize= it is given, and SwiftPM passes one per
	@# sanitizer: without the combined flag the Swift code gets neither coverage nor ASan.
	$(SWIFT) build -c release --build-path $(FUZZ_BUILD) --product formwork-fuzz \
		--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library
	@status=0; for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_BUILD)/corpus/$$target; \
		echo "== $$target: $(FUZZ_SECONDS) s (corpus $(FUZZ_BUILD)/corpus/$$target, seeds Tests/Fuzz/$$target)"; \
		SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Fuzz/lsan-suppressions.txt FORMWORK_FUZZ_TARGET=$$target $(FUZZ_BUILD)/release/formwork-fuzz \
			-max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=4096 -print_final_stats=1 \
			-artifact_prefix=Tests/Fuzz/$$target/ $(FUZZ_ARGS) $(FUZZ_BUILD)/corpus/$$target Tests/Fuzz/$$target \
			2>$(FUZZ_BUILD)/$$target.log || status=1; \
		grep -E '^#[0-9]+[[:space:]]+DONE|^(==[0-9]+== )?(ERROR|SUMMARY)|^artifact_prefix' $(FUZZ_BUILD)/$$target.log; \
		if grep -q 'no interesting inputs were found' $(FUZZ_BUILD)/$$target.log; then \
			echo "make fuzz: $$target gained no coverage: the build is not instrumented; rm -rf $(FUZZ_BUILD) and try again"; status=1; fi; \
	done; \
	if [ $$status -ne 0 ]; then echo "make fuzz: new findings (see $(FUZZ_BUILD)/*.log); they are in Tests/Fuzz/ and make test replays them"; fi; \
	exit $$status

## sanitize: the test suite under AddressSanitizer, then ThreadSanitizer (separate build directories)
sanitize: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --build-path .build-asan --sanitize=address --disable-xctest
	@# ThreadSanitizer's runtime dies (SIGBUS) in any process with a file-size limit, even
	@# for --version, so the one test that sets `ulimit -f` runs only in the other builds.
	$(SWIFT) test --build-path .build-tsan --sanitize=thread --disable-xctest --skip aFailedAnswersWriteKeepsTheOldFile

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## deps: libedit (line editing) and pkg-config from Debian; Python's jsonschema (tests) from PyPI; when missing
deps: deps-libedit
	@if ! python3 -c 'import jsonschema' 2>/dev/null; then \
		echo "Installing jsonschema (schema tests) …"; \
		python3 -m pip install --quiet jsonschema || $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema; \
	fi

# What building needs (make stage installs no more).
deps-libedit:
	@if ! pkg-config --exists libedit 2>/dev/null; then \
		echo "Installing libedit-dev (line editing) …"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev pkg-config; \
	fi

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan
