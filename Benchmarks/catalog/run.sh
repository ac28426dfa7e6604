#!/bin/sh
# The 100,000-row catalog case: generate the site, build it with masthead, report
# wall time and peak memory (maximum resident set size) from /usr/bin/time -v.
#
#   sh Benchmarks/catalog/run.sh [ROWS] [debug|release]
#
# Also runs a 10,000-row build, so the two peaks show how memory grows with the data.
set -eu
ROWS=${1:-100000}
CONFIG=${2:-release}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build-bench}
WORK=${WORK:-/tmp/masthead-catalog-bench}

swift build --package-path "$ROOT" --scratch-path "$SCRATCH" -c "$CONFIG" --product masthead
BIN="$SCRATCH/$CONFIG/masthead"

measure() {
    rows=$1
    site="$WORK/site-$rows"
    rm -rf "$site" "$WORK/out-$rows"
    python3 "$HERE/generate.py" "$site" "$rows"
    /usr/bin/time -v "$BIN" build --site "$site" --output "$WORK/out-$rows" >"$WORK/log-$rows.txt" 2>"$WORK/time-$rows.txt"
    tail -n 2 "$WORK/log-$rows.txt"
    wall=$(grep "Elapsed (wall clock)" "$WORK/time-$rows.txt" | sed 's/.*: //')
    peak=$(grep "Maximum resident set size" "$WORK/time-$rows.txt" | sed 's/.*: //')
    files=$(find "$WORK/out-$rows" -type f ! -name .masthead-output | wc -l)
    echo "rows=$rows wall=$wall peak_rss=$((peak / 1024)) MB files=$files"
}

mkdir -p "$WORK"
measure 10000
measure "$ROWS"
