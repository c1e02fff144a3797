from __future__ import annotations

import pytest

from larder.core.errors import TooManyRequests
from larder.core.throttle import Limit, Throttle


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_window_fills_then_slides_open():
    clock = FakeClock()
    throttle = Throttle(clock=clock)
    limit = Limit(attempts=3, window_seconds=60)
    for _ in range(3):
        throttle.hit("k", limit)
    with pytest.raises(TooManyRequests) as blocked:
        throttle.hit("k", limit)
    assert blocked.value.headers == {"Retry-After": "60"}
    clock.now += 59
    with pytest.raises(TooManyRequests):
        throttle.hit("k", limit)
    clock.now += 1
    throttle.hit("k", limit)


def test_keys_are_independent_and_check_does_not_count():
    throttle = Throttle(clock=FakeClock())
    limit = Limit(attempts=1, window_seconds=60)
    for _ in range(5):
        throttle.check("a", limit)
    throttle.hit("a", limit)
    throttle.hit("b", limit)
    with pytest.raises(TooManyRequests):
        throttle.check("a", limit)


def test_idle_keys_are_forgotten_beyond_the_cap():
    clock = FakeClock()
    throttle = Throttle(clock=clock, max_keys=2)
    limit = Limit(attempts=5, window_seconds=10)
    throttle.hit("old1", limit)
    throttle.hit("old2", limit)
    clock.now += 11
    throttle.hit("new", limit)
    assert set(throttle._hits) == {"new"}
