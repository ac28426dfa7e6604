#!/usr/bin/env python3
"""Drives headless Chromium on the search page of `masthead serve` (docs/search.md), on a
copy of the default site: a query typed key by key shows the expected article first, the
keyboard opens it, a result is a link a middle click opens in a new tab, the kind filter keeps only prizes, hostile queries leave no console
error, a saved paragraph is findable after the reload, the page without JavaScript points
to the categories, and axe-core finds no violation with results shown, light and dark.

    python3 Tests/browser/search.py --masthead .build/release/masthead [--site .]
    python3 Tests/browser/search.py --masthead ... --site /tmp/masthead-10k --measure moka
    python3 Tests/browser/search.py --masthead ... --built /tmp/masthead-100k/public --measure moka

With --measure WORD it only types WORD on that site and prints the bytes the query
downloaded (the network log) and the time from the last keystroke to the first results.
With --built DIR it serves an already built site with Python's static server instead of
`masthead serve` (a site too large to keep in the preview's memory).
Prints one line per check and exits non-zero when one fails.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.mouse_button import MouseButton
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "audit"))

RESULTS = []
# Records when the last key went down and when the listbox last changed.
TIMING_PROBE = """
window.__search = {key: 0, shown: 0};
document.querySelector('[role=combobox]').addEventListener('keydown', () => { window.__search.key = performance.now(); }, true);
new MutationObserver(() => { window.__search.shown = performance.now(); })
  .observe(document.querySelector('[role=listbox]'), {childList: true});
