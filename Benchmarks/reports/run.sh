#!/bin/sh
# One report page of four blocks over 10 million generated events, built with `masthead build`
# from a JSON Lines file, a CSV file, a SQLite file and (under scripts/with-postgres.sh) a
# PostgreSQL table, in alternating runs; prints the median wall time and peak memory
# (GNU /usr/bin/time) of each. Usage:
#   Benchmarks/reports/run.sh [EVENTS]                              files and SQLite
#   scripts/with-postgres.sh sh Benchmarks/reports/run.sh [EVENTS]  and PostgreSQL
# DATABASES_ONLY=1 leaves out the two files and makes the events inside each database
# (generate_in_database.sh: minutes for 100 million events where the CSV takes hours;
# other events than generate.py's, the same in both databases); DATABASES=sqlite or
# DATABASES=postgres then builds from one of them only (at 100 million events the two
# together take about 25 GB). MASTHEAD=path uses a built binary instead of building one.
set -eu
EVENTS=${1:-10000000}
RUNS=${RUNS:-3}
DATABASES_ONLY=${DATABASES_ONLY:-}
DATABASES=${DATABASES:-sqlite postgres}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
WORK=${MASTHEAD_BENCH_DIR:-/tmp/masthead-bench-reports}
SCRATCH=${SCRATCH_PATH:-$ROOT/.build-reports}
POSTGRES_URL=${MASTHEAD_TEST_POSTGRES_URL:-}
DATA="$WORK/data"
mkdir -p "$DATA"

