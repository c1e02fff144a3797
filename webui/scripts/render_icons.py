"""Render the Larder icons (SVG in webui/public) to PNG with Chromium."""
from pathlib import Path
from playwright.sync_api import sync_playwright

public = Path(__file__).resolve().parent.parent / "public"
jobs = [
    ("icon.svg", "icon-192.png", 192, True),
    ("icon.svg", "icon-512.png", 512, True),
    ("icon-maskable.svg", "icon-maskable-512.png", 512, False),
    ("icon-maskable.svg", "apple-touch-icon.png", 180, False),
]
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox", "--disable-gpu"])
    for src, dst, size, transparent in jobs:
        page = browser.new_page(viewport={"width": size, "height": size})
        svg = (public / src).read_text()
        page.set_content(
            "<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:%dpx;height:%dpx}</style>%s"
            % (size, size, svg)
        )
        page.screenshot(path=str(public / dst), omit_background=transparent, clip={"x": 0, "y": 0, "width": size, "height": size})
        page.close()
    browser.close()
print("ok")
