"""Render the Larder icons (SVG in webui/public) to the PNG files of the web app manifest.

Run from the repository root after changing an icon SVG, then commit the PNG files:

    .venv/bin/python webui/scripts/render_icons.py

Uses the Python `playwright` package of the virtualenv and Debian's Chromium.
"""

from pathlib import Path

from playwright.sync_api import sync_playwright

PUBLIC = Path(__file__).resolve().parent.parent / "public"
# (source SVG, PNG file, size in px, transparent corners)
JOBS = [
    ("icon.svg", "icon-192.png", 192, True),
    ("icon.svg", "icon-512.png", 512, True),
    ("icon-maskable.svg", "icon-maskable-512.png", 512, False),
    ("icon-maskable.svg", "apple-touch-icon.png", 180, False),
]
PAGE = (
    "<!doctype html><style>html,body{margin:0;background:transparent}"
    "svg{display:block;width:%dpx;height:%dpx}</style>%s"
)


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for source, target, size, transparent in JOBS:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(PAGE % (size, size, (PUBLIC / source).read_text()))
            page.screenshot(
                path=str(PUBLIC / target),
                omit_background=transparent,
                clip={"x": 0, "y": 0, "width": size, "height": size},
            )
            page.close()
            print(f"{target}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    main()