"""


def check(name, passed, detail=""):
    RESULTS.append(passed)
    print(f"{'PASS' if passed else 'FAIL'}: {name}" + (f" ({detail})" if detail else ""), flush=True)


def start_server(masthead, site):
    process = subprocess.Popen([masthead, "serve", "--site", site, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline().strip()
    if not re.match(r"^http://127\.0\.0\.1:\d+/$", line):
        process.kill()
        sys.exit(f"masthead serve did not print its address: {line!r}")
    return process, line


def browser(javascript=True, logs=True):
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1400"):
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    if logs:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def console_errors(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def type_query(driver, wait, text, expect_results=True):
    box = driver.find_element(By.CSS_SELECTOR, "[role=combobox]")
    box.clear()
    driver.execute_script(TIMING_PROBE)
    driver.execute_script("performance.clearResourceTimings()")
    for character in text:
        box.send_keys(character)
    if expect_results:
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "[role=option]")
                   and d.execute_script("return window.__search.shown > window.__search.key"))
    time.sleep(0.3)
    timing = driver.execute_script("return window.__search")
    downloaded = driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.includes('/search/'))"
        ".reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize), 0)")
    return timing["shown"] - timing["key"], downloaded


def titles(driver):
    # Read in one script: the list is replaced as results arrive, and an element found, then read, may be gone.
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[role=option] .search-result-title'), e => e.innerText)")


def measure(driver, wait, base, word):
    driver.get(base + "search/")
    wait.until(lambda d: "search-ready" in d.find_element(By.CSS_SELECTOR, "[data-search-index]").get_attribute("class"))
    wait.until(lambda d: d.execute_script(
        "return performance.getEntriesByType('resource').some(e => e.name.endsWith('/search/index.json'))"))
    entry = driver.execute_script(
        "return performance.getEntriesByType('resource').filter(e => e.name.endsWith('/search/index.json'))"
        ".reduce((sum, e) => sum + (e.transferSize || e.encodedBodySize), 0)")
    latency, downloaded = type_query(driver, wait, word)
    print(f"query {word!r}: {len(titles(driver))} results shown, {(entry + downloaded) / 1024:.1f} KB downloaded "
          f"(index.json {entry / 1024:.1f} KB, shards and fragments {downloaded / 1024:.1f} KB), "
          f"first results {latency:.0f} ms after the last keystroke", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    parser.add_argument("--site", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    parser.add_argument("--measure")
    parser.add_argument("--built")
    args = parser.parse_args()
    if args.built and args.measure:
        import functools
        import http.server
        import threading
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=args.built)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        driver = browser()
        try:
            measure(driver, WebDriverWait(driver, 60, poll_frequency=0.02), f"http://127.0.0.1:{server.server_port}/", args.measure)
        finally:
            driver.quit()
            server.shutdown()
        return 0
    work = tempfile.mkdtemp(prefix="masthead-search-")
    for folder in ("Content", "Templates"):
        shutil.copytree(os.path.join(args.site, folder), os.path.join(work, folder), symlinks=True)
    server, base = start_server(os.path.abspath(args.masthead), work)
    driver = browser()
    wait = WebDriverWait(driver, 20, poll_frequency=0.02)
    try:
        if args.measure:
            measure(driver, wait, base, args.measure)
            return 0
        run_checks(driver, wait, base, work)
    finally:
        driver.quit()
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)
    print(f"{sum(RESULTS)} of {len(RESULTS)} checks passed", flush=True)
    return 0 if all(RESULTS) else 1


def run_checks(driver, wait, base, work):
    # The field in the header leads to the search page with the query in the URL.
    driver.get(base)
    field = driver.find_element(By.CSS_SELECTOR, "header [role=search] input[name=q]")
    field.send_keys("cinema", Keys.ENTER)
    wait.until(lambda d: "/search/?q=cinema" in d.current_url and titles(d))
    check("the header's field opens /search/?q=cinema with results", titles(driver)[0] == "Il caffè nel cinema", titles(driver)[0])

    # Typed key by key: the expected article first, answered quickly.
    latency, downloaded = type_query(driver, wait, "caffe cinem")
    check("'caffe cinem' (no accent, a word being typed) puts 'Il caffè nel cinema' first",
          titles(driver)[:1] == ["Il caffè nel cinema"], ", ".join(titles(driver)[:3]))
    check("first results within 100 ms of the last keystroke", latency <= 100, f"{latency:.0f} ms")
    marks = [e.text.lower() for e in driver.find_elements(By.CSS_SELECTOR, "[role=option] mark")]
    check("excerpts highlight the words", any("caff" in m for m in marks) and any("cinem" in m for m in marks), ", ".join(marks[:4]))
    check("the query is in the URL, to share", "q=caffe+cinem" in driver.current_url, driver.current_url)

    # Results are links: an address to see, copy, and open in a new tab with the middle button.
    links = driver.find_elements(By.CSS_SELECTOR, "[role=listbox] > li[role=none] > a[role=option][href]")
    options = driver.find_elements(By.CSS_SELECTOR, "[role=option]")
    first = links[0].get_attribute("href") if links else ""
    check("every result is an <a role=option href>", bool(links) and len(links) == len(options),
          f"{len(links)} links of {len(options)} options, first {first}")
    check("the first result's href is the article's address", first.endswith("/articles/il-caffe-nel-cinema/"), first)
    name = driver.execute_script("return arguments[0].textContent", links[0]) if links else ""
    check("the option's accessible name is its content (title, kind, excerpt)", name.startswith("Il caffè nel cinema"), name[:60])
    if links:
        tabs = set(driver.window_handles)
        actions = ActionBuilder(driver)
        actions.pointer_action.move_to(links[0]).pointer_down(MouseButton.MIDDLE).pointer_up(MouseButton.MIDDLE)
        actions.perform()
        opened = []
        deadline = time.time() + 10
        while time.time() < deadline and not opened:
            opened = [h for h in driver.window_handles if h not in tabs]
            time.sleep(0.1)
        here = driver.current_window_handle
        url = ""
        if opened:
            driver.switch_to.window(opened[0])
            wait.until(lambda d: "/articles/" in d.current_url)
            url = driver.current_url
            driver.close()
            driver.switch_to.window(here)
        check("a middle click on a result opens it in a new tab", url.endswith("/articles/il-caffe-nel-cinema/"),
              url or "no new tab")
        check("and the search page stays where it was", "q=caffe+cinem" in driver.current_url, driver.current_url)

    # The keyboard: down to the first option, Enter opens it.
    box = driver.find_element(By.CSS_SELECTOR, "[role=combobox]")
    check("the combobox is expanded", box.get_attribute("aria-expanded") == "true")
    box.send_keys(Keys.ARROW_DOWN)
    active = box.get_attribute("aria-activedescendant")
    selected = driver.find_element(By.ID, active).get_attribute("aria-selected") if active else None
    check("ArrowDown makes the first result the active descendant", active == "search-result-0" and selected == "true", str(active))
    box.send_keys(Keys.ENTER)
    wait.until(lambda d: "/articles/" in d.current_url)
    check("Enter opens the article", driver.current_url.endswith("/articles/il-caffe-nel-cinema/"), driver.current_url)

    # Filter by kind: prizes only.
    driver.get(base + "search/?q=caffe")
    wait.until(lambda d: titles(d))
    kinds_before = {e.get_attribute("data-kind") for e in driver.find_elements(By.CSS_SELECTOR, "[role=option]")}
    Select(driver.find_element(By.NAME, "kind")).select_by_value("prizes")
    wait.until(lambda d: "kind=prizes" in d.current_url and titles(d)
               and all(e.get_attribute("data-kind") == "prizes" for e in d.find_elements(By.CSS_SELECTOR, "[role=option]")))
    kinds_after = {e.get_attribute("data-kind") for e in driver.find_elements(By.CSS_SELECTOR, "[role=option]")}
    check("the kind filter keeps only prizes", kinds_after == {"prizes"} and kinds_before != kinds_after,
          f"{sorted(kinds_before)} → {sorted(kinds_after)}")
    categories = [o.text for o in Select(driver.find_element(By.NAME, "category")).options]
    check("the category filter offers the prizes' categories", len(categories) > 2, ", ".join(categories[:4]))

    # Hostile queries: no console error, the page still answers.
    driver.get(base + "search/")
    driver.get_log("browser")
    wait.until(lambda d: "search-ready" in d.find_element(By.CSS_SELECTOR, "[data-search-index]").get_attribute("class"))
    hostile = {"empty": "", "10,000 characters": "moka " * 2000, "only stop words": "il della per",
               "regular-expression characters": "(.*+?[\\^$|{", "emoji": "☕🚀👩‍💻", "right-to-left": "مرحبا שלום"}
    for name, text in hostile.items():
        box = driver.find_element(By.CSS_SELECTOR, "[role=combobox]")
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", box, text)
        time.sleep(0.4)
        status = driver.find_element(By.CSS_SELECTOR, "[role=status]").text
        check(f"hostile query ({name}): no console error", not console_errors(driver), status)
    box.clear()
    box.send_keys("moka")
    wait.until(lambda d: titles(d))
    check("after them, a query still answers", bool(titles(driver)))

    # The preview: a saved paragraph is findable after the reload.
    path = os.path.join(work, "Content", "articles", "il-caffe-nel-cinema.md")
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text + "\n\nUn paragrafo nuovo sullo zabaglionissimo.\n")
    found = []
    deadline = time.time() + 15
    while time.time() < deadline and not found:
        driver.get(base + "search/?q=zabaglionissimo")
        time.sleep(0.5)
        found = titles(driver)
    check("a paragraph saved in the preview is findable after the reload", found[:1] == ["Il caffè nel cinema"], ", ".join(found))

    # axe-core with results shown, light and dark.
    try:
        from axe_audit import audit_page, find_axe
        axe_source = open(find_axe(), encoding="utf-8").read()
        for scheme in ("light", "dark"):
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                   {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})
            driver.get(base + "search/?q=caff")
            wait.until(lambda d: titles(d))
            driver.find_element(By.CSS_SELECTOR, "[role=combobox]").send_keys(Keys.ARROW_DOWN)
            driver.execute_script(axe_source)
            report = driver.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations)).catch(e => done([{id: String(e)}]));")
            check(f"axe: no violation on /search/ with results shown ({scheme})", not report,
                  ", ".join(f"{v['id']} ({len(v.get('nodes', []))})" for v in report))
    except SystemExit as missing:
        check("axe: axe.min.js found", False, str(missing))

    # Without JavaScript: a plain message and the category pages.
    plain = browser(javascript=False, logs=False)
    try:
        plain.get(base + "search/?q=moka")
        body = plain.find_element(By.TAG_NAME, "body").text
        links = [a.get_attribute("href") for a in plain.find_elements(By.CSS_SELECTOR, "main a[href*='/categories/']")]
        check("without JavaScript: a plain message and links to the categories", "JavaScript" in body and len(links) >= 3,
              f"{len(links)} category links")
    finally:
        plain.quit()


if __name__ == "__main__":
    sys.exit(main())
