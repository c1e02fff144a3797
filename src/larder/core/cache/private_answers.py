"""Answers to a signed-in caller are kept by nobody: `Cache-Control: no-store`.

A member's lists, stores, plans and account are theirs alone; without a caching directive a shared
device's disk cache or a proxy may keep them after the member has signed out. An answer that says
its own caching keeps it (the catalogue's public reads revalidate with their ETag, images are
immutable), so only answers without a Cache-Control get `no-store`.
"""

from __future__ import annotations

from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.types import Message, Scope

NO_STORE = "no-store"


def _signed_in(scope: Scope) -> bool:
    return any(name == b"authorization" for name, _ in scope.get("headers", ()))


async def no_store_when_signed_in(message: Message, scope: Scope) -> None:
    """A `before_send` hook: `Cache-Control: no-store` on JSON answers to requests with a token."""
    if message["type"] != "http.response.start" or scope.get("type") != ScopeType.HTTP or not _signed_in(scope):
        return
    headers = MutableScopeHeaders.from_message(message)
    if "cache-control" not in headers and headers.get("content-type", "").startswith("application/json"):
        headers["cache-control"] = NO_STORE


__all__ = ["NO_STORE", "no_store_when_signed_in"]
