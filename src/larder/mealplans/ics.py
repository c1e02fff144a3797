"""The calendar feed's iCalendar text (RFC 5545), written from plain rows.

`build_calendar` is pure and made to run in a worker thread (mealplans/calendar.py): it gets the
feed's rows as tuples, exactly as the database answered them, and writes the file line by line,
with no object per property and nothing kept after it returns. A row it cannot make a valid event
of (a date out of Python's range, the day after 31/12/9999, a value that is no date) is left out,
so no stored row can make the whole feed fail for its member.

Dates and times may come as Python values (PostgreSQL's driver) or as the text SQLite keeps; both
are read here.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from datetime import UTC, date, datetime, timedelta
from typing import Any, Final, NamedTuple

CALENDAR_NAME: Final = "Larder meal plans"
PRODUCT: Final = "-//Larder//Meal plans//EN"
# How often a calendar app is asked to fetch the feed again (most poll on their own schedule).
REFRESH: Final = "PT1H"
LINE_OCTETS: Final = 75  # RFC 5545 3.1: longer lines are folded
# DTSTAMP is required; a row whose times cannot be read gets this fixed one rather than none.
UNKNOWN_STAMP: Final = datetime(2000, 1, 1, tzinfo=UTC)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # TEXT allows HTAB; a line break is escaped
_SPECIAL = re.compile(r"[\\;,\x00-\x1f\x7f]")  # what `text` changes
_TEXTS_KEPT = 4096  # names, plan names and times one build keeps written, at most
# Events written between two offers of the GIL to the other threads (~1 ms of work): the event
# loop waiting for it then gets it at once instead of after the interpreter's 5 ms switch interval.
_EVENTS_PER_TURN = 64
_TEXT_ESCAPES = str.maketrans({"\\": "\\\\", ";": "\\;", ",": "\\,", "\n": "\\n"})
_ONE_DAY = timedelta(days=1)


class FeedRow(NamedTuple):
    """One planned recipe with its plan, as the feed's query reads it."""

    plan_id: int
    plan_name: str
    start_date: Any  # a date, or SQLite's 'YYYY-MM-DD'
    plan_updated: Any  # an aware datetime, or SQLite's text of one
    day: int
    position: int
    name: str
    type: str
    value: str | None
    entry_updated: Any


def as_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def as_utc(value: Any) -> datetime | None:
    moment: datetime | None = value if isinstance(value, datetime) else None
    if isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            return None
    if moment is None:
        return None
    # The server keeps UTC; a time stored without its zone is UTC too.
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def text(value: object) -> str:
    """A TEXT value: line breaks as \\n, other control characters dropped, `\\ ; ,` escaped."""
    plain = str(value)
    if not _SPECIAL.search(plain):
        return plain
    plain = plain.replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", plain).translate(_TEXT_ESCAPES)


def content_line(line: str) -> str:
    """One content line, folded at 75 octets (never inside a UTF-8 character), without its CRLF."""
    if len(line) <= LINE_OCTETS and line.isascii():
        return line
    data = line.encode()
    if len(data) <= LINE_OCTETS:
        return line
    parts: list[bytes] = []
    start, limit = 0, LINE_OCTETS
    while start < len(data):
        end = min(start + limit, len(data))
        while end < len(data) and data[end] & 0xC0 == 0x80:  # a UTF-8 continuation byte
            end -= 1
        parts.append(data[start:end])
        start, limit = end, LINE_OCTETS - 1  # a continuation line starts with a space
    return b"\r\n ".join(parts).decode()


