"""A store's stock as answered, kept between requests until the store changes.

A household's stores hold thousands of items, and reading and shaping them is most of the cost of
GET /stores and GET /notifications. Database triggers count a store's `stock_version` up on every
change of its items, whoever makes it, so (store id, stock_version, today, time zone) names one
exact answer: a change made by another server process or by hand simply misses.

Bounded by the items it holds (about 450 bytes each as answered): 20,000 items, two households'
worth of stores at the benchmark's 10 x 500, stay under 10 MB. Least recently used first out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from datetime import date
from typing import Final

from larder.kitchen.expiry import Freshness
from larder.stores.schemas import StoreItemOut

CACHED_ITEMS: Final = 20_000


@dataclass(frozen=True)
class Stock:
    """A store's items as answered for one day, with what the day's counts and lists need."""

    items: list[StoreItemOut]
    expiring: int  # badge windows
    expired: int
    # The items /notifications lists (notification windows), with their state and expiry date.
    flagged: list[tuple[StoreItemOut, Freshness, date]]


class StockCache:
    def __init__(self, items: int = CACHED_ITEMS) -> None:
        self.limit = items
        self.held = 0
        self._entries: OrderedDict[Hashable, Stock] = OrderedDict()

    def get(self, key: Hashable) -> Stock | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: Hashable, stock: Stock) -> None:
        """Keeps `stock` unless it alone is over the limit; older entries leave to make room."""
        if len(stock.items) > self.limit:
            return
        replaced = self._entries.pop(key, None)
        if replaced is not None:
            self.held -= len(replaced.items)
        self._entries[key] = stock
        self.held += len(stock.items)
        while self.held > self.limit:
            _, dropped = self._entries.popitem(last=False)
            self.held -= len(dropped.items)


STOCK_CACHE = StockCache()
