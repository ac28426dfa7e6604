#!/usr/bin/env python3
"""Runs axe-core in headless Chromium over built Masthead sites, in light and dark colour schemes.

    axe_audit.py --site OUTPUT_DIR [--pages /,/prizes/] [--site OTHER_OUTPUT_DIR ...] [--limit N]

Each --site is a built output folder, served with `python3 -m http.server` on a free port
(or --port, then --port+1, ... for the next sites). A --pages list right after a --site
audits those pages; a --site without one audits every HTML page of the folder, in path
order, up to --limit. Every page is loaded twice: with `prefers-color-scheme: light` and
`dark`, emulated through the DevTools protocol (Emulation.setEmulatedMedia).

Prints one line per page and colour scheme with the violations by impact, then each
violation (rule, impact, elements, the first element and axe's summary) and the rules axe
could not decide ("for review", e.g. contrast over an image). Exits 1 when
any page has a serious or critical violation.

axe-core comes from a PyPI package's files: axe-playwright-python ships a current
axe.min.js (installed with --no-deps: only the file is needed), axe-selenium-python an
older one; --axe PATH names another copy.
"""
import argparse
import collections
import functools
import http.server
import importlib.util
import json
import os
import socket
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

IMPACTS = ("critical", "serious", "moderate", "minor")
FAILING = ("critical", "serious")


def find_axe():
    """The newest axe.min.js a PyPI package installed (found without importing the package)."""
    for package, relative in (
        ("axe_playwright_python", "axe.min.js"),
        ("axe_selenium_python", os.path.join("node_modules", "axe-core", "axe.min.js")),
    ):
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                path = os.path.join(folder, relative)
                if os.path.isfile(path):
                    return path
    sys.exit("no axe.min.js: pip install --no-deps axe-playwright-python, or pass --axe PATH")


def parse_sites(argv_sites):
    """[(folder, [pages] or None)] from the --site/--pages groups, in order."""
    return [(os.path.abspath(folder), pages) for folder, pages in argv_sites]


class SiteGroups(argparse.Action):
    """--site starts a group; --pages fills the pages of the last group."""

    def __call__(self, parser, namespace, value, option_string=None):
        groups = getattr(namespace, "sites", None) or []
        if option_string == "--site":
            groups.append([value, None])
        else:
            if not groups:
                parser.error("--pages must follow a --site")
            groups[-1][1] = [page.strip() for page in value.split(",") if page.strip()]
        namespace.sites = groups


def all_pages(folder, limit):
    pages = []
    for root, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            if not name.endswith(".html"):
                continue
            relative = os.path.relpath(os.path.join(root, name), folder).replace(os.sep, "/")
            if relative == "index.html":
                pages.append("/")
            elif relative.endswith("/index.html"):
                pages.append("/" + relative[: -len("index.html")])
            else:
                pages.append("/" + relative)
    pages.sort(key=lambda page: (page.count("/"), page))
    return pages[:limit]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def free_port(preferred):
    if preferred:
        return preferred
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(folder, port):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def audit_page(driver, axe_source, url, scheme):
    driver.execute_cdp_cmd(
        "Emulation.setEmulatedMedia",
        {"media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]},
    )
    driver.get(url)
    if not driver.execute_script(f"return matchMedia('(prefers-color-scheme: {scheme})').matches"):
        return {"error": f"the page does not see prefers-color-scheme: {scheme}"}
    driver.execute_script(axe_source)
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']})"
        ".then(r => done({violations: r.violations, incomplete: r.incomplete.map(i => i.id), version: axe.version}))"
        ".catch(e => done({error: String(e)}));"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", action=SiteGroups, required=True, help="a built output folder")
    parser.add_argument("--pages", action=SiteGroups, help="comma-separated paths of the last --site")
    parser.add_argument("--limit", type=int, default=40, help="pages per --site given without --pages")
    parser.add_argument("--port", type=int, default=0, help="first port to serve on (default: free ports)")
    parser.add_argument("--axe", help="path of axe.min.js")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")
    parser.add_argument("--json", help="also write every result to this file")
    args = parser.parse_args()

    axe_path = args.axe or find_axe()
    with open(axe_path, encoding="utf-8") as handle:
        axe_source = handle.read()

    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1000"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(args.chromedriver), options=options)
    driver.set_script_timeout(60)

    results, failing, servers = [], 0, []
    try:
        for index, (folder, pages) in enumerate(parse_sites(args.sites)):
            if not os.path.isdir(folder):
                sys.exit(f"{folder}: no such folder")
            port = free_port(args.port + index if args.port else 0)
            servers.append(serve(folder, port))
            base = f"http://127.0.0.1:{port}"
            print(f"== {folder} at {base}", flush=True)
            for page in pages or all_pages(folder, args.limit):
                if not os.path.isfile(os.path.join(folder, page.lstrip("/") + ("index.html" if page.endswith("/") else ""))):
                    sys.exit(f"{folder}: no page {page}")
                for scheme in ("light", "dark"):
                    outcome = audit_page(driver, axe_source, base + page, scheme)
                    if "error" in outcome:
                        sys.exit(f"{page} ({scheme}): axe failed: {outcome['error']}")
                    counts = collections.Counter(v["impact"] for v in outcome["violations"])
                    summary = ", ".join(f"{counts[i]} {i}" for i in IMPACTS if counts[i]) or "no violations"
                    review = f"; for review: {', '.join(outcome['incomplete'])}" if outcome["incomplete"] else ""
                    print(f"{page} ({scheme}): {summary}{review}", flush=True)
                    for violation in outcome["violations"]:
                        first = violation["nodes"][0]
                        detail = first.get("failureSummary", "").replace("\n", " ")
                        print(f"  {violation['impact']}: {violation['id']} on {len(violation['nodes'])} element(s), "
                              f"first {first['target']}: {detail[:300]}")
                    failing += sum(counts[i] for i in FAILING)
                    results.append({"site": folder, "page": page, "scheme": scheme, "axe": outcome["version"],
                                    "counts": {i: counts[i] for i in IMPACTS}, "violations": outcome["violations"],
                                    "incomplete": outcome["incomplete"]})
    finally:
        driver.quit()
        for server in servers:
            server.shutdown()

    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    version = results[0]["axe"] if results else "?"
    print(f"axe-core {version}: {len(results)} page loads, {failing} serious or critical violation(s)")
    sys.exit(1 if failing else 0)


if __name__ == "__main__":
    main()
