"""A store's stock as answered, kept between requests until the store changes.

A household's stores hold thousands of items, and reading and shaping them is most of the cost of
GET /stores and GET /notifications. Database triggers count a store's `stock_version` up on every
change of its items, whoever makes it, so (store id, stock_version, today, time zone) names one
exact answer: a change made by another server process or by hand simply misses. Bounded, least
recently used first out.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from datetime import date
from typing import Final

from larder.stores.schemas import StoreItemOut

CACHED_STORES: Final = 256


@dataclass(frozen=True)
class Stock:
    items: list[StoreItemOut]
    added: list[date]  # each item's local day of adding, for the notification windows


class StockCache:
    def __init__(self, size: int = CACHED_STORES) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, Stock] = OrderedDict()

    def get(self, key: Hashable) -> Stock | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: Hashable, stock: Stock) -> None:
        self._entries[key] = stock
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)


STOCK_CACHE = StockCache()
