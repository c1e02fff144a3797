from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

from larder.core.base.settings import Settings
from larder.imports import pinning, service
from larder.imports.fetch import FetchPolicy
from tests.imports.server import PageServer
from tests.support import MailCatcher, make_settings


@pytest.fixture(scope="session")
def page_server() -> Iterator[PageServer]:
    server = PageServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def pages(page_server: PageServer) -> Iterator[PageServer]:
    page_server.reset()
    yield page_server
    page_server.release.set()


@pytest.fixture
def allow_private() -> bool:
    """The test pages live on 127.0.0.1, so imports may reach it; the SSRF tests say False."""
    return True


@pytest.fixture
def settings(tmp_path: Path, mail: MailCatcher, migrated_db: Path, allow_private: bool) -> Settings:
    return make_settings(
        str(tmp_path / "data"),
        template_db=migrated_db,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
        LARDER_IMPORT_ALLOW_PRIVATE="1" if allow_private else "0",
    )


@pytest.fixture
def dials(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every TCP connection the fetcher opens, as (address, port)."""
    made: list[tuple[str, int]] = []
    real = pinning._dial

    async def spy(backend: Any, address: str, port: int, *args: Any) -> Any:
        made.append((address, port))
        return await real(backend, address, port, *args)

    monkeypatch.setattr(pinning, "_dial", spy)
    return made


@pytest.fixture
def short_limits(monkeypatch: pytest.MonkeyPatch) -> FetchPolicy:
    """The real limits, but a 1 s read timeout and a 2 s deadline so the slow pages fail quickly."""

    def policy(settings: Settings) -> FetchPolicy:
        return FetchPolicy(allow_private=settings.import_allow_private, read_timeout=1.0, deadline=2.0)

    monkeypatch.setattr(service, "fetch_policy", policy)
    return policy


PROXIED = re.compile(r"/api/pwa/imported-images/([A-Za-z0-9_-]{22})\?u=([^&#]+)")


def shown_link(address: str) -> str:
    """The image link a proxied address shows; fails unless it is a same-origin proxy address."""
    match = PROXIED.fullmatch(address)
    assert match, f"not a proxied image address: {address!r}"
    return unquote(match.group(2))


def shown_links(image: Any) -> Any:
    """An answered `image` (one address, a list, or "") with each address read back as its link."""
    if isinstance(image, list):
        return [shown_link(address) for address in image]
    return shown_link(image) if image else image


def import_url(client: Any, member: Any, url: str) -> dict[str, Any]:
    """POST an import; the answered record with its data decoded into `parsed`, where the image
    addresses (always same-origin proxy addresses: checked here) are read back as the page's links."""
    response = client.post("/api/pwa/user-imported-recipes", json={"url": url}, headers=member.headers)
    assert response.status_code == 201, response.text
    record = response.json()["data"]
    record["parsed"] = json.loads(record["data"])
    if "image" in record["parsed"]:
        record["parsed"]["image"] = shown_links(record["parsed"]["image"])
    return record
