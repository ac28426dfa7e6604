#!/bin/sh
# Makes the benchmark's events inside a database, with no CSV between: the table of
# to_sqlite.py (SQLite) or of run.sh (PostgreSQL), filled from generate_series, then the
# same three indexes and the planner's statistics. For sizes where generate.py and
# to_sqlite.py take too long (100 million events: over an hour through CSV). Prints the
# time of each step and the database's size.
#
#   Benchmarks/reports/generate_in_database.sh sqlite EVENTS FILE      (replaces FILE)
#   Benchmarks/reports/generate_in_database.sh postgres EVENTS URL     (replaces table events)
#
# run.sh calls it when DATABASES_ONLY=1. The distribution is generate.py's: a day of 549
# from 2025-05-01, a member of 200,000 ('M%06d'), a kind of seven (code three times,
# mission, questionnaire, onboarding, redemption), then one of the kind's points, each
# uniform. The events are not generate.py's (its Python generator cannot run in SQL) but
# are deterministic: event n is drawn from a hash of n, not from random() (SQLite's takes
# no seed), computed alike in both databases, so SQLite and PostgreSQL hold the same rows
# in the same order and run.sh can check that they draw the same page.
set -eu
KIND=$1
EVENTS=$2
TARGET=$3
now() { date +%s.%N; }
since() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.0f s", end - start }'; }

# The SELECT of the events, in DIALECT (sqlite or postgres). Two 32-bit hashes of n,
# a = h(2n) and b = h(2n + 1), where h is a well-known integer hash (three xor-shifts by 16
# and two multiplications by 0x45d9f3b, modulo 2^32; a permutation of 32-bit numbers);
# products stay below 2^63, as SQLite's integers need. The day is a mod 549, the kind
# (a / 549) mod 7, the member b mod 200,000, the pick among the kind's points
# (b / 200,000) mod 12 (12 is a multiple of each kind's number of points); the biases of
# taking a remainder are below 0.03%. Each level is a subquery that the database may not
# merge into the next (LIMIT -1 OFFSET 0 in SQLite, OFFSET 0 in PostgreSQL), else each
# use of a column would compute its hash again.
events_select() { # dialect count
    if [ "$1" = sqlite ]; then
        fence="LIMIT -1 OFFSET 0"
        series="SELECT value AS n FROM generate_series(1, $2)"
    else
        fence="OFFSET 0"
        series="SELECT n FROM generate_series(1::bigint, $2::bigint) AS n"
    fi
    xor() { # SQLite has no exclusive or: a | b minus a & b.
        if [ "$1" = sqlite ]; then echo "(($2 | $3) - ($2 & $3))"; else echo "($2 # $3)"; fi
    }
    step() { # x: one xor-shift and one multiplication
        echo "(($(xor "$1" "$2" "($2 >> 16)") * 73244475) & 4294967295)"
    }
    last() { xor "$1" "$2" "($2 >> 16)"; }
    cat <<SQL
SELECT $(if [ "$1" = sqlite ]; then echo "date('2025-05-01', '+' || (a % 549) || ' days')"; else echo "date '2025-05-01' + (a % 549)::int"; fi),
       $(if [ "$1" = sqlite ]; then echo "printf('M%06d', b % 200000)"; else echo "'M' || lpad((b % 200000)::text, 6, '0')"; fi),
       CASE a / 549 % 7 WHEN 3 THEN 'mission' WHEN 4 THEN 'questionnaire' WHEN 5 THEN 'onboarding'
                        WHEN 6 THEN 'redemption' ELSE 'code' END,
       CASE a / 549 % 7
           WHEN 3 THEN CASE b / 200000 % 3 WHEN 0 THEN 50 WHEN 1 THEN 100 ELSE 200 END
           WHEN 4 THEN CASE b / 200000 % 2 WHEN 0 THEN 0 ELSE 25 END
           WHEN 5 THEN 100
           WHEN 6 THEN CASE b / 200000 % 3 WHEN 0 THEN -150 WHEN 1 THEN -450 ELSE -900 END
           ELSE CASE b / 200000 % 4 WHEN 0 THEN 10 WHEN 1 THEN 20 WHEN 2 THEN 30 ELSE 50 END
       END
FROM (SELECT n, $(last "$1" a) AS a, $(last "$1" b) AS b
 FROM (SELECT n, $(step "$1" a) AS a, $(step "$1" b) AS b
  FROM (SELECT n, $(step "$1" a) AS a, $(step "$1" b) AS b
   FROM (SELECT n, 2 * n AS a, 2 * n + 1 AS b FROM ($series) AS s $fence) AS l0 $fence) AS l1 $fence) AS l2 $fence) AS l3
SQL
}

