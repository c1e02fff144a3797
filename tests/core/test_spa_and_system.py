"""SPA serving, health, version file, OpenAPI location — issue #2 'SPA serving'."""

from __future__ import annotations

import gzip
from pathlib import Path

import httpx
import pytest
from litestar.testing import TestClient

from larder.app import create_app
from larder.core.web.spa import spa_router


@pytest.fixture
def web_build(tmp_path: Path) -> Path:
    dist = tmp_path / "web"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text('<!doctype html><div id="root"></div>')
    (dist / "assets" / "index-abc123.js").write_text("console.log('app')")
    (dist / "service-worker.js").write_text("self.addEventListener('install', () => {})")
    (dist / "manifest.webmanifest").write_text("{}")
    (tmp_path / "secret.txt").write_text("outside the build")
    return dist


@pytest.fixture
def spa_client(web_build: Path):
    from litestar import Litestar

    from larder.core.base.errors import exception_handlers

    with TestClient(Litestar([spa_router(web_build)], exception_handlers=exception_handlers)) as client:
        yield client


@pytest.mark.parametrize("path", ["/", "/login", "/user-recipes/12", "/recipes/4?cookmode=1", "/a/b/c/d"])
def test_client_routes_answer_index_html_uncached(spa_client, path):
    response = spa_client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert response.headers["cache-control"] == "no-cache"
    assert 'id="root"' in response.text


def test_assets_are_cached_forever(spa_client):
    response = spa_client.get("/assets/index-abc123.js")
    assert response.status_code == 200
    assert "immutable" in response.headers["cache-control"]
    assert "max-age=31536000" in response.headers["cache-control"]
    assert spa_client.get("/assets/missing.js").status_code == 404


def test_top_level_build_files_get_their_media_type(spa_client):
    worker = spa_client.get("/service-worker.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    manifest = spa_client.get("/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")


@pytest.mark.parametrize("path", ["/../secret.txt", "/%2e%2e/secret.txt", "/assets/../../secret.txt", "/.hidden"])
def test_no_path_escapes_the_build(spa_client, path):
    response = spa_client.get(path)
    assert "outside the build" not in response.text


def test_unknown_api_paths_are_json_404_not_the_app(spa_client):
    response = spa_client.get("/api/pwa/recipes-that-do-not-exist")
    assert response.status_code == 404
    assert response.json()["message"]


def test_health_and_version(client):
    assert client.get("/api/health").json() == {"status": "ok", "version": "0.1.0"}
    version = client.get("/latest-version.json")
    assert version.json() == {"currentVersion": "0.1.0"}
    assert version.headers["cache-control"] == "no-cache"


def test_openapi_lives_under_api_schema(client):
    schema = client.get("/api/schema/openapi.json")
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    assert "/api/pwa/login" in paths
    assert "/api/pwa/account/change-password" in paths


@pytest.mark.parametrize("length", [255, 256, 300, 5000])
def test_a_segment_too_long_for_a_file_name_is_a_client_route(spa_client, length):
    # The file system refuses names over 255 bytes (ENAMETOOLONG); no file of the build is that long.
    response = spa_client.get("/" + "a" * length)
    assert response.status_code == 200
    assert 'id="root"' in response.text


@pytest.mark.parametrize("path", ["/%00", "/service-worker.js%00.txt", "/a%00b"])
def test_a_nul_in_the_path_is_a_client_route_not_an_error(spa_client, path):
    response = spa_client.get(path)
    assert response.status_code == 200
    assert 'id="root"' in response.text


def test_an_unknown_api_path_is_echoed_bounded(spa_client):
    response = spa_client.get("/api/" + "x" * 5000)
    assert response.status_code == 404
    assert len(response.json()["message"]) < 300


# The build stores each asset also compressed (webui/vite.config.ts, precompressAssets): Brotli as
# `.br`, gzip as `.gz`. Stand-ins here: real gzip bytes, and bytes marked as Brotli.
ASSET = b"console.log('app');" * 100
ASSET_BR = b"brotli bytes of the asset"
ASSET_GZ = gzip.compress(ASSET, mtime=0)


@pytest.fixture
def compressed_build(web_build: Path) -> Path:
    assets = web_build / "assets"
    (assets / "app-abc123.js").write_bytes(ASSET)
    (assets / "app-abc123.js.br").write_bytes(ASSET_BR)
    (assets / "app-abc123.js.gz").write_bytes(ASSET_GZ)
    (assets / "plain-abc123.js").write_bytes(ASSET)
    return web_build


@pytest.fixture
def app_client(settings, compressed_build: Path, monkeypatch):
    """The whole app (its compression middleware included) serving the build above."""
    monkeypatch.setattr("larder.app.web_dist_dir", lambda: compressed_build)
    with TestClient(create_app(settings)) as client:
        yield client


def raw_get(client: TestClient, path: str, accept_encoding: str) -> tuple[httpx.Headers, bytes]:
    """The answer's headers and its body as sent (not decoded)."""
    with client.stream("GET", path, headers={"Accept-Encoding": accept_encoding}) as response:
        assert response.status_code == 200
        return response.headers, b"".join(response.iter_raw())


@pytest.mark.parametrize(
    ("accept_encoding", "encoding", "body"),
    [
        ("gzip, deflate, br, zstd", "br", ASSET_BR),
        ("br;q=1.0, gzip;q=0.8", "br", ASSET_BR),
        ("gzip, deflate", "gzip", ASSET_GZ),
        ("gzip, br;q=0", "gzip", ASSET_GZ),
        ("identity", None, ASSET),
        ("", None, ASSET),
    ],
    ids=["br", "br-weighted", "gzip", "br-refused", "identity", "none"],
)
def test_assets_are_sent_as_stored_in_the_best_accepted_encoding(app_client, accept_encoding, encoding, body):
    headers, sent = raw_get(app_client, "/assets/app-abc123.js", accept_encoding)
    assert headers.get("content-encoding") == encoding
    # Sent as stored: the gzip answer is the stored file, not compressed a second time.
    assert sent == body
    assert headers["content-type"].startswith("text/javascript")
    assert headers["vary"] == "Accept-Encoding"
    assert "immutable" in headers["cache-control"]
    assert "max-age=31536000" in headers["cache-control"]


def test_an_asset_without_stored_encodings_is_sent_plain(app_client):
    headers, sent = raw_get(app_client, "/assets/plain-abc123.js", "gzip, br")
    assert "content-encoding" not in headers
    assert sent == ASSET


def test_other_answers_are_still_compressed_on_the_fly(app_client):
    headers, _ = raw_get(app_client, "/api/schema/openapi.json", "gzip")
    assert headers["content-encoding"] == "gzip"


@pytest.mark.parametrize("path", ["/assets/app-abc123.js.br", "/assets/app-abc123.js.gz", "/assets/a/b.js", "/assets/"])
def test_stored_encodings_and_sub_paths_are_not_assets(app_client, path):
    assert app_client.get(path).status_code == 404
