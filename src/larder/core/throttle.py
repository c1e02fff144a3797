"""A small in-process sliding-window limiter for login, password reset and registration.

State is per process; Larder runs as one process on a home server. Several instances behind a
proxy would each count on their own (documented in the README).
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from larder.core.errors import TooManyRequests


@dataclass(frozen=True)
class Limit:
    attempts: int
    window_seconds: float


class Throttle:
    def __init__(self, clock: Callable[[], float] = time.monotonic, max_keys: int = 50_000) -> None:
        self._clock = clock
        self._hits: dict[str, deque[float]] = {}
        self._max_keys = max_keys

    def check(self, key: str, limit: Limit) -> None:
        """Raise 429 when the window for `key` is already full."""
        hits = self._window(key, limit)
        if len(hits) >= limit.attempts:
            raise TooManyRequests(math.ceil(limit.window_seconds - (self._clock() - hits[0])))

    def record(self, key: str, limit: Limit) -> None:
        self._window(key, limit).append(self._clock())
        if len(self._hits) > self._max_keys:
            self._forget_idle(self._clock(), limit.window_seconds)

    def hit(self, key: str, limit: Limit) -> None:
        """Count one attempt for `key`; raise 429 when the window is already full."""
        self.check(key, limit)
        self.record(key, limit)

    def _window(self, key: str, limit: Limit) -> deque[float]:
        now = self._clock()
        hits = self._hits.setdefault(key, deque())
        while hits and now - hits[0] >= limit.window_seconds:
            hits.popleft()
        return hits

    def _forget_idle(self, now: float, window: float) -> None:
        for key in [k for k, v in self._hits.items() if not v or now - v[-1] >= window]:
            del self._hits[key]
