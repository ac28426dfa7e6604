#!/usr/bin/env python3
"""Copies the benchmark's events CSV into a SQLite file, as an app's database would hold them.

    python3 Benchmarks/reports/to_sqlite.py /tmp/masthead-bench-reports/events.csv /tmp/.../events.sqlite

One table, `events (id INTEGER PRIMARY KEY, date DATE, member TEXT, event TEXT, points INTEGER)`,
rows in the CSV's order, and the indexes an app's database would keep (`INDEXES`, shared with
run.sh's PostgreSQL table). Then ANALYZE, so the planner knows the sizes. A file already holding
the rows only gets the indexes it lacks: `python3 to_sqlite.py --indexes FILE`.
"""
import csv
import os
import sqlite3
import sys

# A member's history; the activity of a period by kind, covering the columns the reports
# read (a reporting index: date ranges, sums by day); the events of one kind.
INDEXES = [
    "CREATE INDEX IF NOT EXISTS events_member_date ON events (member, date)",
    "CREATE INDEX IF NOT EXISTS events_date_event_points ON events (date, event, points)",
    "CREATE INDEX IF NOT EXISTS events_event_date ON events (event, date)",
]

if sys.argv[1] == "--indexes":
    database = sqlite3.connect(sys.argv[2])
    missing = [sql for sql in INDEXES if not database.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?", (sql.split()[5],)).fetchone()]
    for sql in missing:
        database.execute(sql)
    if missing:
        database.execute("ANALYZE")
    database.commit()
    database.close()
    print(f"{sys.argv[2]}: {len(missing)} index(es) added")
    sys.exit(0)

source, target = sys.argv[1], sys.argv[2]
if os.path.exists(target):
    os.remove(target)
database = sqlite3.connect(target)
database.execute("PRAGMA journal_mode = OFF")
database.execute("PRAGMA synchronous = OFF")
database.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, date DATE NOT NULL, member TEXT NOT NULL, event TEXT NOT NULL, points INTEGER NOT NULL)")
with open(source, newline="", encoding="utf-8") as rows:
    reader = csv.reader(rows)
    next(reader)
    database.executemany("INSERT INTO events (date, member, event, points) VALUES (?, ?, ?, ?)",
                         ((date, member, event, int(points)) for date, member, event, points in reader))
for sql in INDEXES:
    database.execute(sql)
database.execute("ANALYZE")
database.commit()
count = database.execute("SELECT count(*) FROM events").fetchone()[0]
database.close()
print(f"wrote {count} events to {target}")
