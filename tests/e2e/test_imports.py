"""Recipe import in Chromium: a page on a local HTTP server imported from the cookbook's #imported tab,
the imported recipe viewer with its disclaimer, deletion, and a failing import.

The fetch guard refuses private addresses unless LARDER_IMPORT_ALLOW_PRIVATE=1, so these tests run
their own `larder serve` (own port, own data dir) with the allowance on, next to a threaded
http.server on 127.0.0.1 that serves pages written here.
"""

from __future__ import annotations

import io
import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from PIL import Image
from playwright.sync_api import Browser, Locator, Page, expect

from tests.e2e.conftest import (
    LiveServer,
    Mailbox,
    _larder_env,
    _off_the_loop,
    browser_page,
    running_server,
    token_of,
)
from tests.support import MailCatcher, free_port, make_settings

pytestmark = pytest.mark.e2e

RECIPE_NAME = "Quince and almond crumble"
INGREDIENTS = ["4 quinces", "100 g ground almonds", "80 g butter"]


def _jpeg() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (320, 180), (220, 170, 60)).save(buffer, format="JPEG")
    return buffer.getvalue()


def _recipe_page() -> bytes:
    recipe = {
        "@context": "https://schema.org",
        "@type": "Recipe",
        "name": RECIPE_NAME,
        "description": "An autumn pudding &amp; a treat.",
        "image": "/quince.jpg",
        "recipeYield": "6 portions",
        "recipeCuisine": "British",
        "recipeIngredient": INGREDIENTS,
        "recipeInstructions": [
            {"@type": "HowToStep", "name": "Crumble", "text": "Rub the butter into the almonds."},
            {"@type": "HowToStep", "text": "Bake for 30 minutes."},
        ],
    }
    return (
        "<!doctype html><html><head><meta charset='utf-8'><title>Quince crumble | Test kitchen</title>"
        f"<script type='application/ld+json'>{json.dumps(recipe)}</script>"
        "</head><body><h1>Quince crumble</h1><p>Our favourite pudding.</p></body></html>"
    ).encode()


