"""Who is on the other end of a connection, for per-client limits.

Behind a reverse proxy every request comes from the proxy's address, so one household's typos
would throttle everybody. X-Forwarded-For is believed only from the proxies named in
`LARDER_TRUSTED_PROXIES`; from anyone else it is ignored, since any client can write that header.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache
from typing import Any

from litestar.connection import ASGIConnection

IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(trusted: tuple[str, ...]) -> tuple[IpNetwork, ...]:
    return tuple(ipaddress.ip_network(item, strict=False) for item in trusted)


def _is_trusted(address: str, networks: tuple[IpNetwork, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in networks)


def is_trusted_proxy(address: str, trusted_proxies: tuple[str, ...]) -> bool:
    """Whether a peer is one of the reverse proxies named in `LARDER_TRUSTED_PROXIES`."""
    return bool(trusted_proxies) and _is_trusted(address, _networks(trusted_proxies))


def client_address(connection: ASGIConnection[Any, Any, Any, Any]) -> str:
    peer = connection.client.host if connection.client else "unknown"
    settings = connection.app.state.get("settings")
    networks = _networks(settings.trusted_proxies) if settings is not None else ()
    if not networks or not _is_trusted(peer, networks):
        return peer
    # The nearest address our proxies did not add is the client; anything further left is the client's word.
    hops = [hop.strip() for hop in connection.headers.get("x-forwarded-for", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, networks):
            return hop[:64]
    return peer


__all__ = ["client_address", "is_trusted_proxy"]