class _Writer:
    """What one build writes, with the texts its rows repeat (a plan's name and times, a date)
    worked out once."""

    def __init__(self, host: str, link: Callable[[str, str | None], str | None]) -> None:
        self.host = host
        self.link = link
        self.stamps: dict[tuple[Any, Any], str] = {}
        self.texts: dict[str, str] = {}

    def revised(self, entry_updated: Any, plan_updated: Any) -> str:
        """DTSTAMP: the later of the entry's and the plan's last change (a fixed time when neither
        can be read)."""
        key = (entry_updated, plan_updated)
        found = self.stamps.get(key)
        if found is None:
            moments = [moment for moment in (as_utc(entry_updated), as_utc(plan_updated)) if moment is not None]
            found = max(moments, default=UNKNOWN_STAMP).strftime("%Y%m%dT%H%M%SZ")
            if len(self.stamps) > _TEXTS_KEPT:
                self.stamps.clear()
            self.stamps[key] = found
        return found

    def text_line(self, name: str, value: object) -> str:
        key = f"{name}:{value}"
        found = self.texts.get(key)
        if found is None:
            found = self.texts[key] = content_line(f"{name}:{text(value)}")
            if len(self.texts) > _TEXTS_KEPT:
                self.texts.clear()
        return found

    def event(self, row: FeedRow) -> str | None:
        """The VEVENT of one planned recipe, or None when the row makes no valid all-day event."""
        start = as_date(row.start_date)
        if start is None or not isinstance(row.day, int):
            return None
        try:
            day = start + timedelta(days=row.day)
            after = day + _ONE_DAY  # DTEND of an all-day event: the next day, which must exist
        except OverflowError:
            return None
        revised = self.revised(row.entry_updated, row.plan_updated)
        uid = f"meal-{row.plan_id}-{row.day}-{row.position}@{self.host}"
        url = self.link(str(row.type), row.value if isinstance(row.value, str) else None)
        url_line = f"{content_line(f'URL:{url}')}\r\n" if url is not None and url.isprintable() else ""
        # A planned slot (plan, day, position) keeps its UID while the plan is edited or
        # rescheduled, so a calendar app moves or renames the event instead of adding another.
        # No METHOD: DTSTAMP is when the event's information was last revised (RFC 5545 3.8.7.2).
        # DTSTART and DTEND are DATEs: an all-day event, in no time zone. A meal does not make the
        # member busy (TRANSP).
        return (
            "BEGIN:VEVENT\r\n"
            f"{content_line('UID:' + text(uid))}\r\n"
            f"DTSTAMP:{revised}\r\n"
            f"LAST-MODIFIED:{revised}\r\n"
            f"DTSTART;VALUE=DATE:{day.year:04d}{day.month:02d}{day.day:02d}\r\n"
            f"DTEND;VALUE=DATE:{after.year:04d}{after.month:02d}{after.day:02d}\r\n"
            f"{self.text_line('SUMMARY', row.name)}\r\n"
            f"{self.text_line('DESCRIPTION', row.plan_name)}\r\n"
            f"{url_line}"
            "TRANSP:TRANSPARENT\r\n"
            "END:VEVENT\r\n"
        )


def build_calendar(rows: Iterable[Any], host: str, link: Callable[[str, str | None], str | None]) -> bytes:
    """The whole iCalendar file of `rows` (FeedRow-shaped tuples), in their order."""
    writer = _Writer(host, link)
    parts = [
        content_line(line) + "\r\n"
        for line in (
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            f"PRODID:{PRODUCT}",
            "CALSCALE:GREGORIAN",
            f"NAME:{text(CALENDAR_NAME)}",
            f"X-WR-CALNAME:{text(CALENDAR_NAME)}",
            f"REFRESH-INTERVAL;VALUE=DURATION:{REFRESH}",
            f"X-PUBLISHED-TTL:{REFRESH}",
        )
    ]
    for count, row in enumerate(rows, 1):
        if count % _EVENTS_PER_TURN == 0:
            time.sleep(0)
        try:
            event = writer.event(FeedRow(*row))
        except (TypeError, ValueError, OverflowError):
            event = None  # a row of the wrong shape or values: no event, never a failed feed
        if event is not None:
            parts.append(event)
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts).encode()


__all__ = ["CALENDAR_NAME", "FeedRow", "as_date", "as_utc", "build_calendar", "content_line", "text"]
