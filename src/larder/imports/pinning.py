"""Connecting only to the addresses a fetch checked (imports/fetch.py): the HTTP stack's network
backend is given the addresses pinned for each host and never resolves a name itself, so a DNS
answer that changes between the check and the connect (rebinding) cannot redirect it. TLS still
verifies the certificate against the host name.
"""

from __future__ import annotations

import functools
import ssl
from collections.abc import Iterable
from typing import Any

import httpcore
import httpx


async def _dial(
    backend: httpcore.AsyncNetworkBackend,
    address: str,
    port: int,
    connect_timeout: float | None,
    socket_options: Iterable[Any] | None,
) -> httpcore.AsyncNetworkStream:
    """Open the TCP connection (one place, so tests can see every connection that is made)."""
    return await backend.connect_tcp(address, port, timeout=connect_timeout, socket_options=socket_options)


class _PinnedBackend(httpcore.AsyncNetworkBackend):
    """Connects a host name only to the addresses checked for it; never resolves anything itself."""

    def __init__(self, pins: dict[str, list[str]]) -> None:
        self._pins = pins
        self._inner = httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        addresses = self._pins.get(host.lower())
        if not addresses:
            raise httpcore.ConnectError(f"no checked address for {host!r}")
        error: Exception | None = None
        for address in addresses:
            try:
                return await _dial(self._inner, address, port, timeout, socket_options)
            except httpcore.ConnectError as exc:
                error = exc
        assert error is not None
        raise error

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's interface
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        raise httpcore.ConnectError("unix sockets are not used")

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """One verifying TLS context for every fetch (loading the CA bundle is slow, the context is shareable)."""
    return httpx.create_ssl_context()


class PinnedTransport(httpx.AsyncHTTPTransport):
    """httpx's transport with its connection pool built on `_PinnedBackend` and no proxy."""

    def __init__(self, pins: dict[str, list[str]]) -> None:
        super().__init__(verify=_ssl_context(), trust_env=False)
        # httpx 0.28 offers no public way to choose the network backend; the pool is replaced
        # with one that is configured the same way except for the backend.
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=_ssl_context(),
            max_connections=10,
            max_keepalive_connections=0,
            network_backend=_PinnedBackend(pins),
        )


# -- fetching ------------------------------------------------------------------------------------
