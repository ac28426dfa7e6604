#!/usr/bin/env python3
"""A standalone report (masthead build --report NAME --standalone) makes no request.

Writes the report as one file, opens it from file:// in headless Chromium with the
network log on, and fails on any request that is not the file itself or a data: URL.
It also checks what a reader sees: the title, every chart drawn, the styles applied.

    python3 Tests/browser/standalone_report.py --masthead .build/debug/masthead --site . --report programme
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

FAILED = []


def check(name, passed, detail=""):
    print(("ok   " if passed else "FAIL ") + name + (f": {detail}" if detail and not passed else ""))
    if not passed:
        FAILED.append(name)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    parser.add_argument("--site", default=".")
    parser.add_argument("--report", default="programme")
    args = parser.parse_args()

    folder = tempfile.mkdtemp(prefix="masthead-standalone-")
    target = os.path.join(folder, args.report + ".html")
    run = subprocess.run(
        [args.masthead, "build", "--site", args.site, "--report", args.report, "--standalone", "--output", target],
        capture_output=True, text=True)
    check("masthead writes the standalone report", run.returncode == 0 and os.path.exists(target), run.stderr)
    if FAILED:
        return 1

    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,900"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        url = "file://" + target
        driver.get(url)
        driver.execute_script("return document.readyState")
        requests = []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.requestWillBeSent":
                requests.append(message["params"]["request"]["url"])
        outside = [r for r in requests if not (r == url or r.startswith("data:"))]
        check("the page was loaded from file://", url in requests, str(requests[:3]))
        check("no request leaves the file", outside == [], ", ".join(outside[:5]))
        title = driver.execute_script("return document.querySelector('h1') && document.querySelector('h1').textContent")
        check("the report's title is shown", bool(title and title.strip()), str(title))
        charts = driver.execute_script("return document.querySelectorAll('svg.chart-svg').length")
        check("the charts are drawn inline", charts > 0, str(charts))
        styled = driver.execute_script(
            "return getComputedStyle(document.querySelector('.chart')).borderTopStyle !== 'none'")
        check("the inlined stylesheets apply", styled)
        scripts = driver.execute_script(
            "return [...document.scripts].filter(s => s.type !== 'application/ld+json').length")
        check("no script but structured data", scripts == 0, str(scripts))
    finally:
        driver.quit()
    print(f"{len(FAILED)} failed" if FAILED else "all passed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
