#!/usr/bin/env bash
# make fuzz: builds formwork-fuzz for libFuzzer with AddressSanitizer, then runs each
# target for FUZZ_SECONDS; findings land in Tests/Fuzz/TARGET/ as regression inputs,
# which make test replays. Run from the package root; make passes every variable.
#
#   SWIFT          the swift driver (swift)
#   FUZZ_BUILD     the build directory (.build-fuzz), with corpus/TARGET and TARGET.log
#   FUZZ_TARGETS   the targets to run, separated by spaces
#   FUZZ_SECONDS   how long each target runs
#   FUZZ_TIMEOUT   seconds after which one input is a finding (slow is a bug, not only a hang)
#   FUZZ_ARGS      more libFuzzer options, split at spaces
set -u
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
FUZZ_BUILD=${FUZZ_BUILD:-.build-fuzz}
FUZZ_TARGETS=${FUZZ_TARGETS:-expression definition values repl rpc workbook xform surveyjs response media xls}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-3}
FUZZ_ARGS=${FUZZ_ARGS:-}

# swiftc keeps only the last -sanitize= it is given, and SwiftPM passes one per
# sanitizer: without the combined flag the Swift code gets neither coverage nor ASan.
set -x
$SWIFT build -c release --build-path "$FUZZ_BUILD" --product formwork-fuzz \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
    -Xswiftc -parse-as-library || exit 1
{ set +x; } 2>/dev/null

status=0
for target in $FUZZ_TARGETS; do
    mkdir -p "$FUZZ_BUILD/corpus/$target"
    echo "== $target: $FUZZ_SECONDS s (corpus $FUZZ_BUILD/corpus/$target, seeds Tests/Fuzz/$target)"
    # shellcheck disable=SC2086 # FUZZ_ARGS is a list of options
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=malloc_context_size=128 \
        LSAN_OPTIONS=suppressions=$PWD/Tests/Fuzz/lsan-suppressions.txt FORMWORK_FUZZ_TARGET=$target \
        "$FUZZ_BUILD/release/formwork-fuzz" \
        -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="Tests/Fuzz/$target/" $FUZZ_ARGS "$FUZZ_BUILD/corpus/$target" "Tests/Fuzz/$target" \
        2>"$FUZZ_BUILD/$target.log" || status=1
    grep -E '^#[0-9]+[[:space:]]+DONE|^(==[0-9]+== )?(ERROR|SUMMARY)|^artifact_prefix' "$FUZZ_BUILD/$target.log"
    if grep -q 'no interesting inputs were found' "$FUZZ_BUILD/$target.log"; then
        echo "make fuzz: $target gained no coverage: the build is not instrumented; rm -rf $FUZZ_BUILD and try again"
        status=1
    fi
done
if [ $status -ne 0 ]; then
    echo "make fuzz: new findings (see $FUZZ_BUILD/*.log); they are in Tests/Fuzz/ and make test replays them"
fi
exit $status
