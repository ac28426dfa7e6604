#!/usr/bin/env bash
# What tables of contents and highlighted code cost a build (issue 43's ≤ 5%): the benchmark's
# generated magazine (Benchmarks/generate.py: 10,000 articles, each with four headings and one
# fenced code block in swift, python, sh, json or yaml) built two ways by the same binary:
#   plain: the fences' language removed (```swift becomes ```): plain escaped monospace; no
#          table of contents;
#   long:  the corpus as generated, with `toc: { minHeadings: 2 }` in site.yml: every article
#          has a table of contents and every fence is highlighted.
# Clean builds (--no-cache, a new output folder each; the image cache kept), alternating, median of RUNS (5).
#
#   Benchmarks/longform/run.sh [ARTICLES]
#
# MASTHEAD (the binary; default: the release build in .build), BENCH_DIR (/tmp/masthead-bench-longform).
set -euo pipefail
ARTICLES=${1:-10000}
RUNS=${RUNS:-5}
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH_DIR=${BENCH_DIR:-/tmp/masthead-bench-longform}
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --show-bin-path)/masthead}"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is not installed (apt-get install time)" >&2; exit 2; }

corpus="$BENCH_DIR/$ARTICLES"
if [ ! -d "$corpus/long" ]; then
  rm -rf "$corpus"
  mkdir -p "$corpus"
  python3 "$ROOT/Benchmarks/generate.py" --articles "$ARTICLES" --out "$corpus/generated" >/dev/null
  cp -r "$corpus/generated/masthead" "$corpus/long"
  printf 'toc:\n  minHeadings: 2\n' >>"$corpus/long/Content/site.yml"
  cp -r "$corpus/generated/masthead" "$corpus/plain"
  # Every fence opening with a language loses it; closing fences have none.
  find "$corpus/plain/Content/articles" -name '*.md' -exec sed -i -E 's/^```[a-z]+$/```/' {} +
  rm -rf "$corpus/generated"
fi

# measure SHAPE RUN: one clean build; appends "wall cpu maxrss_kb" to $corpus/SHAPE.times.
measure() {
  local out="$corpus/out-$1-$2"
  # The image cache (.masthead/) stays, as Benchmarks/run.sh keeps it: both shapes have the same images.
  rm -rf "$out"
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$corpus/time.txt" "$MASTHEAD" build --no-cache --quiet --site "$corpus/$1" --output "$out"
  read -r wall user system rss <"$corpus/time.txt"
  echo "$wall $(echo "$user + $system" | bc) $rss" >>"$corpus/$1.times"
  echo "$1 run $2: ${wall} s wall, $(echo "$user + $system" | bc) s CPU, $rss KB"
}

# One build of each first, not timed: it fills each site's image cache (.masthead/).
for shape in plain long; do "$MASTHEAD" build --quiet --site "$corpus/$shape" --output "$corpus/out-$shape-warm" >/dev/null; done
rm -f "$corpus"/*.times
for run in $(seq 1 "$RUNS"); do
  if [ $((run % 2)) = 1 ]; then measure plain "$run"; measure long "$run"; else measure long "$run"; measure plain "$run"; fi
done

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
column() { cut -d' ' -f"$2" "$corpus/$1.times" | median; }
out_long="$corpus/out-long-1"
out_plain="$corpus/out-plain-1"
echo
echo "Articles: $ARTICLES; runs: $RUNS; binary: $MASTHEAD"
echo "long:  $(grep -rl --include=index.html 'class="toc' "$out_long/articles" | wc -l) article pages with a table of contents," \
  "$(grep -rho --include=index.html 'class="highlight' "$out_long/articles" | wc -l) highlighted blocks"
echo "plain: $(grep -rl --include=index.html 'class="toc' "$out_plain/articles" | wc -l) with a table of contents," \
  "$(grep -rho --include=index.html 'class="highlight' "$out_plain/articles" | wc -l) highlighted blocks"
echo
echo "| | plain | long | long / plain |"
echo "|---|---:|---:|---:|"
for field in "wall s:1" "CPU s:2" "peak KB:3"; do
  name=${field%%:*}
  index=${field##*:}
  plain=$(column plain "$index")
  long=$(column long "$index")
  echo "| $name | $plain | $long | $(echo "scale=3; $long / $plain" | bc) |"
done
# Run N of each shape ran back to back, so the pair met the same machine: the median of the
# pairs' ratios resists the minutes a shared machine is slow better than the ratio of medians.
pairs() { paste -d' ' <(cut -d' ' -f"$1" "$corpus/long.times") <(cut -d' ' -f"$1" "$corpus/plain.times") | awk '{ printf "%.4f\n", $1 / $2 }'; }
echo
echo "Median of the $RUNS pairs' ratios (long / plain): wall $(pairs 1 | median), CPU $(pairs 2 | median)"
