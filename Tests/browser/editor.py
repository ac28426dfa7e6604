#!/usr/bin/env python3
"""The editor's browser test (docs/editor.md, "Browser test"): in headless Chromium, against
`masthead serve` on a copy of the default site, a new user, without touching a file, creates
an article, fills title, category, tags and summary, uploads a photo as its cover with alt
text, writes two paragraphs and a heading, sees them in the preview, saves, finds the page in
the site, translates it into English and schedules it for tomorrow.

    python3 Tests/browser/editor.py --masthead .build/release/masthead [--screenshots docs/images/editor]

Also: the saved file equals Tests/browser/fixtures/editor-article.md byte for byte (with
today's date); axe-core over the editor's pages (list, form, media) in light and dark has no
violation; and the median time from a keystroke to the updated preview, over --keystrokes
keystrokes, is printed (docs/preview.md, "The editor's preview"). Screenshots of each step,
phone (390 px) and desktop, light and dark. Exits non-zero when a check fails.
"""
import argparse
import datetime
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
RESULTS = []
SIZES = {"desktop": (1366, 1000), "phone": (390, 844)}


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


def find_axe():
    spec = importlib.util.find_spec("axe_playwright_python")
    for folder in (spec.submodule_search_locations if spec else []):
        path = os.path.join(folder, "axe.min.js")
        if os.path.isfile(path):
            return path
    return None


class Browser:
    def __init__(self, screenshots):
        options = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
            options.add_argument(flag)
        self.driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
        self.wait = WebDriverWait(self.driver, 30, poll_frequency=0.05)
        self.screenshots = screenshots
        self.size("desktop")

    def size(self, name):
        width, height = SIZES[name]
        self.driver.set_window_size(width, height)
        # The viewport, not the window: a phone is 390 CSS pixels wide.
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": name == "phone"})

    def scheme(self, value):
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                    {"media": "", "features": [{"name": "prefers-color-scheme", "value": value}]})

    def shoot(self, step):
        """The page as it stands, in the four ways, then back to desktop and light."""
        if not self.screenshots:
            return
        for size in ("desktop", "phone"):
            for scheme in ("light", "dark"):
                self.size(size)
                self.scheme(scheme)
                time.sleep(0.3)
                self.driver.save_screenshot(os.path.join(self.screenshots, f"{step}-{size}-{scheme}.png"))
        self.size("desktop")
        self.scheme("light")

    def preview_text(self):
        return self.driver.execute_script(
            "var f = document.getElementById('preview'); return f && f.contentDocument && f.contentDocument.body ? f.contentDocument.body.innerText : ''")


