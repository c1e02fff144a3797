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

    def hit(self, key: str, limit: Limit) -> None:
        """Count one attempt for `key`; raise 429 when the window is already full."""
        now = self._clock()
        hits = self._hits.setdefault(key, deque())
        while hits and now - hits[0] >= limit.window_seconds:
            hits.popleft()
        if len(hits) >= limit.attempts:
            raise TooManyRequests(math.ceil(limit.window_seconds - (now - hits[0])))
        hits.append(now)
        if len(self._hits) > self._max_keys:
            self._forget_idle(now, limit.window_seconds)

    def _forget_idle(self, now: float, window: float) -> None:
        for key in [k for k, v in self._hits.items() if not v or now - v[-1] >= window]:
            del self._hits[key]
