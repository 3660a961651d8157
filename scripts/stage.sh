#!/usr/bin/env bash
# make stage: builds what make install copies into STAGE — the formwork binary, its man
# page and its bash, zsh and fish completions — and marks the stage done. Make decides
# whether the stage is out of date (STAGE/.staged against the sources) and passes every
# variable; run from the package root.
#
#   SWIFT               the swift driver (swift)
#   CONFIGURATION       release or debug
#   STAGE               where the files go (.build-install/stage/CONFIGURATION)
#   STAGE_BUILD_FLAGS   extra swift build flags (the release stage's own scratch path and
#                       static Swift runtime), split at spaces
#   MANUAL              where swift-argument-parser's generate-manual plugin writes the page
#   MANUAL_DATE         the page's date (YYYY-MM-DD), or empty for today's
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
CONFIGURATION=${CONFIGURATION:-release}
STAGE=${STAGE:?the stage directory}
STAGE_BUILD_FLAGS=${STAGE_BUILD_FLAGS:-}
MANUAL=${MANUAL:-.build/plugins/GenerateManual/outputs/formwork/formwork.1}
MANUAL_DATE=${MANUAL_DATE:-}

run() { echo "$*"; "$@"; }

# shellcheck disable=SC2086 # STAGE_BUILD_FLAGS is a list of flags
run $SWIFT build -c "$CONFIGURATION" $STAGE_BUILD_FLAGS --product formwork
# The plugin builds every product of the package, in the configuration it is given, and
# writes a page for each that uses ArgumentParser. The debug build is the one make test
# keeps up to date, and the page is the same from either build.
run rm -f "$MANUAL"
# A time limit: where the loopback interface is down the plugin has been seen to hang
# after its tool exits; a build that fails says so, one that hangs says nothing.
run timeout 900 $SWIFT package generate-manual --configuration debug ${MANUAL_DATE:+--date "$MANUAL_DATE"}
run rm -rf "$STAGE"
run mkdir -p "$STAGE"
# shellcheck disable=SC2086
bin=$($SWIFT build -c "$CONFIGURATION" $STAGE_BUILD_FLAGS --show-bin-path)
run cp "$bin/formwork" "$STAGE/formwork"
# generate-manual copies the blank lines of the subcommands' discussions into the page,
# and groff's mdoc prints "mdoc warning: Empty input line" for each to whoever reads
# it; .Pp is the paragraph break mdoc expects, and renders the same.
echo "sed 's/^\$/.Pp/' $MANUAL >$STAGE/formwork.1"
sed 's/^$/.Pp/' "$MANUAL" >"$STAGE/formwork.1"
for shell in bash zsh fish; do
    case $shell in
    bash) file=formwork.bash ;;
    zsh) file=_formwork ;;
    fish) file=formwork.fish ;;
    esac
    echo "$STAGE/formwork --generate-completion-script $shell >$STAGE/$file"
    "$STAGE/formwork" --generate-completion-script $shell >"$STAGE/$file"
done
run touch "$STAGE/.staged"
