"""The header and the pages of the five sites at every width, in headless Chromium.

- No horizontal overflow at 320, 390, 820 and 1366 px on the key pages of each site:
  document.documentElement.scrollWidth <= innerWidth.
- The menu: at each width its entries either all sit on one line, or they are behind the
  Menu button (no entry wrapped alone onto a line of its own).
- The phone menu at 390 px: a "Menu" summary, closed at first; opened by a click, and by the
  keyboard (Enter); focus goes from the button into the menu; every entry then inside the
  window. The same with JavaScript off (a <details> toggle needs none).
- The beach club's "Today's menu" points at today's page in Europe/Rome with JavaScript, and
  at the week without.

    python3 Tests/browser/navigation.py --masthead .build/release/masthead
"""
import argparse
import datetime
import functools
import http.server
import os
import socketserver
import subprocess
import sys
import tempfile
import threading
import zoneinfo

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = {
    ".": ["/", "/articles/", "/articles/il-rito-della-moka/", "/categories/", "/punti-e-premi/", "/prizes/",
          "/prizes/moka-3-tazze/", "/stores/", "/reports/programme/", "/search/", "/faq/"],
    "Examples/film-club": ["/", "/films/", "/films/ash-and-ember/", "/people/", "/members/", "/reports/statistics/",
                           "/reports/rankings/", "/search/"],
    "Examples/beach-club": ["/", "/umbrellas/", "/umbrellas/2026-07-18/", "/menu/", "/services/", "/reviews/", "/find-us/"],
    "Examples/personal-budget": ["/", "/ledger/", "/ledger/2025-11-01-rent/", "/reports/year/", "/about/", "/search/"],
    "Examples/student-housing": ["/", "/listings/", "/cities/", "/reports/map/", "/articles/", "/about/"],
}
WIDTHS = [320, 390, 820, 1366]
PHONE = 390

# Entries of the menu that are shown, with their line (top), and whether the Menu button shows.
MENU_STATE = """
const toggle = document.querySelector('.menu-toggle summary');
const shown = (element) => element && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
const links = [...document.querySelectorAll('.site-nav a')];
return {
  button: shown(toggle),
  label: toggle ? toggle.textContent.trim() : null,
  open: toggle ? toggle.parentElement.open : null,
  shown: links.filter(shown).map(a => [a.textContent.trim(), Math.round(a.getBoundingClientRect().top),
                                       Math.round(a.getBoundingClientRect().right)]),
  count: links.length,
};
"""


def serve(directory):
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *args: None})
    server = socketserver.TCPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(javascript=True):
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars"]:
        options.add_argument(flag)
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def set_width(driver, width):
    """The window's inner width is what the page sees: make it exactly `width`."""
    driver.set_window_size(width, 900)
    inner = driver.execute_script("return window.innerWidth")
    driver.set_window_size(width + (width - inner), 900)


def check_overflow_and_menu(driver, base, site, failures):
    checked = 0
    for width in WIDTHS:
        set_width(driver, width)
        for page in PAGES[site]:
            driver.get(base + page)
            scroll, inner = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            checked += 1
            if scroll > inner:
                failures.append(f"{site}{page} at {width} px: the page is {scroll} px wide, more than the window ({inner} px)")
            if page != "/":
                continue
            state = driver.execute_script(MENU_STATE)
            lines = sorted({top for _, top, _ in state["shown"]})
            if state["button"]:
                if state["shown"]:
                    failures.append(f"{site} at {width} px: the menu shows {len(state['shown'])} entries before it is opened")
            elif len(state["shown"]) != state["count"]:
                failures.append(f"{site} at {width} px: no Menu button, yet {state['count'] - len(state['shown'])} entries are hidden")
            elif len(lines) > 1:
                failures.append(f"{site} at {width} px: the menu wraps onto {len(lines)} lines: {state['shown']}")
            elif any(right > width for _, _, right in state["shown"]):
                failures.append(f"{site} at {width} px: a menu entry ends past the window: {state['shown']}")
            else:
                layout = "Menu button" if state["button"] else f"{state['count']} entries on one line"
                print(f"{site} at {width} px: {layout}")
    return checked


def check_phone_menu(driver, base, site, failures, how):
    """At 390 px the menu opens from its button, and every entry is then inside the window."""
    set_width(driver, PHONE)
    driver.get(base + "/")
    state = driver.execute_script(MENU_STATE)
    if not state["button"] or state["label"] != "Menu" or state["open"]:
        failures.append(f"{site} ({how}): at {PHONE} px expected a closed Menu button, got {state}")
        return
    summary = driver.find_element(By.CSS_SELECTOR, ".menu-toggle summary")
    if how == "keyboard":
        driver.execute_script("arguments[0].focus()", summary)
        summary.send_keys(Keys.ENTER)
    else:
        summary.click()
    state = driver.execute_script(MENU_STATE)
    if not state["open"] or len(state["shown"]) != state["count"]:
        failures.append(f"{site} ({how}): the opened menu shows {len(state['shown'])} of {state['count']} entries")
        return
    outside = [name for name, _, right in state["shown"] if right > PHONE]
    if outside:
        failures.append(f"{site} ({how}): entries past the window's edge once opened: {outside}")
    if how == "keyboard":
        summary.send_keys(Keys.TAB)
        inside = driver.execute_script("return !!document.activeElement.closest('.site-menu')")
        if not inside:
            failures.append(f"{site} ({how}): Tab from the Menu button does not go into the menu")
    print(f"{site}: the menu opens at {PHONE} px ({how}), {state['count']} entries inside the window")


def check_todays_menu(driver, base, failures, javascript):
    driver.get(base + "/")
    href = driver.find_element(By.CSS_SELECTOR, "a[data-today]").get_attribute("href")
    today = datetime.datetime.now(zoneinfo.ZoneInfo("Europe/Rome")).strftime("%A").lower()
    expected = f"{base}/menu/{today}/" if javascript else f"{base}/menu/"
    if href != expected:
        failures.append(f"beach club, JavaScript {'on' if javascript else 'off'}: Today's menu goes to {href}, expected {expected}")
    else:
        print(f"beach club: Today's menu goes to {href.removeprefix(base)} with JavaScript {'on' if javascript else 'off'}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    args = parser.parse_args()
    failures = []
    checked = 0
    driver = browser()
    plain = browser(javascript=False)
    try:
        with tempfile.TemporaryDirectory() as work:
            for site in PAGES:
                out = os.path.join(work, site.replace("/", "_"))
                subprocess.run([args.masthead, "build", "--site", os.path.join(ROOT, site), "--output", out, "--quiet"],
                               check=True, stdout=subprocess.DEVNULL)
                server = serve(out)
                base = f"http://127.0.0.1:{server.server_address[1]}"
                checked += check_overflow_and_menu(driver, base, site, failures)
                check_phone_menu(driver, base, site, failures, "click")
                check_phone_menu(driver, base, site, failures, "keyboard")
                check_phone_menu(plain, base, site, failures, "no JavaScript")
                if site == "Examples/beach-club":
                    check_todays_menu(driver, base, failures, javascript=True)
                    check_todays_menu(plain, base, failures, javascript=False)
                server.shutdown()
    finally:
        driver.quit()
        plain.quit()
    if failures:
        print(f"FAIL: {len(failures)} problems")
        print("\n".join(failures[:60]))
        sys.exit(1)
    print(f"ok: {checked} pages at {', '.join(map(str, WIDTHS))} px without horizontal overflow; the phone menu opens on all five sites")


if __name__ == "__main__":
    main()
