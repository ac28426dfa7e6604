#!/usr/bin/env bash
# Masthead's search index against Pagefind 1.5.2 on the same 10,000-article site
# (docs/search.md, "Measurements"). `make bench-search` runs it; `make bench` calls it.
#
#   Benchmarks/search/run.sh
#
# Three builds a round, RUNS rounds (3), alternating: Masthead with search off, Masthead with
# search on, then Pagefind over the built site. Medians of wall time and peak memory (GNU time),
# user CPU time (system time is mostly the file system, shared with whatever else runs),
# and the index sizes: the bytes of the files (`du -sb`) and the disk they take (`du -sk`).
# Environment: ARTICLES (10000), RUNS (3), BENCH_DIR (/tmp/masthead-bench-search), MASTHEAD.
# Needs GNU time and PyPI's pagefind[bin]==1.5.2 (`make bench-search` installs them).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
ARTICLES="${ARTICLES:-10000}"
RUNS="${RUNS:-3}"
BENCH_DIR="${BENCH_DIR:-/tmp/masthead-bench-search}"
MASTHEAD="${MASTHEAD:-$(cd "$ROOT" && swift build -c release --show-bin-path)/masthead}"
[ -x "$MASTHEAD" ] || { echo "no masthead binary at $MASTHEAD: run swift build -c release first" >&2; exit 2; }
python3 -m pagefind --version >/dev/null 2>&1 || { echo "pagefind is not installed: pip install 'pagefind[bin]==1.5.2'" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is not installed (make bench installs Debian's time)" >&2; exit 2; }

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mkdir -p "$BENCH_DIR"
ON="$BENCH_DIR/site-on"
OFF="$BENCH_DIR/site-off"
# SUMMARY_ONLY=1 prints the table of the last run again.
if [ -z "${SUMMARY_ONLY:-}" ]; then
python3 "$ROOT/Tests/browser/generate_site.py" --articles "$ARTICLES" --out "$ON" >/dev/null
rm -rf "$OFF" && cp -r "$ON" "$OFF"
# Search off: no `search:` in site.yml and no search template.
python3 - "$OFF/Content/site.yml" <<'PY'
import re, sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
open(path, "w", encoding="utf-8").write(re.sub(r"(?m)^search:.*\n(?:[ #].*\n)*", "", text))
PY
rm -f "$OFF/Templates/search.mustache"

# measure NAME command...: appends "wall maxrss_kb user sys" to $BENCH_DIR/NAME.times.
measure() {
  local name="$1"; shift
  local stats; stats="$(mktemp)"
  /usr/bin/time -f "%e %M %U %S" -o "$stats" "$@" >"$stats.log" 2>&1 || { echo "FAILED: $*" >&2; tail -20 "$stats.log" >&2; exit 1; }
  cat "$stats" >>"$BENCH_DIR/$name.times"
  rm -f "$stats" "$stats.log"
}

rm -f "$BENCH_DIR"/*.times
# Each site built once first, unmeasured: its image cache then holds the social cards, drawn
# once per site (docs/images.md), so every round times the same work, the first one too.
"$MASTHEAD" build --quiet --site "$OFF" --output "$BENCH_DIR/out-off" >/dev/null 2>&1 || true
"$MASTHEAD" build --quiet --site "$ON" --output "$BENCH_DIR/out-on" >/dev/null 2>&1 || true
for run in $(seq 1 "$RUNS"); do
  echo "round $run of $RUNS" >&2
  rm -rf "$BENCH_DIR/out-off" "$BENCH_DIR/out-on"
  sync
  measure off "$MASTHEAD" build --quiet --no-cache --site "$OFF" --output "$BENCH_DIR/out-off"
  measure on "$MASTHEAD" build --quiet --no-cache --site "$ON" --output "$BENCH_DIR/out-on"
  rm -rf "$BENCH_DIR/out-off/pagefind"
  measure pagefind python3 -m pagefind --site "$BENCH_DIR/out-off" --output-subdir pagefind
done
fi

column() { cut -d' ' -f"$2" "$BENCH_DIR/$1.times" | median; }
cpu() { cut -d' ' -f3 "$BENCH_DIR/$1.times" | median; }
index_bytes=$(( $(du -sb "$BENCH_DIR/out-on/search" | cut -f1) - $(stat -c %s "$BENCH_DIR/out-on/search/index.html") ))
index_kb=$(du -sk "$BENCH_DIR/out-on/search" | cut -f1)
pagefind_bytes=$(du -sb "$BENCH_DIR/out-off/pagefind" | cut -f1)
pagefind_kb=$(du -sk "$BENCH_DIR/out-off/pagefind" | cut -f1)
pages=$(find "$BENCH_DIR/out-off" -name '*.html' | wc -l)
off_wall=$(column off 1); on_wall=$(column on 1); pf_wall=$(column pagefind 1)
off_rss=$(column off 2); on_rss=$(column on 2); pf_rss=$(column pagefind 2)
off_cpu=$(cpu off); on_cpu=$(cpu on); pf_cpu=$(cpu pagefind)
awk -v n="$ARTICLES" -v pages="$pages" -v runs="$RUNS" \
  -v offw="$off_wall" -v onw="$on_wall" -v pfw="$pf_wall" -v offm="$off_rss" -v onm="$on_rss" -v pfm="$pf_rss" -v offc="$off_cpu" -v onc="$on_cpu" -v pfc="$pf_cpu" \
  -v ib="$index_bytes" -v ik="$index_kb" -v pb="$pagefind_bytes" -v pk="$pagefind_kb" 'BEGIN {
  printf "Search on %d articles (%d HTML pages), median of %d alternating runs\n\n", n, pages, runs
  printf "| | wall time | user CPU time | peak memory | index: bytes of its files | index: disk used |\n|---|---:|---:|---:|---:|---:|\n"
  printf "| Masthead build, search off | %.2f s | %.2f s | %.0f MB | | |\n", offw, offc, offm / 1024
  printf "| Masthead build, search on | %.2f s | %.2f s | %.0f MB | %.1f MB | %.1f MB |\n", onw, onc, onm / 1024, ib / 1048576, ik / 1024
  printf "| what search adds to the build | %+.2f s (%+.1f%%) | %+.2f s (%+.1f%%) | %+.0f MB | | |\n", onw - offw, (onw - offw) / offw * 100, \
    onc - offc, (onc - offc) / offc * 100, (onm - offm) / 1024
  printf "| Pagefind 1.5.2 after the build | %.2f s | %.2f s | %.0f MB | %.1f MB | %.1f MB |\n", pfw, pfc, pfm / 1024, pb / 1048576, pk / 1024
  printf "| Masthead (what search adds) / Pagefind | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× |\n", (onw - offw) / pfw, (onc - offc) / pfc, \
    (onm - offm) / pfm, ib / pb, ik / pk
}'
