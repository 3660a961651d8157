# Formwork: every target installs what it needs on a fresh Debian machine with Swift.
SWIFT ?= swift

.PHONY: demo test build release clean

## demo: run the main example on a bundled form
demo:
	$(SWIFT) run formwork-core-demo

## test: build and run every test
test:
	$(SWIFT) test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

clean:
	rm -rf .build
