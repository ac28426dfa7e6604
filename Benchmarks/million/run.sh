#!/usr/bin/env bash
# A clean `masthead build` of the standard corpus at each size, one build each (issue 62: a
# million articles on one machine): wall, user and system time, peak memory, files and bytes
# written, and every stage's wall time, CPU time and peak so far (MASTHEAD_TIMINGS=1), with the
# ratio of the last size to the first.
#
#   bash Benchmarks/million/run.sh                       # 100,000 and 1,000,000 articles
#   SIZES="10000 100000" bash Benchmarks/million/run.sh
#
# Social cards are left out, on every size alike, as Benchmarks/instructions/run.sh leaves them
# out: the theme's `social-image` partial is emptied. A first build draws a card per article
# (about 7 ms each here: two hours at a million); the pages are the default theme's otherwise.
# The standard shape has no photo per article, so the output is pages, lists, feeds and the
# search index: 38 GB in 1.86 million files at a million, beside 6.6 GB of Markdown (and Hugo's
# two copies of it, which generate.py writes too: delete them, Hugo cannot build a million here).
# The output is deleted after each build. Instructions are not counted here: the machine has no hardware counters and
# qemu-user (Benchmarks/instructions) needs about 70 minutes for 100,000 articles; the CPU time
# of each stage is the stand-in.
# Environment: SIZES, BENCH_DIR (/tmp/masthead-bench), MASTHEAD (the binary; default: the
# release build in .build).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BENCH_DIR="${BENCH_DIR:-/tmp/masthead-bench}"
SIZES="${SIZES:-100000 1000000}"
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --show-bin-path)/masthead}"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
mkdir -p "$BENCH_DIR"

for size in $SIZES; do
  corpus="$BENCH_DIR/standard-$size"
  [ -d "$corpus/masthead" ] || python3 "$ROOT/Benchmarks/generate.py" --articles "$size" --out "$corpus" >/dev/null
  site="$BENCH_DIR/standard-$size-nocards"
  bash "$ROOT/Benchmarks/nocards.sh" "$corpus" "$site"
  out="$BENCH_DIR/out-million-$size"
  rm -rf "$out"
  sync
  echo 3 >/proc/sys/vm/drop_caches 2>/dev/null || true
  MASTHEAD_TIMINGS=1 /usr/bin/time -f "total %e s wall, %U s user, %S s system, %M KB peak" \
    "$MASTHEAD" build --no-cache --quiet --site "$site" --output "$out" 2>"$BENCH_DIR/million-$size.txt"
  files=$(find "$out" -type f | wc -l)
  bytes=$(du -sb --apparent-size "$out" | cut -f1)
  sitemaps=$(find "$out" -maxdepth 1 -name 'sitemap*.xml' | wc -l)
  urls=$(cat "$out"/sitemap*.xml | grep -o '<url>' | wc -l)
  echo "written: $files files, $bytes bytes; sitemap: $urls URLs in $sitemaps files" >>"$BENCH_DIR/million-$size.txt"
  echo "$size articles: $(tail -2 "$BENCH_DIR/million-$size.txt" | tr '\n' ' ')"
  rm -rf "$out"
done

# Each stage side by side for the sizes (wall s / CPU s / peak MB so far), with the ratio of the
# last size's CPU to the first's.
python3 - "$BENCH_DIR" $SIZES <<'PY'
import re, sys
folder, sizes = sys.argv[1], sys.argv[2:]
stage = re.compile(r"masthead: (.+?) ([\d.]+) s \(CPU ([\d.]+) s, peak memory (\d+) MB\)")
table, order = {}, []
for size in sizes:
    for line in open(f"{folder}/million-{size}.txt"):
        if m := stage.match(line):
            name = m[1]
            if name not in table:
                table[name] = {}
                order.append(name)
            table[name][size] = (float(m[2]), float(m[3]), int(m[4]))
print("| stage | " + " | ".join(f"{s} articles: wall / CPU / peak so far" for s in sizes) + " | CPU ratio |")
print("|---|" + "---:|" * (len(sizes) + 1))
for name in order:
    cells = [("%.2f s / %.2f s / %d MB" % table[name][s]) if s in table[name] else "" for s in sizes]
    first, last = table[name].get(sizes[0]), table[name].get(sizes[-1])
    ratio = "%.1f×" % (last[1] / first[1]) if first and last and first[1] > 0 else ""
    print(f"| {name} | " + " | ".join(cells) + f" | {ratio} |")
PY