case $KIND in
sqlite)
    rm -f "$TARGET" "$TARGET-journal"
    started=$(now)
    sqlite3 "$TARGET" > /dev/null <<SQL
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
CREATE TABLE events (id INTEGER PRIMARY KEY, date DATE NOT NULL, member TEXT NOT NULL, event TEXT NOT NULL, points INTEGER NOT NULL);
INSERT INTO events (date, member, event, points)
$(events_select sqlite "$EVENTS");
SQL
    echo "SQLite: $EVENTS events inserted in $(since "$started")"
    started=$(now)
    # The indexes of to_sqlite.py (INDEXES), then ANALYZE, as it does. A larger page cache
    # (1 GB) only makes the sorts of the index builds spill less.
    sqlite3 "$TARGET" > /dev/null <<'SQL'
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
PRAGMA cache_size = -1000000;
CREATE INDEX IF NOT EXISTS events_member_date ON events (member, date);
CREATE INDEX IF NOT EXISTS events_date_event_points ON events (date, event, points);
CREATE INDEX IF NOT EXISTS events_event_date ON events (event, date);
SQL
    echo "SQLite: indexes made in $(since "$started")"
    started=$(now)
    sqlite3 "$TARGET" "ANALYZE"
    echo "SQLite: ANALYZE in $(since "$started"); $(ls -l "$TARGET" | awk '{ printf "%.2f GB", $5 / 1e9 }')," \
        "$(sqlite3 "$TARGET" "SELECT count(*) FROM events") events"
    ;;
postgres)
    started=$(now)
    psql "$TARGET" -X -q -v ON_ERROR_STOP=1 <<SQL
SET client_min_messages = warning;
DROP TABLE IF EXISTS events;
CREATE TABLE events (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, date date NOT NULL,
                     member text NOT NULL, event text NOT NULL, points integer NOT NULL);
INSERT INTO events (date, member, event, points)
$(events_select postgres "$EVENTS");
SQL
    echo "PostgreSQL: $EVENTS events inserted in $(since "$started")"
    started=$(now)
    # run.sh's indexes; more memory for their sorts than the default 64 MB (a setting of
    # this session only; the server's settings, which the benchmark's statements use, stay).
    psql "$TARGET" -X -q -v ON_ERROR_STOP=1 <<'SQL'
SET maintenance_work_mem = '1GB';
CREATE INDEX events_member_date ON events (member, date);
CREATE INDEX events_date_event_points ON events (date, event, points);
CREATE INDEX events_event_date ON events (event, date);
SQL
    echo "PostgreSQL: indexes made in $(since "$started")"
    started=$(now)
    psql "$TARGET" -X -q -v ON_ERROR_STOP=1 -c "VACUUM ANALYZE events"
    echo "PostgreSQL: VACUUM ANALYZE in $(since "$started");" \
        "$(psql "$TARGET" -X -At -c "SELECT pg_size_pretty(pg_table_size('events')) || ' table, ' || pg_size_pretty(pg_indexes_size('events')) || ' indexes, ' || count(*) || ' events' FROM events")"
    ;;
*)
    echo "usage: $0 sqlite|postgres EVENTS FILE|URL" >&2
    exit 2
    ;;
esac