uses() { case " $DATABASES " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
if [ -z "$DATABASES_ONLY" ]; then
    DATABASES="sqlite postgres"
    # The events, written once per size: JSON Lines and CSV (the same events), then SQLite.
    if [ "$(cat "$DATA/events.count" 2>/dev/null)" != "$EVENTS" ]; then
        rm -f "$DATA/events.count" "$DATA/events.sqlite.generated"
        python3 "$ROOT/Benchmarks/reports/generate.py" "$DATA/events.jsonl" "$EVENTS" "$DATA/events.csv"
        python3 "$ROOT/Benchmarks/reports/to_sqlite.py" "$DATA/events.csv" "$DATA/events.sqlite"
        echo "$EVENTS" > "$DATA/events.count"
    fi
    # Files written before the reporting indexes existed get them (a no-op otherwise).
    python3 "$ROOT/Benchmarks/reports/to_sqlite.py" --indexes "$DATA/events.sqlite"
    ls -l "$DATA"/events.jsonl "$DATA"/events.csv "$DATA"/events.sqlite
elif uses sqlite && [ "$(cat "$DATA/events.sqlite.generated" 2>/dev/null)" != "$EVENTS" ]; then
    # The SQLite file made in place; the files of generate.py no longer match it.
    rm -f "$DATA/events.count" "$DATA/events.sqlite.generated" "$DATA/events.jsonl" "$DATA/events.csv"
    nice -n 19 sh "$ROOT/Benchmarks/reports/generate_in_database.sh" sqlite "$EVENTS" "$DATA/events.sqlite"
    echo "$EVENTS" > "$DATA/events.sqlite.generated"
fi
uses postgres || POSTGRES_URL=

# A table loaded from the CSV holds its count; one made by generate_in_database.sh says so.
loaded=$([ -z "$POSTGRES_URL" ] || psql "$POSTGRES_URL" -At -c \
    "SELECT coalesce(obj_description('events'::regclass, 'pg_class'), count(*)::text) FROM events" 2>/dev/null || true)
if [ -n "$POSTGRES_URL" ] && [ -n "$DATABASES_ONLY" ]; then
    if [ "$loaded" != "generate_in_database.sh $EVENTS" ]; then
        nice -n 19 sh "$ROOT/Benchmarks/reports/generate_in_database.sh" postgres "$EVENTS" "$POSTGRES_URL"
        psql "$POSTGRES_URL" -q -c "COMMENT ON TABLE events IS 'generate_in_database.sh $EVENTS'"
    fi
elif [ -n "$POSTGRES_URL" ] && [ "$loaded" != "$EVENTS" ]; then
    # The table an app's database would have: an identity key and the indexes of to_sqlite.py.
    started=$(date +%s)
    psql "$POSTGRES_URL" -q -v ON_ERROR_STOP=1 <<SQL
DROP TABLE IF EXISTS events;
CREATE TABLE events (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, date date NOT NULL,
                     member text NOT NULL, event text NOT NULL, points integer NOT NULL);
\copy events (date, member, event, points) FROM '$DATA/events.csv' WITH (FORMAT csv, HEADER true)
CREATE INDEX events_member_date ON events (member, date);
CREATE INDEX events_date_event_points ON events (date, event, points);
CREATE INDEX events_event_date ON events (event, date);
VACUUM ANALYZE events;
SQL
    echo "PostgreSQL: $(psql "$POSTGRES_URL" -At -c "SELECT count(*) || ' events, ' || pg_size_pretty(pg_total_relation_size('events')) FROM events")," \
        "loaded in $(($(date +%s) - started)) s"
fi

# One site per source; the page is the same but for `source:`.
site() { # name source [datasets line]
    dir="$WORK/$1"
    rm -rf "$dir/Content" "$dir/public"
    mkdir -p "$dir/Content/stats" "$dir/Content/reports" "$dir/Templates"
    printf 'title: Benchmark\nlanguage: it\n' > "$dir/Content/site.yml"
    [ -z "${3:-}" ] || printf 'datasets:\n  events: %s\n' "$3" >> "$dir/Content/site.yml"
    printf '<!doctype html><title>{{page.title}}</title>{{$main}}{{/main}}\n' > "$dir/Templates/base.mustache"
    for name in home list terms article 404; do printf '{{<base}}{{$main}}{{/main}}{{/base}}\n' > "$dir/Templates/$name.mustache"; done
    printf '{{<base}}{{$main}}{{{content}}}{{/main}}{{/base}}\n' > "$dir/Templates/page.mustache"
    cp "$dir/Templates/page.mustache" "$dir/Templates/report.mustache"
    # Four blocks: a stacked bar, distinct members per month (a set of up to 200,000 members
    # per month when streamed), a donut and a kpi with a filter.
    { printf -- '---\ntitle: Benchmark\ndate: 2026-11-01\n---\n'; sed "s#SOURCE#$2#" "$ROOT/Benchmarks/reports/events-blocks.md"; } \
        > "$dir/Content/reports/bench.md"
}
SOURCES=
if [ -z "$DATABASES_ONLY" ]; then
    site jsonl stats/events.jsonl
    site csv stats/events.csv
    ln -f "$DATA/events.jsonl" "$WORK/jsonl/Content/stats/events.jsonl"
    ln -f "$DATA/events.csv" "$WORK/csv/Content/stats/events.csv"
    SOURCES="jsonl csv"
fi
if uses sqlite; then
    site sqlite events '{ sqlite: stats/events.sqlite, table: events, timeout: 600 }'
    ln -f "$DATA/events.sqlite" "$WORK/sqlite/Content/stats/events.sqlite"
    SOURCES="$SOURCES sqlite"
fi
if [ -n "$POSTGRES_URL" ]; then
    site postgres events '{ postgres: { url: env:MASTHEAD_STATS_URL }, table: events, timeout: 600 }'
    SOURCES="$SOURCES postgres"
fi

if [ -z "${MASTHEAD:-}" ]; then
    swift build -c release --scratch-path "$SCRATCH" --product masthead 2>&1 | grep -E "error|Compiling masthead|Build complete" || true
fi
BIN=${MASTHEAD:-$SCRATCH/release/masthead}

build() { # source, then what runs before masthead (variables, /usr/bin/time)
    name=$1
    shift
    env MASTHEAD_STATS_URL="$POSTGRES_URL" "$@" "$BIN" build --no-cache --site "$WORK/$name" --output "$WORK/$name/public"
}

# Once each, not timed: the statements each database was sent, and the page, which must
# be the same whatever the source (the blocks' HTML ids hash their text, so they differ):
# the same as from JSON Lines, or with DATABASES_ONLY as the first database's page of this
# size (kept in DATA, so a run of one database checks it against a run of the other).
rm -f "$WORK"/*.log
reference="$WORK/jsonl.page"
[ -z "$DATABASES_ONLY" ] || reference="$DATA/databases-$EVENTS.page"
for name in $SOURCES; do
    build "$name" MASTHEAD_TIMINGS=1 > "$WORK/$name.log" 2>&1 || { cat "$WORK/$name.log"; exit 1; }
    sed -E 's/block-[0-9]+-[0-9a-z]+/block/g' "$WORK/$name/public/reports/bench/index.html" > "$WORK/$name.page"
    [ -e "$reference" ] || cp "$WORK/$name.page" "$reference"
    if ! cmp -s "$reference" "$WORK/$name.page"; then
        echo "the page built from $name differs from $reference: diff $reference $WORK/$name.page" >&2
        exit 1
    fi
    grep -A12 "masthead: sql" "$WORK/$name.log" || true
done

echo "load before the runs: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$WORK"/*.times
run=1
while [ "$run" -le "$RUNS" ]; do
    for name in $SOURCES; do
        build "$name" /usr/bin/time -f '%e %M %U %S' -o "$WORK/time.txt" > /dev/null
        cat "$WORK/time.txt" >> "$WORK/$name.times"
        echo "run $run, $name: $(cat "$WORK/time.txt") (wall s, peak KB, user s, system s)"
    done
    run=$((run + 1))
done
echo "load after the runs: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { # file column
    sort -n -k"$2","$2" "$1" | awk -v column="$2" '{ values[NR] = $column } END { print values[int((NR + 1) / 2)] }'
}
jsonl=$([ -n "$DATABASES_ONLY" ] || median "$WORK/jsonl.times" 1)
csv=$([ -n "$DATABASES_ONLY" ] || median "$WORK/csv.times" 1)
echo
echo "$EVENTS events, report page of 4 blocks, medians of $RUNS alternating runs:"
echo
if [ -z "$DATABASES_ONLY" ]; then
    echo "| source | wall (s) | runs (s) | user CPU (s) | peak memory (MB) | faster than CSV | faster than JSON Lines |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
else
    echo "| source | wall (s) | runs (s) | user CPU (s) | peak memory (MB) |"
    echo "|---|---:|---:|---:|---:|"
fi
for name in $SOURCES; do
    wall=$(median "$WORK/$name.times" 1)
    awk -v name="$name" -v wall="$wall" -v csv="$csv" -v jsonl="$jsonl" \
        -v runs="$(cut -d' ' -f1 "$WORK/$name.times" | paste -sd, - | sed 's/,/, /g')" \
        -v user="$(median "$WORK/$name.times" 3)" -v memory="$(median "$WORK/$name.times" 2)" \
        'BEGIN { printf "| %s | %.2f | %s | %.2f | %.0f |", name, wall, runs, user, memory / 1024
                 if (csv != "") printf " %.1f× | %.1f× |", csv / wall, jsonl / wall
                 printf "\n" }'
done

# Masthead's time around the database, against the database's own client (overhead.py).
MASTHEAD_TEST_POSTGRES_URL="$POSTGRES_URL" RUNS="$RUNS" python3 "$ROOT/Benchmarks/reports/overhead.py" "$WORK"
