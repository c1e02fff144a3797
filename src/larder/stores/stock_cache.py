"""A store's stock as answered, kept between requests until the store changes.

A household's stores hold thousands of items, and reading and shaping them is most of the cost of
GET /stores and GET /notifications. Database triggers count a store's `stock_version` up on every
change of its items, whoever makes it, so (store id, stock_version, today, time zone) names one
exact answer: a change made by another server process or by hand simply misses.

Bounded by the items it holds (about 450 bytes each as answered): 20,000 items, two households'
worth of stores at the benchmark's 10 x 500, stay under 10 MB. The whole answers of GET /stores
are kept too, gzipped, under the same keys plus what else they show; at most 4 MB of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Final, TypeVar
from zoneinfo import ZoneInfo

from larder.core.base.bounded_cache import BoundedCache
from larder.core.cache.answers import EncodedAnswer
from larder.kitchen.expiry import (
    NOTIFICATION_FALLBACK_DAYS,
    Freshness,
    badge_freshness,
    expiry_date,
    notification_freshness,
)
from larder.stores.schemas import StoreItemOut

CACHED_ITEMS: Final = 20_000
CACHED_ANSWER_BYTES: Final = 4 * 1024 * 1024
V = TypeVar("V")


@dataclass(frozen=True)
class Stock:
    """A store's items as answered for one day, with what the day's counts and lists need."""

    items: list[StoreItemOut]
    expiring: int  # badge windows
    expired: int
    # The items /notifications lists (notification windows), with their state and expiry date.
    flagged: list[tuple[StoreItemOut, Freshness, date]]


STOCK_CACHE: BoundedCache[Stock] = BoundedCache(CACHED_ITEMS, lambda stock: len(stock.items))
# GET /stores's whole answers, kept gzipped (a household of 10 x 500 items: ~200 KB).
ANSWER_CACHE: BoundedCache[EncodedAnswer] = BoundedCache(CACHED_ANSWER_BYTES, lambda answer: answer.size)


Flagged = tuple[StoreItemOut, Freshness, date]


def _stock_item(row: Any, day: date, local: ZoneInfo | None) -> tuple[StoreItemOut, Flagged | None]:
    """One item's answer for `day`, and its entry of /notifications when it has one."""
    added = row.date_added.astimezone(local).date()
    days = row.estimated_expiry_days
    answer = StoreItemOut(
        id=row.id,
        value=row.value,
        name=row.name,
        quantity=row.quantity,
        unit=row.unit,
        measurement=row.unit,
        default_unit=row.default_unit,
        default_quantity=row.default_quantity,
        date_added=row.date_added,
        created_at=row.created_at,
        estimated_expiry_days=days,
        category_id=row.category_id,
        image=row.image,
        checked=row.checked,
        expiry_date=expiry_date(added, days),
        freshness=badge_freshness(added, days, day).value,
    )
    state = notification_freshness(added, days, day)
    if state is Freshness.FRESH:
        return answer, None
    return answer, (answer, state, expiry_date(added, days, fallback=NOTIFICATION_FALLBACK_DAYS))


def _stock(entries: Iterable[tuple[StoreItemOut, Flagged | None]]) -> Stock:
    listed = list(entries)
    answers = [answer for answer, _ in listed]
    return Stock(
        items=answers,
        expiring=sum(1 for answer in answers if answer.freshness == Freshness.EXPIRING.value),
        expired=sum(1 for answer in answers if answer.freshness == Freshness.EXPIRED.value),
        flagged=[flagged for _, flagged in listed if flagged is not None],
    )


def stock_of(rows: Iterable[Any], day: date, zone: str | None) -> Stock:
    """A store's stock for `day` from its item rows (in their order, by id)."""
    local = ZoneInfo(zone) if zone else None
    return _stock(_stock_item(row, day, local) for row in rows)


@dataclass
class StockChange:
    """What one write did to a store's items: the rows it updated, as written, and how many it
    inserted."""

    updated: list[Any] = field(default_factory=list)
    inserted: int = 0

    @property
    def rows(self) -> int:
        """How far the write counts the store's stock_version up (one for each row it wrote)."""
        return len(self.updated) + self.inserted


def stock_after(before: Stock, rows: Iterable[Any], day: date, zone: str | None) -> Stock | None:
    """The stock a write leaves from `before` (of the same day), given the rows it wrote as they are
    now (updated and new ones, by id); None when a row it updated is not in `before`."""
    local = ZoneInfo(zone) if zone else None
    flagged = {entry[0].id: entry for entry in before.flagged}
    entries: dict[int, tuple[StoreItemOut, Flagged | None]] = {
        answer.id: (answer, flagged.get(answer.id)) for answer in before.items
    }
    newest = max(entries, default=0)
    for row in rows:
        if row.id <= newest and row.id not in entries:
            return None
        entries[row.id] = _stock_item(row, day, local)
    return _stock(entries[item_id] for item_id in sorted(entries))
