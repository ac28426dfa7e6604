#!/usr/bin/env python3
"""Measures the time from saving an article to the `rebuild` event that tells pages to
reload, with `masthead serve` on a site (the default one, or one made by
generate_site.py).

    python3 Tests/browser/measure_reload.py --masthead .build/release/masthead --site /tmp/masthead-10k [--runs 7]
"""
import argparse
import http.client
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    parser.add_argument("--site", required=True)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--wait", type=float, default=60, help="seconds to wait for each rebuild event")
    parser.add_argument("--copy", action="store_true", help="work on a copy of the site (for the default site)")
    parser.add_argument("--article", help="the file of Content/articles/ to save (default: the middle one by name)")
    parser.add_argument("--gap", type=float, default=0.3, help="seconds between a rebuild event and the next save")
    parser.add_argument("--page", help="the output file whose rebuild is awaited (default: the article's page, from its file name)")
    args = parser.parse_args()

    site = args.site
    if args.copy:
        site = tempfile.mkdtemp(prefix="masthead-measure-")
        for folder in ("Content", "Templates"):
            shutil.copytree(os.path.join(args.site, folder), os.path.join(site, folder), symlinks=True)

    started = time.time()
    server = subprocess.Popen([args.masthead, "serve", "--site", site, "--port", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    address = server.stdout.readline().strip()
    match = re.match(r"^http://127\.0\.0\.1:(\d+)/$", address)
    if not match:
        server.kill()
        sys.exit(f"no address: {address!r} {server.stderr.read()}")
    print(f"first build and start: {time.time() - started:.2f} s")
    log = []
    threading.Thread(target=lambda: [log.append(line.rstrip()) for line in server.stderr], daemon=True).start()

    connection = http.client.HTTPConnection("127.0.0.1", int(match.group(1)))
    connection.request("GET", "/__masthead/events")
    response = connection.getresponse()
    events = []
    condition = threading.Condition()

    def read():
        name = None
        for raw in response:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line.startswith("event: "):
                name = line[7:]
            elif line.startswith("data: ") and name:
                with condition:
                    events.append((time.time(), name, line[6:]))
                    condition.notify_all()
                name = None
    threading.Thread(target=read, daemon=True).start()
    time.sleep(0.5)

    articles = sorted(n for n in os.listdir(os.path.join(site, "Content", "articles")) if n.endswith(".md"))
    article = os.path.join(site, "Content", "articles", args.article or articles[len(articles) // 2])
    # `moka.en.md` is the English `moka`: its page is `en/articles/moka/index.html`, which the
    # event's paths contain as they contain `articles/moka/index.html`.
    name = os.path.basename(article)[:-3]
    stem, dot, language = name.rpartition(".")
    page = args.page or "articles/" + (stem if dot and len(language) == 2 else name) + "/index.html"
    with open(article, encoding="utf-8") as handle:
        original = handle.read()
    timings = []
    for run in range(args.runs):
        with condition:
            seen = len(events)
        saved = time.time()
        with open(article, "w", encoding="utf-8") as handle:
            handle.write(original + f"\nRun {run} at {saved}.\n")
        with condition:
            found = condition.wait_for(lambda: any(e[1] == "rebuild" and page in e[2] for e in events[seen:]), timeout=args.wait)
            arrived = next((e[0] for e in events[seen:] if e[1] == "rebuild" and page in e[2]), None) if found else None
        if arrived is None:
            print(f"run {run}: no rebuild event within {args.wait} s")
            continue
        timings.append((arrived - saved) * 1000)
        time.sleep(args.gap)
    with open(article, "w", encoding="utf-8") as handle:
        handle.write(original)
    time.sleep(1)
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        print("server still running 30 s after SIGTERM: killed")
        server.kill()
    if args.copy:
        shutil.rmtree(site, ignore_errors=True)
    print("server log:", *[line for line in log if line.startswith("build")][-3:], sep="\n  ")
    if timings:
        print(f"save -> rebuild event, {len(timings)} runs on {len(articles)} articles: "
              f"median {statistics.median(timings):.0f} ms, min {min(timings):.0f} ms, max {max(timings):.0f} ms")


if __name__ == "__main__":
    main()
