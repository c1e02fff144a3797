"""Who is on the other end of a connection, for per-client limits."""

from __future__ import annotations

from typing import Any

from litestar.connection import ASGIConnection


def client_address(connection: ASGIConnection[Any, Any, Any, Any]) -> str:
    return connection.client.host if connection.client else "unknown"


__all__ = ["client_address"]