def type_in_text(browser, text):
    """Types into the text as a person does: CodeMirror when it is on, the textarea otherwise."""
    driver = browser.driver
    editors = driver.find_elements(By.CSS_SELECTOR, ".CodeMirror [contenteditable], .CodeMirror textarea")
    target = editors[0] if editors else driver.find_element(By.ID, "body")
    if editors:
        driver.find_element(By.CSS_SELECTOR, ".CodeMirror").click()
        target.send_keys(Keys.CONTROL, Keys.END)
    for line in text.split("\n"):
        target.send_keys(line)
        target.send_keys(Keys.ENTER)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--masthead", required=True)
    parser.add_argument("--screenshots", default=os.path.join(REPOSITORY, "docs", "images", "editor"))
    parser.add_argument("--keystrokes", type=int, default=40)
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="masthead-editor-")
    for folder in ("Content", "Templates"):
        shutil.copytree(os.path.join(REPOSITORY, folder), os.path.join(work, folder), symlinks=True)
    photo = os.path.join(work, "Caffè del mattino.jpg")
    shutil.copy(os.path.join(REPOSITORY, "Tests", "Fixtures", "images", "phone.jpg"), photo)
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    server, base = start_server(os.path.abspath(args.masthead), work)
    print(f"serving a copy of the default site from {work} at {base}", flush=True)
    browser = Browser(args.screenshots)
    driver, wait = browser.driver, browser.wait
    saved_path = os.path.join(work, "Content", "articles", "il-caffe-del-mattino.md")
    try:
        # 1. The list.
        driver.get(base + "_masthead/")
        check("the list shows the site's articles", "Il caffè nel cinema" in driver.page_source)
        browser.shoot("1-list")

        # 2. A new article, its fields filled.
        driver.find_element(By.LINK_TEXT, "New article").click()
        wait.until(lambda d: d.find_elements(By.ID, "field-title"))
        driver.find_element(By.ID, "field-title").send_keys("Il caffè del mattino")
        Select(driver.find_element(By.ID, "field-category")).select_by_value("coffee-culture")
        driver.find_element(By.ID, "field-tags").send_keys("moka, colazione")
        driver.find_element(By.ID, "field-summary").send_keys("Come nasce il primo caffè della giornata, dalla moka alla tazzina.")
        driver.find_element(By.CSS_SELECTOR, 'input[data-upload-for="field-cover"]').send_keys(photo)
        wait.until(lambda d: d.find_element(By.ID, "field-cover").get_attribute("value") == "/images/caffe-del-mattino.jpg")
        check("the photo is uploaded as the cover", os.path.isfile(os.path.join(work, "Content", "static", "images", "caffe-del-mattino.jpg")))
        driver.find_element(By.ID, "field-cover-alt").send_keys("Una moka sul fornello acceso accanto a una tazzina")
        browser.shoot("2-fields")

        # 3. Two paragraphs and a heading, seen in the preview.
        type_in_text(browser, "La moka va sul fuoco prima di tutto il resto.\n\n## Il rito\n\nPoi si aspetta il borbottio, senza fretta.")
        wait.until(lambda d: "Poi si aspetta il borbottio" in browser.preview_text())
        shown = browser.preview_text()
        check("the preview shows the heading and both paragraphs",
              all(text in shown for text in ("La moka va sul fuoco", "Il rito", "Poi si aspetta il borbottio")))
        check("nothing is written before Save", not os.path.exists(saved_path))
        # Clicking the second paragraph of the preview moves the text to its line.
        driver.switch_to.frame(driver.find_element(By.ID, "preview"))
        paragraph = driver.find_element(By.XPATH, "//p[contains(., 'Poi si aspetta il borbottio')]")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", paragraph)
        time.sleep(0.2)
        paragraph.click()
        driver.switch_to.default_content()
        line = driver.execute_script(
            "var cm = document.querySelector('.CodeMirror'); if (cm && cm.CodeMirror) return cm.CodeMirror.getCursor().line;"
            "var b = document.getElementById('body'); return b.value.slice(0, b.selectionStart).split('\\n').length - 1;")
        check("clicking a paragraph of the preview moves the text to its line", line == 5, f"line {line}")
        browser.shoot("3-preview")

        # 4. Saved, and the page found in the site.
        driver.find_element(By.CSS_SELECTOR, "button.primary").click()
        wait.until(lambda d: "edit?path=Content/articles/il-caffe-del-mattino.md" in d.current_url)
        with open(saved_path, "rb") as handle:
            saved = handle.read()
        with open(os.path.join(HERE, "fixtures", "editor-article.md"), "rb") as handle:
            fixture = handle.read().replace(b"DATE", datetime.date.today().isoformat().encode())
        check("the saved file equals the fixture byte for byte", saved == fixture,
              "" if saved == fixture else saved.decode("utf-8", "replace"))
        page = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(base + "articles/il-caffe-del-mattino/") as response:
                    page = response.read().decode()
                    break
            except Exception:
                time.sleep(0.1)
        check("the page is in the site", page is not None and "Il caffè del mattino" in page)
        browser.shoot("4-saved")
        driver.get(base + "articles/il-caffe-del-mattino/")
        check("the page has an Edit link", bool(driver.find_elements(By.ID, "masthead-edit-link")))
        browser.shoot("5-site")

        # 5. Translated into English.
        driver.get(base + "_masthead/edit?path=Content/articles/il-caffe-del-mattino.md")
        driver.find_element(By.XPATH, "//button[normalize-space()='Translate into en']").click()
        wait.until(lambda d: "il-caffe-del-mattino.en.md" in d.current_url)
        title = driver.find_element(By.ID, "field-title")
        title.clear()
        title.send_keys("Morning coffee")
        driver.find_element(By.CSS_SELECTOR, "button.primary").click()
        wait.until(lambda d: "saved=1" in d.current_url)
        translation = os.path.join(work, "Content", "articles", "il-caffe-del-mattino.en.md")
        with open(translation, encoding="utf-8") as handle:
            translated = handle.read()
        check("the translation is made beside the original", translated.startswith("---\ntitle: Morning coffee\n"), translated[:80])
        browser.shoot("6-translated")

        # 6. Scheduled for tomorrow.
        driver.get(base + "_masthead/edit?path=Content/articles/il-caffe-del-mattino.md")
        tomorrow = (datetime.date.today() + datetime.timedelta(days=1)).isoformat()
        date = driver.find_element(By.ID, "field-date")
        date.clear()
        date.send_keys(tomorrow)
        driver.find_element(By.CSS_SELECTOR, "button.primary").click()
        wait.until(lambda d: "saved=1" in d.current_url)
        driver.get(base + "_masthead/?state=scheduled")
        check("the list shows it scheduled", f"Scheduled for {tomorrow}" in driver.page_source)
        browser.shoot("7-scheduled")

        # axe-core over the editor's pages.
        axe = find_axe()
        if axe:
            with open(axe, encoding="utf-8") as handle:
                axe_source = handle.read()
            for path in ("_masthead/", "_masthead/edit?path=Content/articles/il-caffe-del-mattino.md",
                         "_masthead/edit?path=Content/articles/il-caffe-del-mattino.en.md", "_masthead/media", "_masthead/new",
                         "_masthead/catalogs", "_masthead/catalog-row?name=prizes&row=0"):
                for scheme in ("light", "dark"):
                    browser.scheme(scheme)
                    driver.get(base + path)
                    time.sleep(0.5)
                    driver.execute_script(axe_source)
                    outcome = driver.execute_async_script(
                        "const done = arguments[arguments.length - 1];"
                        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => v.id + ' ' + v.nodes.length)))"
                        ".catch(e => done(['error ' + e]));")
                    check(f"axe-core: {path} ({scheme})", not outcome, ", ".join(outcome))
            browser.scheme("light")
        else:
            check("axe-core is installed (pip install --no-deps axe-playwright-python)", False)

        # The latency from a keystroke to the updated preview.
        driver.get(base + "_masthead/edit?path=Content/articles/il-rito-della-moka.md")
        wait.until(lambda d: d.execute_script("return !!window.mastheadLastPreview"))
        driver.execute_script(
            "window.mastheadKeys = [];"
            "document.addEventListener('keydown', function () { window.mastheadKeys.push(performance.now()); }, true);")
        times = []
        target = (driver.find_elements(By.CSS_SELECTOR, ".CodeMirror [contenteditable], .CodeMirror textarea") or [driver.find_element(By.ID, "body")])[0]
        for index in range(args.keystrokes):
            before = driver.execute_script("return window.mastheadLastPreview.at")
            target.send_keys("x" if index % 2 == 0 else Keys.BACKSPACE)
            wait.until(lambda d: d.execute_script("return window.mastheadLastPreview.at") > before
                       and d.execute_script("return window.mastheadLastPreview.at") > d.execute_script("return window.mastheadKeys[window.mastheadKeys.length - 1]"))
            times.append(driver.execute_script("return window.mastheadLastPreview.at - window.mastheadKeys[window.mastheadKeys.length - 1]"))
            time.sleep(0.2)
        median = statistics.median(times)
        print(f"keystroke to preview: median {median:.0f} ms, p90 {sorted(times)[int(len(times) * 0.9) - 1]:.0f} ms, "
              f"min {min(times):.0f} ms, max {max(times):.0f} ms over {len(times)} keystrokes", flush=True)
        check("median keystroke to preview within 150 ms", median <= 150, f"{median:.0f} ms")
    finally:
        driver.quit()
        server.terminate()
        server.wait()
        shutil.rmtree(work, ignore_errors=True)
    failed = RESULTS.count(False)
    print(f"{len(RESULTS) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
