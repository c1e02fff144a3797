"""The one clock of the server: aware UTC datetimes for every timestamp it writes or compares,
and the calendar date "today" in the instance's time zone for everything counted in days."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo


def now() -> datetime:
    return datetime.now(UTC)


def local_date(moment: datetime, zone: str | None) -> date:
    """The calendar date of `moment` in `zone` (an IANA name), or in the host's zone when None."""
    return moment.astimezone(ZoneInfo(zone) if zone else None).date()


def today(zone: str | None) -> date:
    return local_date(now(), zone)


__all__ = ["local_date", "now", "today"]
