"""The built web app runs under its Content-Security-Policy in a real browser: no violation.

Scripts only from the app's own files, and the `<style>` elements Mantine and react-remove-scroll
write at run time only with the nonce of the page they were served with, also when the page comes
from the service worker's cache.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import httpx
import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer

pytestmark = pytest.mark.e2e

# Listened for in every document of the page before any of the app's code runs (the init script
# and the binding come through the browser's debugging channel, which the policy does not cover).
LISTEN = """
document.addEventListener('securitypolicyviolation', (event) => {
  window.reportViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
});
"""
# Set only by the AppShell's run-time <style> element: empty when the policy blocked it.
SHELL_STYLE = "() => getComputedStyle(document.documentElement).getPropertyValue('--app-shell-header-height')"
STYLE_NONCES = "() => [...document.querySelectorAll('style')].map((style) => style.nonce)"


class _Scripts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inline: list[str] = []
        self.external: list[str] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script":
            src = dict(attrs).get("src")
            if src:
                self.external.append(src)
            else:
                self._open = True
                self.inline.append("")

    def handle_data(self, data: str) -> None:
        if self._open:
            self.inline[-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._open = False


def test_the_built_page_has_no_inline_script(live_server: LiveServer) -> None:
    page = httpx.get(live_server.at("/home"), timeout=10)
    scripts = _Scripts()
    scripts.feed(page.text)
    assert scripts.external, "the page loads no script at all"
    assert scripts.inline == [], "an inline script would need 'unsafe-inline' in script-src"
    assert all(src.startswith("/assets/") for src in scripts.external), scripts.external
    policy = page.headers["content-security-policy"]
    assert "script-src 'self';" in policy
    nonce = re.search(r"'nonce-([^']+)'", policy)
    assert nonce and f'nonce="{nonce.group(1)}"' in page.text, "the page does not carry its policy's nonce"


def test_no_policy_violation_while_using_the_app(page: Page, live_server: LiveServer) -> None:
    violations: list[str] = []
    page.expose_function("reportViolation", lambda text: violations.append(text))
    page.add_init_script(LISTEN)
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))

    page.goto("/home")
    expect(page.get_by_text("Closed beta is now live")).to_be_visible()
    page.goto("/recipes")
    expect(page.get_by_role("link", name="Login")).to_be_visible()

    member = live_server.member("policy")
    live_server.sign_in(page, member)
    assert page.evaluate(SHELL_STYLE).strip(), "the AppShell's run-time style did not apply"
    nonces = page.evaluate(STYLE_NONCES)
    assert nonces and all(nonces), f"a run-time <style> without the page's nonce: {nonces}"

    # The menu drawer: react-remove-scroll writes its own <style> while it is open.
    page.set_viewport_size({"width": 390, "height": 800})
    page.get_by_role("button", name="Open menu").click()
    page.get_by_role("link", name="create recipe").click()
    expect(page).to_have_url(live_server.at("/recipe-creator"))
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")

    # Served by the service worker's precache now: that copy's nonce and policy still agree. The
    # worker's clients.claim() misses a document whose load began before it activated, so only a
    # navigation after `ready` is certain to go through it.
    page.reload()
    assert page.evaluate("() => navigator.serviceWorker.controller !== null"), "the reload bypassed the worker"
    expect(page.get_by_role("button", name="Open menu")).to_be_visible()
    assert page.evaluate(SHELL_STYLE).strip(), "the cached page's run-time style did not apply"

    assert violations == [], violations
    reported = [text for text in console if "Content Security Policy" in text]
    assert reported == [], reported
