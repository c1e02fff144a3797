"""The sliding-window limits, counted in the database so restarts and other processes share them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from larder.core.base.errors import TooManyRequests
from larder.core.base.settings import Settings
from larder.core.db.engine import build_alchemy_config
from larder.core.db.throttle import Limit, Throttle, ThrottleStore
from tests.support import make_settings


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def db_settings(tmp_path: Path, migrated_db: Path) -> Settings:
    return make_settings(str(tmp_path / "data"), template_db=migrated_db)


def run(work):
    return asyncio.run(work())


def store_of(settings: Settings, clock: FakeClock) -> tuple[ThrottleStore, object]:
    config = build_alchemy_config(settings)
    return ThrottleStore(config, clock), config


def test_window_fills_then_slides_open(db_settings):
    clock = FakeClock()
    limit = Limit(attempts=3, window_seconds=60)

    async def work() -> None:
        store, config = store_of(db_settings, clock)
        throttle = Throttle(store)
        for _ in range(3):
            await throttle.hit("k", limit)
        with pytest.raises(TooManyRequests) as blocked:
            await throttle.hit("k", limit)
        assert blocked.value.headers == {"Retry-After": "60"}
        clock.now += 59
        with pytest.raises(TooManyRequests):
            await throttle.hit("k", limit)
        clock.now += 1
        await throttle.hit("k", limit)
        await config.get_engine().dispose()

    run(work)


def test_keys_are_independent_and_check_does_not_count(db_settings):
    limit = Limit(attempts=1, window_seconds=60)

    async def work() -> None:
        store, config = store_of(db_settings, FakeClock())
        throttle = Throttle(store)
        for _ in range(5):
            await throttle.check("a", limit)
        await throttle.hit("a", limit)
        await throttle.hit("b", limit)
        with pytest.raises(TooManyRequests):
            await throttle.check("a", limit)
        await config.get_engine().dispose()

    run(work)


def test_counts_survive_a_restart_and_old_ones_are_forgotten(db_settings):
    clock = FakeClock()
    limit = Limit(attempts=2, window_seconds=600)

    async def first_process() -> None:
        store, config = store_of(db_settings, clock)
        await Throttle(store).hit("login:x", limit)
        await Throttle(store).hit("login:x", limit)
        await config.get_engine().dispose()

    async def second_process() -> int:
        store, config = store_of(db_settings, clock)
        with pytest.raises(TooManyRequests):
            await Throttle(store).check("login:x", limit)
        clock.now += 2 * 86_400
        await store.forget_old()
        count = (await store.window("login:x", 10 * 86_400)).count
        await config.get_engine().dispose()
        return count

    run(first_process)
    assert run(second_process) == 0


def test_keys_longer_than_the_column_are_counted_each_on_its_own(db_settings):
    """A key holds what a caller typed (the e-mail address of a failed sign-in); PostgreSQL refuses
    a value longer than the column, so a long key is kept as its start and a digest."""
    clock = FakeClock()
    limit = Limit(attempts=2, window_seconds=60)
    long_key = "login:fail:" + "a" * 300 + "@example.org"
    other_long_key = "login:fail:" + "a" * 300 + "@example.net"

    async def work() -> None:
        store, config = store_of(db_settings, clock)
        throttle = Throttle(store)
        for _ in range(2):
            await throttle.hit(long_key, limit)
        with pytest.raises(TooManyRequests):
            await throttle.hit(long_key, limit)
        await throttle.hit(other_long_key, limit)
        await config.get_engine().dispose()

    run(work)
