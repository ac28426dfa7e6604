#!/usr/bin/env bash
# The builds after a clean one, at one size of the standard corpus (issue 62: a million
# articles within 4 GB, whatever the last build left): `masthead build` with the cache when the
# last build's manifest is there and its output folder is not (a whole build that holds the last
# build's records: 685 MB of manifest at a million), then one article edited and `masthead build`
# again (the cache keeps every unchanged page). Wall, user and system time, peak memory, and
# each stage's line (MASTHEAD_TIMINGS=1), for each.
#
#   SIZE=1000000 bash Benchmarks/million/rebuild.sh
#
# Run it after Benchmarks/million/run.sh at the same size, which leaves the manifest in the
# site's `.masthead/` and deletes the output. The corpus, the site without cards and the output
# folder are run.sh's. The edited article is copied before it is changed (the site's Content is
# hard-linked to the generated corpus's); the output is deleted at the end.
# Environment: SIZE (1000000), BENCH_DIR (/tmp/masthead-bench), MASTHEAD (the binary; default:
# the release build in .build).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH_DIR="${BENCH_DIR:-/tmp/masthead-bench}"
SIZE="${SIZE:-1000000}"
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --show-bin-path)/masthead}"
site="$BENCH_DIR/standard-$SIZE-nocards"
out="$BENCH_DIR/out-million-$SIZE"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
[ -d "$site" ] || { echo "no site at $site: run SIZES=$SIZE bash Benchmarks/million/run.sh first" >&2; exit 2; }
ls "$site"/.masthead/build-*.cache >/dev/null 2>&1 || { echo "no manifest in $site/.masthead: build it once first (run.sh)" >&2; exit 2; }

# build TAG LABEL: the stages' lines and the time in $BENCH_DIR/rebuild-SIZE-TAG.txt.
build() {
  local log="$BENCH_DIR/rebuild-$SIZE-$1"
  MASTHEAD_TIMINGS=1 /usr/bin/time -f "total %e s wall, %U s user, %S s system, %M KB peak" \
    "$MASTHEAD" build --site "$site" --output "$out" >"$log.out" 2>"$log.txt"
  echo "$2: $(tail -1 "$log.txt") ($(tail -1 "$log.out"))"
}

rm -rf "$out"
sync
echo 3 >/proc/sys/vm/drop_caches 2>/dev/null || true
build whole "a whole build, the last manifest read"
article="$site/Content/articles/$(printf 'article-%06d.md' $((SIZE / 2 - 1)))"
cp "$article" "$article.edit" && mv "$article.edit" "$article"
echo "One sentence added for the edit at scale." >>"$article"
build edited "one article edited"
rm -rf "$out"
