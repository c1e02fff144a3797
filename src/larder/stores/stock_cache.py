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

from dataclasses import dataclass
from datetime import date
from typing import Final, TypeVar

from larder.core.answers import EncodedAnswer
from larder.core.bounded_cache import BoundedCache
from larder.kitchen.expiry import Freshness
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
