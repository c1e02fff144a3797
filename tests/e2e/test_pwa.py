"""The installable PWA against the real server: manifest, service worker, offline reloads, Update button."""

from __future__ import annotations

import json

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, Response, Route, expect

from tests.e2e.conftest import LiveServer

pytestmark = pytest.mark.e2e

API_CACHE = "larder-api-v1"  # webui/src/app/pwa/constants.ts API_CACHE_NAME

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
CONTROLLER_URL = "() => navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL"
ACCOUNT_CACHED = f"""async () => {{
    const answer = await caches.match('/api/pwa/account', {{ cacheName: '{API_CACHE}' }});
    return answer !== undefined;
}}"""
INSTALLED_VERSION = "() => window.localStorage.getItem('installedVersion')"


def wait_until_controlled(page: Page) -> None:
    """The service worker is active and controls this page.

    clients.claim() misses a document whose load began before the worker activated; such a page
    stays uncontrolled until its next navigation, so reload it once the worker is ready.
    """
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate(CONTROLLED):
        page.reload()
    page.wait_for_function(CONTROLLED)


def test_manifest_and_service_worker_are_served(live_server: LiveServer) -> None:
    manifest = httpx.get(live_server.at("/manifest.webmanifest"), timeout=10)
    assert manifest.status_code == 200
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    body = json.loads(manifest.text)
    assert body["name"] == "Larder"
    assert body["short_name"]
    assert body["display"] == "standalone"
    assert body["start_url"] == "/"
    assert body["theme_color"] and body["background_color"]
    icons = {(icon["src"], icon["sizes"], icon.get("purpose", "any")) for icon in body["icons"]}
    assert ("/icon-192.png", "192x192", "any") in icons
    assert ("/icon-512.png", "512x512", "any") in icons
    assert ("/icon-maskable-512.png", "512x512", "maskable") in icons
    assert any(src.endswith(".svg") for src, _, _ in icons)
    for icon in body["icons"]:
        answer = httpx.get(live_server.at(icon["src"]), timeout=10)
        assert answer.status_code == 200, icon["src"]
        assert answer.headers["content-type"].startswith(icon["type"]), icon["src"]

    worker = httpx.get(live_server.at("/service-worker.js"), timeout=10)
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert "no-cache" in worker.headers["cache-control"]
    assert '<link rel="manifest" href="/manifest.webmanifest">' in httpx.get(live_server.at("/home"), timeout=10).text


def test_service_worker_registers_and_controls_the_page(page: Page, live_server: LiveServer) -> None:
    page.goto("/home")
    expect(page.get_by_text("Closed beta is now live")).to_be_visible()
    scope = page.evaluate("() => navigator.serviceWorker.ready.then((registration) => registration.scope)")
    assert scope == live_server.at("/")

    page.reload()
    expect(page.get_by_text("Closed beta is now live")).to_be_visible()
    page.wait_for_function(CONTROLLED)
    script_url = page.evaluate(CONTROLLER_URL)
    assert script_url == live_server.at("/service-worker.js")
    assert script_url.endswith("/service-worker.js")


def test_offline_reload_shows_the_shell_and_what_the_user_last_saw(
    page: Page, context: BrowserContext, live_server: LiveServer
) -> None:
    member = live_server.member("offline")
    live_server.sign_in(page, member)
    page.goto("/user-preferences")
    wait_until_controlled(page)
    # Under the service worker, GET /api/pwa/account lands in the runtime cache.
    page.reload()
    expect(page.get_by_label("Username")).to_have_value(member.name)
    page.wait_for_function(ACCOUNT_CACHED)
    # Make the stored user stale: only the cached GET /account answer can bring the name back.
    page.evaluate(
        """() => {
            const user = JSON.parse(window.localStorage.getItem('user'));
            window.localStorage.setItem('user', JSON.stringify({ ...user, name: 'stale_name' }));
        }"""
    )

    answers: list[Response] = []
    page.on("response", lambda response: answers.append(response) if "/api/pwa/account" in response.url else None)
    context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_role("tab", name="account")).to_be_visible()
        expect(page.get_by_label("Username")).to_have_value(member.name)
        assert any(answer.from_service_worker and answer.status == 200 for answer in answers), answers
        # The service worker really is offline: an API answer it never cached fails.
        outcome = page.evaluate(
            "() => fetch('/api/pwa/recipes?page=987654').then((answer) => answer.status, () => 'failed')"
        )
        assert outcome == "failed"

        # The app shell opens offline too.
        page.goto("/home")
        expect(page.get_by_text("Closed beta is now live")).to_be_visible()
        page.goto("/recipes/1")
        expect(page.get_by_role("button", name="Open menu")).to_be_visible()
    finally:
        context.set_offline(False)

    # Logging out forgets the cached answers (they belong to this user only).
    page.goto("/user-preferences")
    expect(page.get_by_label("Username")).to_have_value(member.name)
    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("button", name="log out").click()
    expect(page).to_have_url(live_server.at("/login"))
    page.wait_for_function(f"async () => !(await ({ACCOUNT_CACHED})())")


def test_update_button_appears_when_the_server_version_changes(page: Page, live_server: LiveServer) -> None:
    current = live_server.settings.version
    page.goto("/home")
    expect(page.get_by_text("Closed beta is now live")).to_be_visible()
    # A fresh install is up to date: it stores the server's version.
    page.wait_for_function(f"() => window.localStorage.getItem('installedVersion') === {json.dumps(current)}")
    page.get_by_role("button", name="Open menu").click()
    expect(page.get_by_role("navigation", name="Main menu")).to_be_visible()
    expect(page.get_by_role("button", name="Update")).to_have_count(0)

    newer = f"{current}.next"

    def newer_version(route: Route) -> None:
        route.fulfill(
            status=200,
            content_type="application/json",
            headers={"Cache-Control": "no-cache"},
            body=json.dumps({"currentVersion": newer}),
        )

    page.route("**/latest-version.json", newer_version)
    page.reload()
    page.get_by_role("button", name="Open menu").click()
    update = page.get_by_role("button", name="Update")
    expect(update).to_be_visible()
    assert page.evaluate(INSTALLED_VERSION) == current

    # Pressing Update stores the new version and reloads; the button is gone afterwards.
    with page.expect_event("load"):
        update.click()
    assert page.evaluate(INSTALLED_VERSION) == newer
    page.get_by_role("button", name="Open menu").click()
    expect(page.get_by_role("navigation", name="Main menu")).to_be_visible()
    expect(page.get_by_role("button", name="Update")).to_have_count(0)
