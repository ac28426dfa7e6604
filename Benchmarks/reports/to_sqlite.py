#!/usr/bin/env python3
"""Copies the benchmark's events CSV into a SQLite file, as an app's database would hold them.

    python3 Benchmarks/reports/to_sqlite.py /tmp/masthead-bench-reports/events.csv /tmp/.../events.sqlite

One table, `events (id INTEGER PRIMARY KEY, date DATE, member TEXT, event TEXT, points INTEGER)`,
rows in the CSV's order, and the index an app keeps for a member's history,
`events_member_date (member, date)`. Then ANALYZE, so the planner knows the sizes.
"""
import csv
import os
import sqlite3
import sys

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
database.execute("CREATE INDEX events_member_date ON events (member, date)")
database.execute("ANALYZE")
database.commit()
count = database.execute("SELECT count(*) FROM events").fetchone()[0]
database.close()
print(f"wrote {count} events to {target}")
