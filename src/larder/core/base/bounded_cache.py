"""A cache of answers or of what answers are made from, kept between requests of one process:
least recently used out first, bounded by the summed weight of what it holds (items, bytes, or
one per entry)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


def _one(_value: object) -> int:
    return 1


class BoundedCache(Generic[V]):
    def __init__(self, limit: int, weigh: Callable[[V], int] = _one) -> None:
        self.limit = limit
        self.weigh = weigh
        self.held = 0
        self._entries: OrderedDict[Hashable, V] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: Hashable) -> V | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, key: Hashable, value: V) -> None:
        """Keeps `value` unless it alone is over the limit; older entries leave to make room."""
        weight = self.weigh(value)
        if weight > self.limit:
            return
        replaced = self._entries.pop(key, None)
        if replaced is not None:
            self.held -= self.weigh(replaced)
        self._entries[key] = value
        self.held += weight
        while self.held > self.limit:
            _, dropped = self._entries.popitem(last=False)
            self.held -= self.weigh(dropped)

    def clear(self) -> None:
        self._entries.clear()
        self.held = 0


__all__ = ["BoundedCache"]
