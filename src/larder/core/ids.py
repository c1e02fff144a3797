"""Row ids: what a value must be to name a row (anything else is simply not found, never a database error)."""

from __future__ import annotations

ID_MAX = 2**63 - 1  # SQLite's INTEGER PRIMARY KEY and PostgreSQL's BIGINT


def is_id(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= ID_MAX


__all__ = ["ID_MAX", "is_id"]
