"""The catalog filter in headless Chromium (docs/catalogs.md, "Filters"): on the default
site's /prizes/, each handle of the points range dragged by pointer and moved by keyboard
to each end and back (the handles never lock); on the student-housing listings, a filter
that finds listings from every page of the index, a filtered URL reloaded to the same view,
and the back button.

    python3 Tests/browser/catalog_filter.py --masthead .build/release/masthead
"""
import argparse
import functools
import http.server
import os
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
from urllib.parse import parse_qs, urlparse

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def serve(directory):
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *args: None})
    server = socketserver.TCPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def build(masthead, site, out):
    subprocess.run([masthead, "build", "--site", os.path.join(ROOT, site), "--output", out, "--no-cache", "--quiet"], check=True)
    return serve(out)


def ready(driver):
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(
        "var f = document.querySelector('form[data-catalog-filter]'); return f && !f.hidden"))


def values(driver, form):
    return [int(driver.find_element(By.CSS_SELECTOR, f"{form} .catalog-filter-{end}").get_attribute("value")) for end in ("min", "max")]


def query(driver):
    return {key: value[0] for key, value in parse_qs(urlparse(driver.current_url).query).items()}


def drag(driver, handle, to_fraction):
    """Drags a handle's thumb (where its value puts it) to a fraction of the track."""
    box = driver.execute_script("""
        var input = arguments[0], r = input.getBoundingClientRect(), thumb = 24;
        var at = (+input.value - +input.min) / ((+input.max - +input.min) || 1);
        return [r.left + thumb / 2 + at * (r.width - thumb), r.top + r.height / 2, r.left + thumb / 2, r.width - thumb];""", handle)
    x, y, left, width = box
    target = left + to_fraction * width
    actions = ActionChains(driver, duration=50)
    actions.w3c_actions.pointer_action.move_to_location(int(x), int(y))
    actions.w3c_actions.pointer_action.pointer_down()
    steps = 8
    for step in range(1, steps + 1):
        actions.w3c_actions.pointer_action.move_to_location(int(x + (target - x) * step / steps), int(y))
    actions.w3c_actions.pointer_action.pointer_up()
    actions.perform()
    time.sleep(0.2)


def prizes(driver, base):
    driver.get(base + "/prizes/")
    ready(driver)
    form = "#filter-prizes"
    low = driver.find_element(By.CSS_SELECTOR, f"{form} .catalog-filter-min")
    high = driver.find_element(By.CSS_SELECTOR, f"{form} .catalog-filter-max")
    last = int(high.get_attribute("max"))
    check(values(driver, form) == [0, last], f"prizes: the range starts at both ends (0, {last})")
    check(driver.execute_script("return getComputedStyle(document.querySelector('.facet-nav')).display") == "none",
          "prizes: the category chips are hidden when the filter runs (one set of category controls)")

    # Pointer: the minimum to the right end, then back to the left.
    drag(driver, low, 1.0)
    check(values(driver, form) == [last, last], "pointer: the minimum dragged to the right end meets the maximum there")
    check(query(driver).get("min") == "5000", f"pointer: the URL says min=5000 ({driver.current_url})")
    drag(driver, low, 0.0)
    check(values(driver, form) == [0, last], "pointer: the minimum dragged back from the right end moves (no lock)")
    # The maximum to the left end, then back to the right.
    drag(driver, high, 0.0)
    check(values(driver, form) == [0, 0], "pointer: the maximum dragged to the left end meets the minimum there")
    drag(driver, high, 1.0)
    check(values(driver, form) == [0, last], "pointer: the maximum dragged back from the left end moves")
    # Both handles at the right end: the maximum can still be had after the minimum goes back.
    drag(driver, low, 1.0)
    drag(driver, low, 0.5)
    middle = values(driver, form)[0]
    check(0 < middle < last, f"pointer: the minimum stops in the middle ({middle})")
    drag(driver, high, 0.0)
    check(values(driver, form) == [middle, middle], "pointer: the maximum stops at the minimum, never crosses it")
    drag(driver, high, 1.0)
    check(values(driver, form) == [middle, last], "pointer: and goes back to the right end")

    # Keyboard: End and Home on each handle, arrows back.
    driver.find_element(By.CSS_SELECTOR, ".catalog-filter-reset").click()
    time.sleep(0.2)
    low.send_keys(Keys.END)
    check(values(driver, form) == [last, last], "keyboard: End takes the minimum to the maximum")
    low.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    check(values(driver, form) == [last - 2, last], "keyboard: the minimum steps back left from the end")
    low.send_keys(Keys.HOME)
    check(values(driver, form)[0] == 0, "keyboard: Home takes the minimum back to the start")
    high.send_keys(Keys.HOME)
    check(values(driver, form) == [0, 0], "keyboard: Home takes the maximum to the minimum")
    high.send_keys(Keys.ARROW_RIGHT)
    check(values(driver, form) == [0, 1], "keyboard: the maximum steps back right")
    high.send_keys(Keys.END)
    check(values(driver, form) == [0, last], "keyboard: End takes the maximum back to the end")
    # The value is spoken as the points, not the position.
    check(high.get_attribute("aria-valuetext") == "5000", "keyboard: aria-valuetext is the value (5000)")


