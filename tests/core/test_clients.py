"""The client address behind a reverse proxy: X-Forwarded-For believed only from trusted proxies."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from larder.core.base.settings import Settings, SettingsError
from larder.core.web.clients import client_address


def connection(peer: str, forwarded: str | None, trusted: str) -> SimpleNamespace:
    settings = Settings.from_env({"LARDER_DATA_DIR": "unused-data-dir", "LARDER_TRUSTED_PROXIES": trusted})
    headers = {"x-forwarded-for": forwarded} if forwarded is not None else {}
    return SimpleNamespace(
        client=SimpleNamespace(host=peer), headers=headers, app=SimpleNamespace(state={"settings": settings})
    )


@pytest.mark.parametrize(
    ("peer", "forwarded", "trusted", "expected"),
    [
        ("203.0.113.9", "198.51.100.1", "", "203.0.113.9"),  # no proxy configured: the header is ignored
        ("203.0.113.9", "198.51.100.1", "10.0.0.0/8", "203.0.113.9"),  # not from our proxy: ignored
        ("10.0.0.2", "198.51.100.1", "10.0.0.0/8", "198.51.100.1"),
        ("10.0.0.2", "6.6.6.6, 198.51.100.1", "10.0.0.0/8", "198.51.100.1"),  # the client's own claim is skipped
        ("10.0.0.2", "198.51.100.1, 10.0.0.7", "10.0.0.0/8", "198.51.100.1"),  # a chain of our proxies
        ("::1", "2001:db8::5", "::1", "2001:db8::5"),
        ("10.0.0.2", None, "10.0.0.0/8", "10.0.0.2"),
    ],
)
def test_client_address(peer, forwarded, trusted, expected):
    assert client_address(connection(peer, forwarded, trusted)) == expected  # type: ignore[arg-type]


def test_a_mistyped_proxy_fails_at_start():
    with pytest.raises(SettingsError, match="not an IP address"):
        Settings.from_env({"LARDER_DATA_DIR": "unused-data-dir", "LARDER_TRUSTED_PROXIES": "10.0.0.0/8, proxy.lan"})
