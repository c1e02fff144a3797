"""The stock cache holds at most its number of items, dropping the least recently used stores."""

from __future__ import annotations

from larder.core.base.bounded_cache import BoundedCache
from larder.stores.stock_cache import Stock


def stock(size: int) -> Stock:
    return Stock(items=[object()] * size, expiring=0, expired=0, flagged=[])  # type: ignore[list-item]


def test_bounded_by_items_least_recently_used_first_out():
    cache: BoundedCache[Stock] = BoundedCache(10, lambda s: len(s.items))
    cache.put("a", stock(4))
    cache.put("b", stock(4))
    assert cache.get("a") is not None  # a is now the most recently used
    cache.put("c", stock(4))  # 12 > 10: b leaves
    assert cache.get("b") is None
    assert cache.get("a") is not None and cache.get("c") is not None
    assert cache.held == 8
    cache.put("a", stock(2))  # replacing an entry counts only the new one
    assert cache.held == 6


def test_a_store_larger_than_the_whole_cache_is_not_kept():
    cache: BoundedCache[Stock] = BoundedCache(10, lambda s: len(s.items))
    cache.put("a", stock(3))
    cache.put("huge", stock(11))
    assert cache.get("huge") is None
    assert cache.get("a") is not None
    assert cache.held == 3
