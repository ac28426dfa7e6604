#!/bin/sh
# What `masthead build` asks PostgreSQL after a build, with and without `version:` (issue 40):
# one report page reading two tables, the events (run.sh's four blocks) and 200,000 members
# (two blocks). Three builds of each site, the two sites one after the other:
#   1. nothing changed since the last build;
#   2. a new day of events (the last day's rows again, a day later);
#   3. nothing changed again.
# Prints each build's wall time and what its check asked (--verbose), then removes the new day.
#
#   scripts/with-postgres.sh sh Benchmarks/reports/new_day.sh [EVENTS]
#
# MASTHEAD=path uses a built binary (default: a release build in .build-reports, as run.sh).
set -eu
EVENTS=${1:-10000000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
URL=${MASTHEAD_TEST_POSTGRES_URL:?run this through scripts/with-postgres.sh}
WORK=${MASTHEAD_BENCH_DIR:-/tmp/masthead-bench-new-day}
SCRATCH=${SCRATCH_PATH:-$ROOT/.build-reports}
if [ -z "${MASTHEAD:-}" ]; then
    swift build -c release --scratch-path "$SCRATCH" --product masthead 2>&1 | grep -E "error|Build complete" || true
fi
BIN=${MASTHEAD:-$SCRATCH/release/masthead}

# The events (generate_in_database.sh) and the members.
if [ "$(psql "$URL" -At -c "SELECT count(*) FROM events" 2>/dev/null || true)" != "$EVENTS" ]; then
    sh "$ROOT/Benchmarks/reports/generate_in_database.sh" postgres "$EVENTS" "$URL"
fi
psql "$URL" -q -v ON_ERROR_STOP=1 <<'SQL'
DROP TABLE IF EXISTS members;
CREATE TABLE members AS
SELECT 'M' || lpad(n::text, 6, '0') AS member, (ARRAY['Milano', 'Roma', 'Torino', 'Napoli', 'Bologna'])[1 + n % 5] AS city,
       date '2024-01-01' + (n % 700) AS joined
FROM generate_series(0, 199999) AS n;
ALTER TABLE members ADD PRIMARY KEY (member);
VACUUM ANALYZE members;
SQL

site() { # name [version of events] [version of members]
    dir="$WORK/$1"
    rm -rf "$dir"
    mkdir -p "$dir/Content/reports" "$dir/Templates"
    events_version=${2:+, version: \"$2\"}
    members_version=${3:+, version: \"$3\"}
    cat > "$dir/Content/site.yml" <<YML
title: Benchmark
language: it
datasets:
  events: { postgres: { url: env:MASTHEAD_STATS_URL }, table: events, timeout: 600$events_version }
  members: { postgres: { url: env:MASTHEAD_STATS_URL }, table: members, timeout: 600$members_version }
YML
    printf '<!doctype html><title>{{page.title}}</title>{{$main}}{{/main}}\n' > "$dir/Templates/base.mustache"
    for name in home list terms article 404; do printf '{{<base}}{{$main}}{{/main}}{{/base}}\n' > "$dir/Templates/$name.mustache"; done
    printf '{{<base}}{{$main}}{{{content}}}{{/main}}{{/base}}\n' > "$dir/Templates/report.mustache"
    # run.sh's four blocks over the events, then two over the members.
    { printf -- '---\ntitle: Benchmark\ndate: 2026-11-01\n---\n'; sed "s#SOURCE#events#" "$ROOT/Benchmarks/reports/events-blocks.md"; } \
        > "$dir/Content/reports/bench.md"
    cat >> "$dir/Content/reports/bench.md" <<'MD'
```chart
type: bar
title: Members by city
source: members
x: city
```
```chart
type: line
title: Members joining per month
source: members
x: { field: joined, bucket: month }
```
MD
}
site plain
site versioned "SELECT max(id) FROM events" "SELECT count(*), max(joined) FROM members"

build() { # site
    started=$(date +%s.%N)
    MASTHEAD_STATS_URL="$URL" "$BIN" build --verbose --site "$WORK/$1" > "$WORK/$1.log" 2>&1 || { cat "$WORK/$1.log"; exit 1; }
    seconds=$(awk -v start="$started" -v end="$(date +%s.%N)" 'BEGIN { printf "%.2f", end - start }')
    checks=$(grep -o "database checks: .*" "$WORK/$1.log" | sed 's/database checks: //' || true)
    outcome=$(grep -E -o "Nothing changed since the last build|Database rows changed: [^)]*kept" "$WORK/$1.log" | head -1 || true)
    echo "| $1 | $2 | $seconds | ${checks:-(first build)} | ${outcome:-built} |"
}

for name in plain versioned; do build "$name" "first build" > /dev/null; done
echo "$EVENTS events, 200,000 members; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| site | build | wall (s) | what the check asked | outcome |"
echo "|---|---|---:|---|---|"
for name in plain versioned; do build "$name" "nothing changed"; done
psql "$URL" -q -c "INSERT INTO events (date, member, event, points)
    SELECT date + 1, member, event, points FROM events WHERE date = (SELECT max(date) FROM events)"
for name in plain versioned; do build "$name" "a new day of events"; done
for name in plain versioned; do build "$name" "nothing changed"; done
psql "$URL" -q -c "DELETE FROM events WHERE date = (SELECT max(date) FROM events)"
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
