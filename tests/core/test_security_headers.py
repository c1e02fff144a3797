"""Security headers on every answer of the app: the web app's, the API's, errors and files alike."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from larder.app import create_app
from larder.core.base.errors import exception_handlers
from larder.core.base.settings import Settings
from larder.core.web.headers import NONCE_PLACEHOLDER, add_security_headers, install_security_headers
from larder.core.web.spa import spa_router
from tests.support import make_settings

NONCE = re.compile(r"'nonce-([A-Za-z0-9_-]{16,})'")


def directives(policy: str) -> dict[str, str]:
    return {part.split()[0]: " ".join(part.split()[1:]) for part in policy.split(";") if part.strip()}


def assert_secure(headers: Any) -> dict[str, str]:
    policy = directives(headers["content-security-policy"])
    assert policy["script-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'"
    assert policy["object-src"] == "'none'"
    assert "unsafe-inline" not in headers["content-security-policy"]
    assert "unsafe-eval" not in headers["content-security-policy"]
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "same-origin"
    return policy


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/health", 200),
        ("GET", "/latest-version.json", 200),
        ("GET", "/api/schema/openapi.json", 200),
        ("GET", "/api/pwa/account", 401),
        ("GET", "/api/pwa/no-such-route", 404),
        ("POST", "/api/pwa/login", 400),
        ("DELETE", "/api/health", 405),
        ("GET", "/uploads/missing.jpg", 404),
    ],
)
def test_every_api_answer_carries_the_headers(client, method, path, status):
    response = client.request(method, path, content=b"{not json", headers={"Content-Type": "application/json"})
    assert response.status_code == status
    policy = assert_secure(response.headers)
    assert policy["style-src"] == "'self'"
    # Served over plain http (the test instance's public URL): no HSTS, it would lock users out.
    assert "strict-transport-security" not in response.headers


def test_hsts_only_when_the_public_url_is_https(tmp_path: Path, migrated_db: Path):
    settings = make_settings(
        str(tmp_path / "data"), template_db=migrated_db, LARDER_PUBLIC_URL="https://larder.example"
    )
    with TestClient(create_app(settings)) as client:
        for path in ("/api/health", "/api/pwa/account"):
            hsts = client.get(path).headers["strict-transport-security"]
            assert int(re.fullmatch(r"max-age=(\d+)", hsts).group(1)) >= 180 * 24 * 3600


def test_images_come_only_from_the_app_itself(client):
    """No picture from any other origin: an imported recipe's is proxied (imports/images.py)."""
    for path in ("/api/health", "/api/pwa/account"):
        policy = directives(client.get(path).headers["content-security-policy"])
        assert policy["img-src"] == "'self' blob:"
        assert "http:" not in policy["img-src"]
        assert "https:" not in policy["img-src"]
        assert "data:" not in policy["img-src"]
        assert "*" not in policy["img-src"]


def test_a_stored_image_keeps_its_stricter_policy(client, settings: Settings):
    (settings.uploads_dir / "photo.jpg").write_bytes(b"\xff\xd8\xff\xe0 not really a jpeg")
    response = client.get("/uploads/photo.jpg")
    assert response.status_code == 200
    policy = directives(response.headers["content-security-policy"])
    assert policy["default-src"] == "'none'"
    assert "sandbox" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "same-origin"


@pytest.fixture
def web_client(tmp_path: Path):
    dist = tmp_path / "web"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(
        f'<!doctype html><meta property="csp-nonce" nonce="{NONCE_PLACEHOLDER}">'
        f'<script type="module" src="/assets/app.js" nonce="{NONCE_PLACEHOLDER}"></script><div id="root"></div>'
    )
    (dist / "assets" / "app.js").write_text("console.log('app')")
    (dist / "service-worker.js").write_text("self.addEventListener('install', () => {})")
    app = Litestar([spa_router(dist)], exception_handlers=exception_handlers, before_send=[add_security_headers])
    install_security_headers(app.state, "http://larder.test")
    with TestClient(app) as client:
        yield client


def test_each_answer_of_the_app_page_gets_a_fresh_style_nonce(web_client):
    nonces = []
    for path in ("/", "/login", "/recipes/4"):
        response = web_client.get(path)
        assert response.status_code == 200
        policy = assert_secure(response.headers)
        match = NONCE.search(policy["style-src"])
        assert match, policy["style-src"]
        assert policy["style-src"] == f"'self' 'nonce-{match.group(1)}'"
        assert NONCE_PLACEHOLDER not in response.text
        assert response.text.count(f'nonce="{match.group(1)}"') == 2
        assert response.headers["cache-control"] == "no-cache"
        assert policy["img-src"] == "'self' blob:"
        nonces.append(match.group(1))
    assert len(set(nonces)) == len(nonces), "a nonce was reused"


@pytest.mark.parametrize("path", ["/assets/app.js", "/service-worker.js", "/assets/missing.js"])
def test_the_app_files_carry_the_policy_without_a_nonce(web_client, path):
    policy = assert_secure(web_client.get(path).headers)
    assert policy["style-src"] == "'self'"
