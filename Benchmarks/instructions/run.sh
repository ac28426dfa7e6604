#!/usr/bin/env bash
# Instructions of one clean build (`masthead build --no-cache`) of the few-big-tags shape at each
# size, counted under qemu-user with count.c (this machine kind has no hardware counters, and
# callgrind runs at about 50 million instructions a second, too slow for 100,000 articles).
#
#   Benchmarks/instructions/run.sh                 # 10,000 and 100,000 articles
#   SIZES="1000 10000" Benchmarks/instructions/run.sh
#
# Social cards are left out, on every size alike: the corpus's theme has its `social-image`
# partial emptied, so no card is drawn or linked. A 100,000-article site's first build draws
# 100,000 cards, about three hours here; with cards, the counted build would be the cached
# one, whose card work is a hard link per page. Everything else is the default theme's.
# The first build of each corpus (its photos encoded) is run natively and not counted.
# Environment: SIZES, BENCH_DIR (/tmp/masthead-bench), MASTHEAD (the binary; default: the
# release build in .build).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH_DIR="${BENCH_DIR:-/tmp/masthead-bench}"
SIZES="${SIZES:-10000 100000}"
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --show-bin-path)/masthead}"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
for tool in qemu-x86_64:qemu-user vips:libvips-tools /usr/bin/time:time; do
  command -v "${tool%%:*}" >/dev/null && continue
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${tool#*:}"
done
mkdir -p "$BENCH_DIR"
PLUGIN="$BENCH_DIR/libcount.so"
gcc -O2 -Wall -Wextra -shared -fPIC -fvisibility=hidden -o "$PLUGIN" "$ROOT/Benchmarks/instructions/count.c"

declare -A counted
for size in $SIZES; do
  corpus="$BENCH_DIR/big-tags-$size"
  [ -d "$corpus/masthead" ] || python3 "$ROOT/Benchmarks/generate.py" --shape big-tags --articles "$size" --out "$corpus" --with-data
  site="$BENCH_DIR/big-tags-$size-nocards"
  if [ ! -d "$site" ]; then
    mkdir -p "$site"
    cp -al "$corpus/masthead/Content" "$site/Content"
    cp -r "$corpus/masthead/Templates" "$site/Templates"
    : >"$site/Templates/social-image.mustache"
  fi
  "$MASTHEAD" build --no-cache --site "$site" --output "$BENCH_DIR/out-nocards-$size" >/dev/null
  /usr/bin/time -f "%e s wall, %M KB peak" -o "$BENCH_DIR/time-nocards-$size" \
    "$MASTHEAD" build --no-cache --site "$site" --output "$BENCH_DIR/out-nocards-$size" >/dev/null
  count="$(qemu-x86_64 -plugin "$PLUGIN" "$MASTHEAD" build --no-cache --site "$site" --output "$BENCH_DIR/out-nocards-$size" 2>&1 >/dev/null |
    sed -n 's/^instructions: //p')"
  counted[$size]=$count
  echo "big-tags, $size articles, no social cards: $count instructions; natively $(cat "$BENCH_DIR/time-nocards-$size")"
done
set -- $SIZES
if [ $# -ge 2 ]; then
  echo "ratio $2 / $1 articles: $(python3 -c "print(f'{${counted[$2]} / ${counted[$1]}:.2f}')")x instructions"
fi
