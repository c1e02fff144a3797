"""Expiry arithmetic on calendar dates (DESIGN "Part 2", part 2 §4 'Store item expiry', §9).

- Expiry date = the day the item was added + its estimated_expiry_days (14 when missing).
- Store badges: expired when the expiry date is before today; expiring when 0 to 3 days are left.
- Notifications: the same expired rule; expiring when 0 to 2 days are left, and the days fall back to
  30 (not 14) when missing — the spec's quirk, kept as written.
- 'expired - {date}' when past, otherwise 'expires - {date}', dates in en-GB (DD/MM/YYYY).

"Today" is a calendar date in the instance's time zone, decided by the caller.
"""

from __future__ import annotations

from datetime import date, timedelta
from enum import StrEnum
from typing import Final

DEFAULT_EXPIRY_DAYS: Final = 14
NOTIFICATION_FALLBACK_DAYS: Final = 30
BADGE_EXPIRING_DAYS: Final = 3
NOTIFICATION_EXPIRING_DAYS: Final = 2


class Freshness(StrEnum):
    EXPIRED = "expired"
    EXPIRING = "expiring"
    FRESH = "fresh"


def expiry_date(added: date, days: int | None, *, fallback: int = DEFAULT_EXPIRY_DAYS) -> date:
    return added + timedelta(days=fallback if days is None else days)


def _freshness(expires: date, today: date, window: int) -> Freshness:
    left = (expires - today).days
    if left < 0:
        return Freshness.EXPIRED
    return Freshness.EXPIRING if left <= window else Freshness.FRESH


def badge_freshness(added: date, days: int | None, today: date) -> Freshness:
    """What a store card's 'Expiring (n)' / 'Expired (n)' badges count this item as."""
    return _freshness(expiry_date(added, days), today, BADGE_EXPIRING_DAYS)


def notification_freshness(added: date, days: int | None, today: date) -> Freshness:
    """What /user-notifications lists this item under."""
    return _freshness(expiry_date(added, days, fallback=NOTIFICATION_FALLBACK_DAYS), today, NOTIFICATION_EXPIRING_DAYS)


def en_gb(day: date) -> str:
    return day.strftime("%d/%m/%Y")


def expiry_label(added: date, days: int | None, today: date) -> str:
    expires = expiry_date(added, days)
    return f"{'expired' if expires < today else 'expires'} - {en_gb(expires)}"


__all__ = [
    "BADGE_EXPIRING_DAYS",
    "DEFAULT_EXPIRY_DAYS",
    "NOTIFICATION_EXPIRING_DAYS",
    "NOTIFICATION_FALLBACK_DAYS",
    "Freshness",
    "badge_freshness",
    "en_gb",
    "expiry_date",
    "expiry_label",
    "notification_freshness",
]
