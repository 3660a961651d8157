# Formwork: every target installs what it needs on a fresh Debian machine with Swift.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: demo test bench build release deps clean

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

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## deps: libedit (line editing) and pkg-config from Debian; Python's jsonschema (tests) from PyPI; when missing
deps:
	@if ! pkg-config --exists libedit 2>/dev/null; then \
		echo "Installing libedit-dev (line editing) …"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev pkg-config; \
	fi
	@if ! python3 -c 'import jsonschema' 2>/dev/null; then \
		echo "Installing jsonschema (schema tests) …"; \
		python3 -m pip install --quiet jsonschema || $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-jsonschema; \
	fi

clean:
	rm -rf .build
