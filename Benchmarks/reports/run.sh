#!/bin/sh
# Aggregates a generated 10-million-event JSON Lines file through `masthead build` and
# prints the time and peak memory (/usr/bin/time -v). Usage: Benchmarks/reports/run.sh [EVENTS]
set -eu
EVENTS=${1:-10000000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${MASTHEAD_BENCH_DIR:-/tmp/masthead-bench-reports}
SCRATCH=${SCRATCH_PATH:-$ROOT/.build-reports}
mkdir -p "$WORK/Content/stats" "$WORK/Content/reports" "$WORK/Templates"
if [ ! -s "$WORK/Content/stats/events.jsonl" ] || [ "$(cat "$WORK/events.count" 2>/dev/null)" != "$EVENTS" ]; then
    python3 "$ROOT/Benchmarks/reports/generate.py" "$WORK/Content/stats/events.jsonl" "$EVENTS"
    echo "$EVENTS" > "$WORK/events.count"
fi
ls -l "$WORK/Content/stats/events.jsonl"
printf 'title: Benchmark\nlanguage: it\n' > "$WORK/Content/site.yml"
printf '<!doctype html><title>{{page.title}}</title>{{$main}}{{/main}}\n' > "$WORK/Templates/base.mustache"
for name in home list terms article 404; do printf '{{<base}}{{$main}}{{/main}}{{/base}}\n' > "$WORK/Templates/$name.mustache"; done
printf '{{<base}}{{$main}}{{{content}}}{{/main}}{{/base}}\n' > "$WORK/Templates/page.mustache"
cp "$WORK/Templates/page.mustache" "$WORK/Templates/report.mustache"

swift build -c release --scratch-path "$SCRATCH" --product masthead 2>&1 | grep -E "error|Compiling masthead|Build complete" || true
BIN="$SCRATCH/release/masthead"

run() {
    echo "== $1"
    /usr/bin/time -v "$BIN" build --site "$WORK" --output "$WORK/public" 2> "$WORK/time.txt"
    grep -E "Elapsed \(wall clock\)|Maximum resident set size" "$WORK/time.txt"
}

# One block: one streaming pass over the file.
cat > "$WORK/Content/reports/bench.md" <<'MD'
---
title: Benchmark
date: 2026-11-01
---
```chart
type: stacked-bar
title: Points per month by event
source: stats/events.jsonl
x: { field: date, bucket: month }
y: { sum: points }
series: event
```
MD
run "1 chart: sum of points per month by event (one pass)"

# Four different blocks, read in one pass together; distinct keeps a set of 200,000 members per month.
cat >> "$WORK/Content/reports/bench.md" <<'MD'
```chart
type: line
title: Active members per month
source: stats/events.jsonl
x: { field: date, bucket: month }
y: { distinct: member }
```
```chart
type: donut
title: Events by kind
source: stats/events.jsonl
x: event
```
```kpi
title: Points earned
source: stats/events.jsonl
where: { points: { min: 1 } }
x: { field: date, bucket: quarter }
y: { sum: points }
```
MD
run "4 blocks, one with distinct members (one pass for all four)"
