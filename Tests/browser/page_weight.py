#!/usr/bin/env python3
"""The bytes of images a page loads before the reader scrolls, in headless Chromium at a
phone's size (390 px wide, device pixel ratio 2), as docs/images.md and docs/performance.md
report them.

    python3 Tests/browser/page_weight.py --site public/ /  /articles/il-rito-della-moka/

Serves the built site on a free port, opens each page, waits for the load event and a
moment more, and sums the encoded size of every image resource (Resource Timing), with the
images in view. Needs chromium, chromium-driver and PyPI's selenium (`make browser-test`
installs them).
"""
import argparse
import functools
import http.server
import threading
import time

from selenium import webdriver


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True, help="a built site's folder")
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--ratio", type=float, default=2)
    parser.add_argument("pages", nargs="+")
    args = parser.parse_args()
    server = serve(args.site)
    options = webdriver.ChromeOptions()
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")
    options.binary_location = "/usr/bin/chromium"
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": args.width, "height": args.height, "pixelRatio": args.ratio}})
    driver = webdriver.Chrome(options=options, service=webdriver.ChromeService("/usr/bin/chromedriver"))
    # Every page as a first visit: nothing from the previous page's cache.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    try:
        for page in args.pages:
            driver.get(f"http://127.0.0.1:{server.server_port}{page}")
            time.sleep(1.5)
            entries = driver.execute_script(
                "return performance.getEntriesByType('resource')"
                ".filter(e => e.initiatorType === 'img' || /\\.(avif|webp|jpe?g|png|gif|svg)$/.test(e.name))"
                ".map(e => [e.name, e.encodedBodySize])")
            total = sum(size for _, size in entries)
            print(f"{page}: {len(entries)} images, {total / 1024:.0f} KB before scrolling "
                  f"({args.width}×{args.height}, ratio {args.ratio:g})")
            for name, size in sorted(entries, key=lambda e: -e[1]):
                print(f"  {size / 1024:7.1f} KB  {name.split('/', 3)[-1]}")
    finally:
        driver.quit()
        server.shutdown()


if __name__ == "__main__":
    main()