def listings(driver, base):
    driver.get(base + "/listings/")
    ready(driver)
    first_page = set(a.get_attribute("pathname") for a in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card-title a"))
    check(len(first_page) == 24, f"listings: the page shows its 24 listings ({len(first_page)})")
    # Milan only: 14 listings, most of them beyond the first page of 24.
    for box in driver.find_elements(By.CSS_SELECTOR, "#filter-listings input[type=checkbox]"):
        if box.get_attribute("value") != "milan":
            driver.execute_script("arguments[0].click()", box)
    time.sleep(0.6)
    cards = driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card")
    shown = [c.find_element(By.CSS_SELECTOR, ".listing-card-type").text for c in cards]
    links = set(c.find_element(By.CSS_SELECTOR, "a").get_attribute("pathname") for c in cards)
    check(len(cards) == 14 and all(text.endswith("MILAN") or text.endswith("Milan") for text in shown),
          f"listings: Milan only shows its 14 listings ({len(cards)})")
    check(len(links - first_page) > 0, f"listings: {len(links - first_page)} of them come from later pages of the index")
    status = driver.find_element(By.CSS_SELECTOR, ".catalog-filter-status").text
    check(status == "14 of 66 results.", f"listings: the count says so ({status!r})")
    check(query(driver).get("city") == "milan", f"listings: the URL says city=milan ({driver.current_url})")
    # A price range too, by keyboard: at most the 10th cheapest price.
    high = driver.find_element(By.CSS_SELECTOR, "#filter-listings-price-max")
    high.send_keys(Keys.HOME)
    for _ in range(30):
        high.send_keys(Keys.ARROW_RIGHT)
    time.sleep(0.6)
    url = driver.current_url
    limit = int(query(driver)["price-max"])
    prices = [int(c.get_attribute("data-price")) for c in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card")]
    check(prices and all(p <= limit for p in prices), f"listings: every Milan listing shown is at most €{limit} ({prices})")
    before = [c.get_attribute("outerHTML") for c in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card")]

    # Reload the filtered URL: the same view.
    driver.get(url)
    ready(driver)
    time.sleep(0.6)
    after = [c.get_attribute("outerHTML") for c in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card")]
    check(after == before, "reload: the filtered URL gives the same listings")
    checked = [b.get_attribute("value") for b in driver.find_elements(By.CSS_SELECTOR, "#filter-listings input[type=checkbox]") if b.is_selected()]
    check(checked == ["milan"], f"reload: only Milan is ticked ({checked})")

    # A wider filter paged by the script: page 2 of the listings under the top price.
    driver.get(base + "/listings/?occupants-min=1&price-max=1500")
    ready(driver)
    time.sleep(0.6)
    nav = driver.find_elements(By.CSS_SELECTOR, ".catalog-filter-pages a[rel=next]")
    check(len(nav) == 1, "pages: the results are paged by the script")
    site_pagination = driver.execute_script(
        "var n = document.querySelector('[data-filter-results] > nav:not(.catalog-filter-pages)'); return n ? n.hidden : null")
    check(site_pagination in (True, None), "pages: the site's own pagination is hidden while filtering")
    if nav:
        nav[0].click()
        time.sleep(0.4)
        check(query(driver).get("page") == "2", f"pages: the next page is page=2 in the URL ({driver.current_url})")
        # Back: page 1 again, then the Milan view, then the unfiltered index.
        driver.back()
        time.sleep(0.6)
        check("page" not in query(driver), "back: the first page of results again")
    driver.back()
    time.sleep(0.8)
    ready(driver)
    time.sleep(0.4)
    again = [c.get_attribute("outerHTML") for c in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card")]
    check(again == before, "back: the filtered Milan view again")
    # Clear: the page as built.
    driver.find_element(By.CSS_SELECTOR, "#filter-listings .catalog-filter-reset").click()
    time.sleep(0.6)
    cleared = set(a.get_attribute("pathname") for a in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card-title a"))
    check(cleared == first_page and urlparse(driver.current_url).query == "", "reset: the page as built, and a clean URL")
    driver.back()
    time.sleep(0.6)
    check(query(driver).get("city") == "milan", "back: after the reset, the filter again")

    # An extra order's pages keep their order: Milan, dearest first.
    driver.get(base + "/listings/sort/price-desc/?city=milan")
    ready(driver)
    time.sleep(0.6)
    prices = [int(c.get_attribute("data-price")) for c in driver.find_elements(By.CSS_SELECTOR, "#listing-list .listing-card")]
    check(len(prices) == 14 and prices == sorted(prices, reverse=True), f"order: Milan on the dearest-first pages, dearest first ({prices[:3]}...)")


def no_overflow(driver, base, page):
    """No horizontal overflow at 320 px with the filter shown."""
    driver.set_window_size(320, 900)
    inner = driver.execute_script("return window.innerWidth")
    driver.set_window_size(320 + (320 - inner), 900)
    driver.get(base + page)
    ready(driver)
    wide = driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
    check(wide <= 0, f"320 px: no horizontal overflow on {page} ({wide} px)")
    driver.set_window_size(1366, 900)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    args = parser.parse_args()
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1366,900"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        with tempfile.TemporaryDirectory() as work:
            default = build(args.masthead, ".", os.path.join(work, "default"))
            housing = build(args.masthead, "Examples/student-housing", os.path.join(work, "housing"))
            prizes(driver, f"http://127.0.0.1:{default.server_address[1]}")
            listings(driver, f"http://127.0.0.1:{housing.server_address[1]}")
            no_overflow(driver, f"http://127.0.0.1:{default.server_address[1]}", "/prizes/")
            no_overflow(driver, f"http://127.0.0.1:{housing.server_address[1]}", "/listings/")
            default.shutdown()
            housing.shutdown()
    finally:
        driver.quit()
    if failures:
        print(f"{len(failures)} failed")
        sys.exit(1)
    print("catalog filter: all passed")


if __name__ == "__main__":
    main()
