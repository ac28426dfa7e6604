#!/usr/bin/env bash
# Instructions of one clean build (`masthead build --no-cache`) of the few-big-tags shape at each
# size, in all and stage by stage, counted under qemu-user with count.c: this machine kind has no
# hardware counters, and callgrind (about 50 million instructions a second) is too slow for
# 100,000 articles.
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

for size in $SIZES; do
  corpus="$BENCH_DIR/big-tags-$size"
  [ -d "$corpus/masthead" ] || python3 "$ROOT/Benchmarks/generate.py" --shape big-tags --articles "$size" --out "$corpus" --with-data
  site="$BENCH_DIR/big-tags-$size-nocards"
  bash "$ROOT/Benchmarks/nocards.sh" "$corpus" "$site"
  "$MASTHEAD" build --no-cache --site "$site" --output "$BENCH_DIR/out-nocards-$size" >/dev/null
  /usr/bin/time -f "%e s wall, %M KB peak" -o "$BENCH_DIR/time-nocards-$size" \
    "$MASTHEAD" build --no-cache --site "$site" --output "$BENCH_DIR/out-nocards-$size" >/dev/null
  MASTHEAD_TIMINGS=1 qemu-x86_64 -plugin "$PLUGIN" "$MASTHEAD" build --no-cache --site "$site" --output "$BENCH_DIR/out-nocards-$size" \
    2>"$BENCH_DIR/instructions-$size.txt" >/dev/null
  echo "big-tags, $size articles, no social cards: $(sed -n 's/^instructions: //p' "$BENCH_DIR/instructions-$size.txt") instructions;" \
    "natively $(cat "$BENCH_DIR/time-nocards-$size")"
done
# Each stage's instructions (MASTHEAD_TIMINGS=1 prints a line as each stage ends; the plugin
# prints the count before it), side by side for the sizes, with the ratio of the last two.
python3 - "$BENCH_DIR" $SIZES <<'PY'
import re, sys
folder, sizes = sys.argv[1], sys.argv[2:]
stages, totals = {}, {}
for size in sizes:
    before, seen = 0, {}
    for line in open(f"{folder}/instructions-{size}.txt"):
        if m := re.match(r"instructions so far: (\d+)", line):
            now = int(m.group(1))
        elif m := re.match(r"masthead: (.+?) [0-9.]+ s \(", line):
            name = m.group(1)
            while name in seen: name += " (again)"
            seen[name] = now - before
            before = now
        elif m := re.match(r"instructions: (\d+)", line):
            totals[size] = int(m.group(1))
    for name, count in seen.items(): stages.setdefault(name, {})[size] = count
ratio = len(sizes) >= 2
print("| stage | " + " | ".join(f"{s} articles" for s in sizes) + (" | ratio |" if ratio else " |"))
print("|---|" + "---:|" * (len(sizes) + ratio))
rows = list(stages.items()) + [("whole build", totals)]
for name, counts in rows:
    cells = [f"{counts[s] / 1e9:.2f} G" if s in counts else "" for s in sizes]
    if ratio:
        a, b = counts.get(sizes[-2]), counts.get(sizes[-1])
        cells.append(f"{b / a:.2f}x" if a and b else "")
    print(f"| {name} | " + " | ".join(cells) + " |")
PY
