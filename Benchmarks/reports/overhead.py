#!/usr/bin/env python3
"""Masthead's time around the database, against the database's own clients (issue 40).

Reads the statements a `MASTHEAD_TIMINGS=1` build sent (the log `run.sh` writes for each
source: WORK/sqlite.log, WORK/postgres.log), runs each, with its parameters, in the
database's own command-line client (`psql` with `\\timing`, `sqlite3` with `.timer on`),
RUNS times, and prints per source: the sum of the statements' median times in the client,
Masthead's median build time (WORK/SOURCE.times, written by run.sh) and the difference,
which is Masthead's own time: starting, connecting, sending, receiving, drawing, writing.

    python3 Benchmarks/reports/overhead.py [WORK]     (WORK: /tmp/masthead-bench-reports; run.sh calls it last)

PostgreSQL needs MASTHEAD_TEST_POSTGRES_URL, as run.sh does.
"""
import os
import re
import statistics
import subprocess
import sys

WORK = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("MASTHEAD_BENCH_DIR", "/tmp/masthead-bench-reports")
RUNS = int(os.environ.get("RUNS", "3"))


def statements(log):
    """(place, sql, parameters, Masthead's seconds) of each statement in a MASTHEAD_TIMINGS log."""
    found = []
    lines = open(log, encoding="utf-8").read().split("\n")
    index = 0
    while index < len(lines):
        header = re.match(r"masthead: sql (\S+) \(dataset \S+, (\w+)\): ([0-9.]+) s", lines[index])
        index += 1
        if not header:
            continue
        body, parameters = [], []
        while index < len(lines) and lines[index].startswith("  "):
            text = lines[index][2:]
            if text.startswith("-- parameters: "):
                parameters = split_parameters(text[len("-- parameters: "):])
            else:
                body.append(text)
            index += 1
        found.append((header.group(1), "\n".join(body), parameters, float(header.group(3))))
    return found


def split_parameters(text):
    """`'code', 2026-04-30T22:00:00Z, 1` as SQL literals."""
    values, current, quoted = [], "", False
    for character in text:
        if character == "'":
            quoted = not quoted
        if character == "," and not quoted:
            values.append(current.strip())
            current = ""
        else:
            current += character
    if current.strip():
        values.append(current.strip())
    return [value if value.startswith("'") or re.fullmatch(r"-?[0-9.]+|TRUE|FALSE", value) else f"'{value}'" for value in values]


def postgres_seconds(url, sql, parameters):
    """The statement's median time in psql, prepared once and executed RUNS times."""
    script = f"PREPARE bench AS {sql};\n\\timing on\n"
    execute = f"EXECUTE bench({', '.join(parameters)});\n" if parameters else "EXECUTE bench;\n"
    script += execute * RUNS
    result = subprocess.run(["psql", url, "-X", "-q", "-o", "/dev/null", "-v", "ON_ERROR_STOP=1"], input=script,
                            capture_output=True, text=True, check=True)
    times = [float(value) / 1000 for value in re.findall(r"Time: ([0-9.]+) ms", result.stdout + result.stderr)]
    return statistics.median(times)


def sqlite_seconds(database, sql, parameters):
    """The statement's median time in sqlite3, RUNS times. The CLI lacks the `masthead_local`
    function Masthead adds; the benchmark's dates are local text, which the statements' CASE
    reads without calling it, so it is replaced by the value itself."""
    sql = re.sub(r"masthead_local\(([^()]*)\)", r"\1", sql)
    script = ".timer on\n.output /dev/null\n"
    for number, value in enumerate(parameters, start=1):
        script += f".parameter set ?{number} {value}\n"
    script += (sql + ";\n") * RUNS
    result = subprocess.run(["sqlite3", "-readonly", database], input=script, capture_output=True, text=True, check=True)
    times = [float(value) for value in re.findall(r"Run Time: real ([0-9.]+)", result.stdout + result.stderr)]
    return statistics.median(times)


def median_build(source):
    with open(os.path.join(WORK, f"{source}.times")) as file:
        return statistics.median(float(line.split()[0]) for line in file if line.strip())


def main():
    print(f"\nMasthead's time around the database: each statement run {RUNS} times in the database's own client (median);")
    print("Masthead sends its statements several at a time, so its own times of them overlap.\n")
    print("| source | statements | their times in the database's client | the same in Masthead (connect, send, receive) | "
          "Masthead's build | build − client | (build − client) / client |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for source in ("sqlite", "postgres"):
        log = os.path.join(WORK, f"{source}.log")
        if not os.path.exists(log):
            continue
        sent = statements(log)
        if source == "postgres":
            url = os.environ.get("MASTHEAD_TEST_POSTGRES_URL")
            if not url:
                continue
            client = sum(postgres_seconds(url, sql, parameters) for _, sql, parameters, _ in sent)
        else:
            database = os.path.join(WORK, "sqlite", "Content", "stats", "events.sqlite")
            client = sum(sqlite_seconds(database, sql, parameters) for _, sql, parameters, _ in sent)
        build = median_build(source)
        own = build - client
        inside = sum(seconds for *_, seconds in sent)
        print(f"| {source} | {len(sent)} | {client:.2f} s | {inside:.2f} s | {build:.2f} s | {own:.2f} s | {own / client:.1%} |")


if __name__ == "__main__":
    main()
