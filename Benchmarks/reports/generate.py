#!/usr/bin/env python3
"""Writes a large JSON Lines activity file for the aggregation benchmark, and the same
events as CSV when a third path is given.

    python3 Benchmarks/reports/generate.py /tmp/masthead-bench/events.jsonl 10000000 [/tmp/masthead-bench/events.csv]

One object per line: {"date":"2025-05-01","member":"M000123","event":"code","points":20};
in the CSV, a header `date,member,event,points` and one line per event in the same order.
Seeded, so every run writes the same bytes. Not committed: about 700 MB (JSON Lines) and 300 MB (CSV).
"""
import random
import sys
import datetime as dt

path = sys.argv[1] if len(sys.argv) > 1 else "/tmp/masthead-bench/events.jsonl"
count = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000_000
csv_path = sys.argv[3] if len(sys.argv) > 3 else None
rng = random.Random(42)
start = dt.date(2025, 5, 1)
days = [(start + dt.timedelta(days=d)).isoformat() for d in range(549)]
kinds = [("code", [10, 20, 30, 50]), ("code", [10, 20, 30, 50]), ("code", [10, 20, 30, 50]), ("mission", [50, 100, 200]),
         ("questionnaire", [0, 25]), ("onboarding", [100]), ("redemption", [-150, -450, -900])]
csv_out = open(csv_path, "w", encoding="utf-8") if csv_path else None
if csv_out:
    csv_out.write("date,member,event,points\n")
with open(path, "w", encoding="utf-8") as out:
    batch = []
    for index in range(count):
        kind, points = kinds[rng.randrange(len(kinds))]
        batch.append((days[rng.randrange(549)], rng.randrange(200_000), kind, points[rng.randrange(len(points))]))
        if len(batch) == 100_000 or index == count - 1:
            out.write("".join('{"date":"%s","member":"M%06d","event":"%s","points":%d}\n' % event for event in batch))
            if csv_out:
                csv_out.write("".join("%s,M%06d,%s,%d\n" % event for event in batch))
            batch.clear()
if csv_out:
    csv_out.close()
print(f"wrote {count} events to {path}" + (f" and {csv_path}" if csv_path else ""))
