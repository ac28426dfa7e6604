#!/usr/bin/env bash
# `make sanitize` (docs/checking.md, "Sanitizers"): the package built with ThreadSanitizer or
# AddressSanitizer, the suites that run work on several threads, then cold builds of a
# generated site with a cover on every article, in a loop. Any sanitizer report fails it.
#
#   bash scripts/sanitize.sh thread|address
#
# SANITIZE_FILTER (the suites), SANITIZE_ARTICLES (2000), SANITIZE_LOOPS (3) and SANITIZE_OUT
# (/tmp/masthead-sanitize) change what runs. Each build's standard error is kept in
# $SANITIZE_OUT/logs, so a report found once in many builds can be read afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer=${1:?thread or address}
case $sanitizer in
thread) scratch=.build-tsan ;;
address) scratch=.build-asan ;;
*) echo "usage: $0 thread|address" >&2; exit 2 ;;
esac
swift=${SWIFT:-swift}
# Whole names: the filter is a pattern over `Module.Suite/test`, and a bare MarkdownTests would
# also run HostileMarkdownTests, whose inputs of a million items outlast their time limits under TSan.
threaded='ConcurrencyInvariantTests|ImageTests|MarkdownTests|SearchTests|SearchFastPathTests|DefaultSiteTests|MultilingualTests'
threaded+='|OneFaultOneErrorTests|LiveReloadTests|PatchTests|ServingTests'
suites=${SANITIZE_FILTER:-$threaded}
filter="\\.($suites)/"
articles=${SANITIZE_ARTICLES:-2000}
loops=${SANITIZE_LOOPS:-3}
out=${SANITIZE_OUT:-/tmp/masthead-sanitize}/$sanitizer
mkdir -p "$out/logs"

# halt_on_error: the first report ends the run with its stack, rather than a count at exit.
# ASan's leak checker stays off: the process frees nothing at exit by design (libvips, cmark-gfm's
# extension list and the caches live as long as it does).
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
export ASAN_OPTIONS="halt_on_error=1 detect_leaks=0 ${ASAN_OPTIONS:-}"

echo "== $sanitizer: build ($scratch)"
start=$(date +%s)
$swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch"
echo "built in $(($(date +%s) - start)) s"

echo "== $sanitizer: the suites that use several threads ($filter)"
start=$(date +%s)
bash scripts/with-postgres.sh $swift test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" --filter "$filter" \
  2>&1 | tee "$out/logs/tests.log"
echo "tests in $(($(date +%s) - start)) s"

echo "== $sanitizer: $loops cold builds of $articles articles with covers"
site=$out/site
start=$(date +%s)
rm -rf "$site"
bash scripts/site-with-covers.sh "$articles" "$site"
echo "site made in $(($(date +%s) - start)) s"
binary=$($swift build --sanitize="$sanitizer" --scratch-path "$scratch" --show-bin-path)/masthead
for run in $(seq 1 "$loops"); do
  rm -rf "$site/.masthead" "$out/public"
  start=$(date +%s)
  if ! "$binary" build --site "$site" --output "$out/public" --quiet 2>"$out/logs/build-$run.log"; then
    echo "build $run failed; its standard error:" >&2
    tail -60 "$out/logs/build-$run.log" >&2
    exit 1
  fi
  if grep -q "Sanitizer" "$out/logs/build-$run.log"; then
    echo "build $run: a sanitizer report" >&2
    cat "$out/logs/build-$run.log" >&2
    exit 1
  fi
  echo "build $run: clean, $(($(date +%s) - start)) s, $(find "$out/public" -type f | wc -l) files"
done
echo "== $sanitizer: clean"
