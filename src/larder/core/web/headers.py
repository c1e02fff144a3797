"""Security headers on every answer, and the web app's page with its per-answer style nonce.

Scripts come only from the app's own files (`script-src 'self'`, no inline script anywhere in the
build). Mantine and react-remove-scroll inject `<style>` elements at run time whose text depends
on the theme, the breakpoints and the scrollbar width, so no hash can cover them; instead each
answer of index.html carries a fresh nonce (Vite's `html.cspNonce` placeholder, replaced here),
the app hands it to the libraries, and only styles holding it apply. Nothing else is inline.

An answer that sets its own Content-Security-Policy keeps it (stored images have a stricter one).
"""

from __future__ import annotations

import secrets
from pathlib import Path

from litestar import Response
from litestar.datastructures import MutableScopeHeaders, State
from litestar.types import Message, Scope

# Must match `html.cspNonce` in webui/vite.config.ts: Vite writes it into the built index.html.
NONCE_PLACEHOLDER = "__LARDER_CSP_NONCE__"
HSTS_MAX_AGE_SECONDS = 31_536_000


def content_security_policy(style_nonce: str | None = None) -> str:
    styles = "'self'" + (f" 'nonce-{style_nonce}'" if style_nonce else "")
    directives = {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": styles,
        # Every picture comes from here: uploads, and an imported recipe's through the image proxy
        # (imports/images.py), never straight from another site. blob: is a picked photo being
        # decoded for cropping before its upload; nothing in the web app uses data: images.
        "img-src": "'self' blob:",
        "font-src": "'self'",
        "connect-src": "'self'",
        "manifest-src": "'self'",
        "worker-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def security_headers(public_url: str) -> dict[str, str]:
    """The headers every answer carries (an answer's own CSP wins over the default one)."""
    headers = {
        "Content-Security-Policy": content_security_policy(),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
        # For browsers that predate frame-ancestors.
        "X-Frame-Options": "DENY",
    }
    # Only over https: the header is ignored on http, and pinning https on an instance that is
    # served over plain http (a home LAN) would lock its users out.
    if public_url.lower().startswith("https://"):
        headers["Strict-Transport-Security"] = f"max-age={HSTS_MAX_AGE_SECONDS}"
    return headers


SECURITY_HEADERS_STATE_KEY = "security_headers"


def install_security_headers(state: State, public_url: str) -> None:
    """The instance's default headers, which depend on its public address (HSTS over https)."""
    state[SECURITY_HEADERS_STATE_KEY] = [(name.lower(), value) for name, value in security_headers(public_url).items()]


async def add_security_headers(message: Message, scope: Scope) -> None:
    """A `before_send` hook adding the instance's security headers to every HTTP answer of the app."""
    if message["type"] != "http.response.start":
        return
    headers = MutableScopeHeaders.from_message(message)
    for name, value in scope["litestar_app"].state[SECURITY_HEADERS_STATE_KEY]:
        if name not in headers:
            headers[name] = value


class _Page:
    """index.html read once per change of the file, not once per answer."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._stamp: tuple[int, int] | None = None
        self._text = ""

    def text(self) -> str:
        stat = self.path.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._text = self.path.read_text(encoding="utf-8")
            self._stamp = stamp
        return self._text


_pages: dict[Path, _Page] = {}


def app_page(index: Path, headers: dict[str, str]) -> Response[str]:
    """The web app's index.html with a fresh style nonce, and the policy that allows exactly it."""
    page = _pages.get(index) or _pages.setdefault(index, _Page(index))
    nonce = secrets.token_urlsafe(18)
    return Response(
        page.text().replace(NONCE_PLACEHOLDER, nonce),
        media_type="text/html",
        headers={**headers, "Content-Security-Policy": content_security_policy(nonce)},
    )