class RecipeSite:
    """A threaded HTTP server on 127.0.0.1 answering a fixed set of pages (404 for anything else)."""

    def __init__(self) -> None:
        pages = {
            "/quince-crumble": ("text/html; charset=utf-8", _recipe_page()),
            "/quince.jpg": ("image/jpeg", _jpeg()),
        }

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                content_type, body = pages.get(self.path, ("text/html; charset=utf-8", b"<h1>Not found</h1>"))
                self.send_response(200 if self.path in pages else 404)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def at(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def __enter__(self) -> RecipeSite:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def recipe_site() -> Iterator[RecipeSite]:
    with RecipeSite() as site:
        yield site


@pytest.fixture(scope="module")
def import_server(tmp_path_factory: pytest.TempPathFactory, smtp_server: MailCatcher) -> Iterator[LiveServer]:
    """`larder serve` of its own with LARDER_IMPORT_ALLOW_PRIVATE=1 (the shared live_server keeps the guard on)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    data_dir = tmp_path_factory.mktemp("larder-e2e-imports") / "data"
    settings = _off_the_loop(lambda: make_settings(str(data_dir), LARDER_PUBLIC_URL=url))
    env = _larder_env(
        data_dir,
        LARDER_PUBLIC_URL=url,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(smtp_server.port),
        LARDER_IMPORT_ALLOW_PRIVATE="1",
    )
    with running_server(port, env, data_dir / "server.log"):
        yield LiveServer(url, data_dir, settings, Mailbox(smtp_server), [])


@pytest.fixture
def page(browser: Browser, import_server: LiveServer, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh browser profile on the import server; fails on uncaught errors in the page."""
    with browser_page(browser, import_server.url) as page:
        yield page
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            print(f"\nfailed at {page.url}; server log {import_server.data_dir / 'server.log'}")


def toast(page: Page, text: str) -> Locator:
    """The Mantine notification carrying `text`."""
    return page.locator(".mantine-Notification-root").filter(has_text=text)


def import_link(page: Page, url: str) -> None:
    page.get_by_role("textbox", name="recipe link").fill(url)
    page.get_by_role("button", name="import", exact=True).click()


def test_import_view_disclaimer_and_delete(page: Page, import_server: LiveServer, recipe_site: RecipeSite) -> None:
    member = import_server.member("importer")
    import_server.sign_in(page, member)
    page.goto("/user-recipes#imported")
    expect(page.get_by_role("tab", name="imported", selected=True)).to_be_visible()
    expect(page.get_by_text("...", exact=True)).to_be_visible()

    source = recipe_site.at("/quince-crumble")
    import_link(page, source)
    expect(toast(page, "recipe imported")).to_be_visible()
    expect(page.get_by_role("textbox", name="recipe link")).to_have_value("")
    entry = page.get_by_role("list", name="imported recipes").get_by_role("listitem", name=RECIPE_NAME)
    expect(entry).to_contain_text("category: IMPORTED")
    expect(entry.get_by_text(re.compile(r"^imported \S"))).to_be_visible()

    entry.get_by_role("link").click()
    expect(page).to_have_url(re.compile(r"/imported-recipes/\d+$"))
    expect(page.get_by_role("heading", name=RECIPE_NAME, level=2)).to_be_visible()
    # The picture comes through the server's image proxy (the CSP loads none from another site).
    picture = page.get_by_role("img", name=RECIPE_NAME)
    expect(picture).to_have_attribute("src", re.compile(r"^/api/pwa/imported-images/[\w-]{22}\?u="))
    expect(picture).to_have_js_property("naturalWidth", 320)
    expect(page.get_by_role("link", name="original source")).to_have_attribute("href", source)
    expect(page.get_by_text("Serves:", exact=True).locator("xpath=..")).to_have_text("Serves: 6 portions")
    expect(page.get_by_text("An autumn pudding & a treat.")).to_be_visible()
    ingredients = page.get_by_role("list", name="ingredients")
    expect(ingredients.get_by_role("listitem")).to_have_text(INGREDIENTS)
    expect(ingredients.locator("[data-value='IMPORT_INGREDIENT_2']")).to_have_text("80 g butter")
    steps = page.get_by_role("list", name="steps")
    expect(steps.get_by_role("heading", level=4)).to_have_text(["1. Crumble", "2. Step 2"])
    expect(steps).to_contain_text("Rub the butter into the almonds.")
    expect(steps).to_contain_text("Bake for 30 minutes.")

    page.get_by_role("button", name="show disclaimer").click()
    disclaimer = page.get_by_role("dialog", name="Imported Recipe Disclaimer")
    expect(disclaimer).to_contain_text("Accuracy:")
    expect(disclaimer).to_contain_text("Liability:")
    expect(disclaimer).to_contain_text("Copyright:")
    expect(page.locator("[data-value^='IMPORT_INGREDIENT_']")).to_have_count(0)  # the panel hides meanwhile
    disclaimer.get_by_role("button", name="ok").click()
    expect(disclaimer).to_be_hidden()
    expect(ingredients.get_by_role("listitem")).to_have_count(len(INGREDIENTS))

    # A reload reads the import by id.
    page.reload()
    expect(page.get_by_role("heading", name=RECIPE_NAME, level=2)).to_be_visible()
    expect(ingredients.get_by_role("listitem")).to_have_text(INGREDIENTS)

    page.go_back()
    expect(page).to_have_url(f"{import_server.url}/user-recipes#imported")
    entry.get_by_role("button", name=f"delete {RECIPE_NAME}").click()
    confirm = page.get_by_role("dialog", name=f"Delete {RECIPE_NAME}?")
    expect(confirm).to_contain_text("This action cannot be undone")
    confirm.get_by_role("button", name="confirm").click()
    expect(entry).to_have_count(0)
    expect(page.get_by_text("...", exact=True)).to_be_visible()
    assert import_server.api("GET", "/user-imported-recipes", token=token_of(page)).json() == []


def test_failing_import_keeps_the_raw_link(page: Page, import_server: LiveServer, recipe_site: RecipeSite) -> None:
    member = import_server.member("failer")
    import_server.sign_in(page, member)
    page.goto("/user-recipes#imported")
    expect(page.get_by_text("...", exact=True)).to_be_visible()

    missing = recipe_site.at("/no-such-recipe")
    import_link(page, missing)
    expect(toast(page, "recipe import failed")).to_be_visible()
    expect(page.get_by_role("textbox", name="recipe link")).to_have_value(missing)  # kept to try again
    entry = page.get_by_role("list", name="imported recipes").get_by_role("listitem", name=missing)
    expect(entry.get_by_role("link", name=missing)).to_have_attribute("href", missing)
    expect(entry).to_contain_text("category: IMPORTED")
    stored = import_server.api("GET", "/user-imported-recipes", token=token_of(page)).json()
    assert [(item["url"], item["import_failed"], item["data"]) for item in stored] == [(missing, True, "{}")]

    entry.get_by_role("button", name=f"delete {missing}").click()
    page.get_by_role("dialog", name=f"Delete {missing}?").get_by_role("button", name="confirm").click()
    expect(entry).to_have_count(0)
    expect(page.get_by_text("...", exact=True)).to_be_visible()
