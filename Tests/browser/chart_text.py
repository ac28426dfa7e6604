"""Measures chart text in headless Chromium: no text of a chart (SVG <text>, legends,
captions, key figures) may render under 11 CSS px at 390 px width, on the key report
pages of the five sites. Each site is built with the given masthead, served from a
temporary folder, and every visible text element inside a .chart or .kpi is measured
with getBoundingClientRect-independent font metrics (the computed font size times the
SVG's scale).

    python3 Tests/browser/chart_text.py --masthead .build/release/masthead
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

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PAGES = {
    ".": ["/reports/programme/", "/articles/artisti-in-edizione-limitata/"],
    "Examples/film-club": ["/reports/statistics/", "/reports/rankings/"],
    "Examples/beach-club": ["/"],
    "Examples/personal-budget": ["/reports/year/"],
    "Examples/student-housing": ["/reports/map/"],
}
MINIMUM = 11.0
WIDTH = 390

# The rendered size of each visible text: its font size in CSS px, scaled by its SVG's
# viewBox when inside one (an SVG drawn 340 px wide from a 360-unit viewBox shrinks it).
MEASURE = """
const out = [];
for (const element of document.querySelectorAll('.chart text, .chart figcaption, .chart li, .chart p, .kpi p')) {
  const box = element.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || !element.textContent.trim()) continue;
  let size = parseFloat(getComputedStyle(element).fontSize);
  const svg = element.closest('svg');
  if (svg && svg.viewBox && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
    size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  }
  out.push([Math.round(size * 10) / 10, element.textContent.trim().slice(0, 40), element.getAttribute('class') || element.tagName]);
}
return out;
"""


def serve(directory):
    handler = type("Quiet", (http.server.SimpleHTTPRequestHandler,), {"log_message": lambda *args: None})
    server = socketserver.TCPServer(("127.0.0.1", 0), functools.partial(handler, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    args = parser.parse_args()
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    failures = []
    measured = 0
    try:
        with tempfile.TemporaryDirectory() as work:
            for site, pages in PAGES.items():
                out = os.path.join(work, site.replace("/", "_"))
                subprocess.run([args.masthead, "build", "--site", os.path.join(ROOT, site), "--output", out, "--no-cache"],
                               check=True, stdout=subprocess.DEVNULL)
                server = serve(out)
                driver.set_window_size(WIDTH, 900)
                # The window's inner width is what the page sees: make it exactly WIDTH.
                inner = driver.execute_script("return window.innerWidth")
                driver.set_window_size(WIDTH + (WIDTH - inner), 900)
                for page in pages:
                    driver.get(f"http://127.0.0.1:{server.server_address[1]}{page}")
                    texts = driver.execute_script(MEASURE)
                    measured += len(texts)
                    small = [t for t in texts if t[0] < MINIMUM]
                    smallest = min((t[0] for t in texts), default=0)
                    print(f"{site}{page}: {len(texts)} chart texts, smallest {smallest} px")
                    failures += [f"{site}{page}: {size} px {text!r} ({kind})" for size, text, kind in small]
                server.shutdown()
    finally:
        driver.quit()
    if failures:
        print(f"FAIL: {len(failures)} chart texts under {MINIMUM} px at {WIDTH} px:")
        print("\n".join(failures[:40]))
        sys.exit(1)
    print(f"ok: {measured} chart texts, none under {MINIMUM} px at {WIDTH} px")


if __name__ == "__main__":
    main()
