#!/usr/bin/env python3
"""Screenshots of a built site's page at a phone's and a desktop's width, light and dark,
for the README (docs/images.md).

    python3 Tests/browser/screenshots.py --site public/ --page /articles/fotografare-il-caffe/ --out docs/screenshots/photo-article
"""
import argparse
import time

from selenium import webdriver

from page_weight import serve


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", required=True)
    parser.add_argument("--page", required=True)
    parser.add_argument("--out", required=True, help="file name prefix: PREFIX-phone-light.png, ...")
    args = parser.parse_args()
    server = serve(args.site)
    for device, (width, height, ratio, mobile) in {"phone": (390, 844, 2, True), "desktop": (1280, 860, 1, False)}.items():
        for scheme in ("light", "dark"):
            options = webdriver.ChromeOptions()
            options.add_argument("--headless=new")
            options.add_argument("--no-sandbox")
            options.add_argument("--hide-scrollbars")
            options.binary_location = "/usr/bin/chromium"
            driver = webdriver.Chrome(options=options, service=webdriver.ChromeService("/usr/bin/chromedriver"))
            try:
                driver.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride",
                    {"width": width, "height": height, "deviceScaleFactor": ratio, "mobile": mobile})
                driver.execute_cdp_cmd(
                    "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.get(f"http://127.0.0.1:{server.server_port}{args.page}")
                time.sleep(1.5)
                driver.save_screenshot(f"{args.out}-{device}-{scheme}.png")
            finally:
                driver.quit()
    server.shutdown()


if __name__ == "__main__":
    main()
