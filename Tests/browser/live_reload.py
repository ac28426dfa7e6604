#!/usr/bin/env python3
"""Drives headless Chromium against `masthead serve` on a copy of the default site:
an article edit appears by itself, a CSS edit is swapped in without a reload, broken
front matter shows the error overlay and fixing it clears the overlay.

    python3 Tests/browser/live_reload.py --masthead .build/release/masthead [--site .]

Prints one line per check and exits non-zero when one fails. Screenshots go to
/tmp/masthead-browser-*.png.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

RESULTS = []


def check(name, passed, detail=""):
    RESULTS.append(passed)
    print(f"{'PASS' if passed else 'FAIL'}: {name}" + (f" ({detail})" if detail else ""), flush=True)


def start_server(masthead, site):
    process = subprocess.Popen([masthead, "serve", "--site", site, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    if not re.match(r"^http://127\.0\.0\.1:\d+/$", line):
        process.kill()
        sys.exit(f"masthead serve did not print its address: {line!r} {process.stderr.read()}")
    return process, line


def article_url(base, site):
    names = sorted(n for n in os.listdir(os.path.join(site, "Content", "articles")) if n.endswith(".md"))
    for name in names:
        url = f"{base}articles/{name[:-3]}/"
        try:
            with urllib.request.urlopen(url) as response:
                if response.status == 200:
                    return name, url
        except Exception:
            continue
    sys.exit("no Markdown article of the site is served under /articles/NAME/")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    parser.add_argument("--site", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="masthead-browser-")
    for folder in ("Content", "Templates"):
        shutil.copytree(os.path.join(args.site, folder), os.path.join(work, folder), symlinks=True)
    server, base = start_server(os.path.abspath(args.masthead), work)
    print(f"serving a copy of the default site from {work} at {base}", flush=True)

    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1600"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    wait = WebDriverWait(driver, 15, poll_frequency=0.05)
    try:
        name, url = article_url(base, work)
        path = os.path.join(work, "Content", "articles", name)
        with open(path, encoding="utf-8") as handle:
            original = handle.read()
        driver.get(url)
        wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        time.sleep(0.5)  # let the event stream connect
        driver.save_screenshot("/tmp/masthead-browser-1-article.png")

        # 1. An edit to the article's Markdown appears with no manual reload.
        driver.execute_script("window.mastheadTestMarker = 'before-edit'")
        sentence = f"Paragrafo aggiunto dal test del browser {int(time.time())}."
        saved = time.time()
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original.rstrip("\n") + "\n\n" + sentence + "\n")
        try:
            wait.until(lambda d: sentence in d.execute_script("return document.body.textContent"))
            check("article edit shown without a manual reload", True, f"{(time.time() - saved) * 1000:.0f} ms after the save")
        except Exception:
            check("article edit shown without a manual reload", False)
        driver.save_screenshot("/tmp/masthead-browser-2-edited.png")

        # 2. A CSS edit changes the computed style, and the page is not reloaded.
        wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        time.sleep(0.5)
        driver.execute_script("window.mastheadTestMarker = 'before-css'")
        css = os.path.join(work, "Content", "static", "css", "site.css")
        with open(css, encoding="utf-8") as handle:
            original_css = handle.read()
        saved = time.time()
        with open(css, "w", encoding="utf-8") as handle:
            handle.write(original_css + "\nbody { border-top: 9px solid rgb(200, 30, 40) !important; }\n")
        try:
            wait.until(lambda d: d.execute_script("return getComputedStyle(document.body).borderTopColor") == "rgb(200, 30, 40)")
            elapsed = (time.time() - saved) * 1000
            marker = driver.execute_script("return window.mastheadTestMarker")
            check("CSS edit applied", True, f"{elapsed:.0f} ms after the save")
            check("CSS edit swapped without reloading the page", marker == "before-css", f"window variable: {marker!r}")
        except Exception:
            check("CSS edit applied", False)
        driver.save_screenshot("/tmp/masthead-browser-3-css.png")
        with open(css, "w", encoding="utf-8") as handle:
            handle.write(original_css)

        # 3. Broken front matter shows the overlay; fixing it clears the overlay.
        broken = re.sub(r"^date: .*$", "date: 2025-13-45", original, count=1, flags=re.M)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(broken)
        try:
            wait.until(lambda d: d.find_elements(By.ID, "masthead-preview-overlay"))
            text = driver.find_element(By.ID, "masthead-preview-overlay").text
            check("broken front matter shows the overlay", f"Content/articles/{name}:" in text, text.replace("\n", " | ")[:200])
        except Exception:
            check("broken front matter shows the overlay", False)
        driver.save_screenshot("/tmp/masthead-browser-4-overlay.png")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original)
        try:
            wait.until(lambda d: not d.find_elements(By.ID, "masthead-preview-overlay"))
            check("fixing it clears the overlay", True)
        except Exception:
            check("fixing it clears the overlay", False)
        driver.save_screenshot("/tmp/masthead-browser-5-fixed.png")
    finally:
        driver.quit()
        server.terminate()
        try:
            server.wait(timeout=10)
            check("server stops cleanly on SIGTERM", server.returncode == 0, f"exit status {server.returncode}")
        except subprocess.TimeoutExpired:
            server.kill()
            check("server stops cleanly on SIGTERM", False, "still running after 10 s")
        shutil.rmtree(work, ignore_errors=True)
    passed = sum(RESULTS)
    print(f"{passed} passed, {len(RESULTS) - passed} failed")
    sys.exit(0 if all(RESULTS) else 1)


if __name__ == "__main__":
    main()
