"""Live changes between processes on PostgreSQL: NOTIFY in the committing transaction, LISTEN on a
connection of each process (core/events/pg_events.py). Run by `make test-postgres` only."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import text

from larder.core.base.settings import Settings
from larder.core.db.engine import standalone_session
from larder.core.events.events import Audience, Change
from larder.core.events.pg_events import PgEventBus

WAIT = 10.0


@asynccontextmanager
async def listening(bus: PgEventBus) -> AsyncIterator[None]:
    stop = asyncio.Event()
    task = asyncio.ensure_future(bus.listen(stop))
    try:
        yield
    finally:
        stop.set()
        await task


async def until(condition: Callable[[], bool]) -> None:
    deadline = asyncio.get_running_loop().time() + WAIT
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "not within the wait"
        await asyncio.sleep(0.01)


async def listener_pid(settings: Settings, *, other_than: int | None = None) -> int:
    """The backend of the reader's LISTEN, once it is in place (a new one after `other_than`)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        async with standalone_session(settings) as session:
            found = await session.scalar(
                text(
                    "SELECT pid FROM pg_stat_activity WHERE query LIKE 'LISTEN%' "
                    "AND datname = current_database() AND pid IS DISTINCT FROM :old"
                ),
                {"old": other_than},
            )
        if found is not None:
            return int(found)
        assert asyncio.get_running_loop().time() < deadline, "the reader never listened"


def run(settings: Settings, scenario: Callable[[PgEventBus, PgEventBus], Awaitable[Any]]) -> None:
    async def both() -> None:
        writer, reader = PgEventBus(settings.database_url), PgEventBus(settings.database_url, reconnect_seconds=0.05)
        async with listening(reader):
            await scenario(writer, reader)
        writer.close()
        reader.close()

    asyncio.run(both())


async def record(settings: Settings, bus: PgEventBus, change: Change, audience: Audience, *, commit: bool) -> None:
    class Undo(Exception):
        pass

    try:
        async with standalone_session(settings) as session:
            await session.run_sync(lambda sync: bus.record(sync, [(change, audience)]))
            if not commit:
                raise Undo
    except Undo:
        pass


def test_a_committed_change_is_heard_by_the_other_process_and_a_rolled_back_one_never(settings):
    async def scenario(writer: PgEventBus, reader: PgEventBus) -> None:
        stream = reader.subscribe(7, None)
        await listener_pid(settings)
        await record(settings, writer, Change("list", 1), Audience(frozenset({7})), commit=False)
        await record(settings, writer, Change("list", 2), Audience(frozenset({7})), commit=True)
        heard = await asyncio.wait_for(stream.next(), WAIT)
        assert heard == Change("list", 2)  # the rolled-back change 1 never came
        # A process does not hear its own changes back from the database (it tells its streams
        # itself when it commits): the writer's next change, delivered in commit order, comes first.
        await record(settings, reader, Change("list", 3), Audience(frozenset({7})), commit=True)
        await record(settings, writer, Change("list", 4), Audience(frozenset({7})), commit=True)
        assert await asyncio.wait_for(stream.next(), WAIT) == Change("list", 4)

    run(settings, scenario)


def test_a_change_told_to_more_addresses_than_a_notify_carries_makes_the_others_reread(settings):
    async def scenario(writer: PgEventBus, reader: PgEventBus) -> None:
        stream = reader.subscribe(7, None)
        await listener_pid(settings)
        crowd = frozenset(f"member{n:05d}@example.org" for n in range(400))
        await record(settings, writer, Change("list", 1), Audience(frozenset({7}), crowd), commit=True)
        await until(lambda: stream.overflowed)

    run(settings, scenario)


def test_a_lost_listening_connection_is_opened_again_and_its_streams_reread(settings):
    async def scenario(writer: PgEventBus, reader: PgEventBus) -> None:
        stream = reader.subscribe(7, None)
        pid = await listener_pid(settings)
        async with standalone_session(settings) as session:
            await session.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
        await until(lambda: stream.overflowed)  # what was sent meanwhile may be lost: re-read all
        stream.drain()
        await listener_pid(settings, other_than=pid)
        await record(settings, writer, Change("list", 9), Audience(frozenset({7})), commit=True)
        assert await asyncio.wait_for(stream.next(), WAIT) == Change("list", 9)

    run(settings, scenario)
