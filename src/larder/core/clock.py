"""The one clock of the server: aware UTC datetimes for every timestamp it writes or compares."""

from __future__ import annotations

from datetime import UTC, datetime


def now() -> datetime:
    return datetime.now(UTC)


__all__ = ["now"]
