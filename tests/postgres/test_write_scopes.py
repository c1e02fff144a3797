"""Write turns on PostgreSQL are as narrow as what a write changes (core/db/uow.py): writers of two
households' lists go side by side, two writers of one list queue, and a write of the whole
instance waits for every other writer. Run by `make test-postgres` only."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text

from larder.core.base.settings import Settings
from larder.core.db.engine import build_alchemy_config
from larder.core.db.uow import INSTANCE, Scope, UnitOfWork, WriteTurns

WAIT = 10.0
ONE, TWO = Scope("UserShoppinglist", 1), Scope("UserShoppinglist", 2)


async def until(check: Callable[[], Awaitable[bool]]) -> None:
    deadline = asyncio.get_running_loop().time() + WAIT
    while not await check():
        assert asyncio.get_running_loop().time() < deadline, "not within the wait"
        await asyncio.sleep(0.01)


def scenario(
    settings: Settings, body: Callable[[Callable[..., Any], Callable[[], Awaitable[int]]], Awaitable[None]]
) -> None:
    async def run() -> None:
        config = build_alchemy_config(settings)
        turns = WriteTurns(sqlite=False)
        sessions = []

        def work() -> UnitOfWork:
            session = config.create_session_maker()()
            sessions.append(session)
            return UnitOfWork(session, turns)

        async def waiting() -> int:
            async with config.get_session() as session:
                found = await session.scalar(
                    text("SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
                )
                return int(found or 0)

        try:
            await body(work, waiting)
        finally:
            for session in sessions:
                await session.close()
            await config.get_engine().dispose()

    asyncio.run(run())


async def holding(work: UnitOfWork, scope: Scope, entered: asyncio.Event, leave: asyncio.Event) -> None:
    async with work.write(scope):
        entered.set()
        await leave.wait()


def test_two_households_write_side_by_side_and_one_lists_writers_queue(settings: Settings) -> None:
    async def body(work: Callable[[], UnitOfWork], waiting: Callable[[], Awaitable[int]]) -> None:
        first_in, first_out = asyncio.Event(), asyncio.Event()
        first = asyncio.ensure_future(holding(work(), ONE, first_in, first_out))
        await asyncio.wait_for(first_in.wait(), WAIT)
        # Another household's list: in and out while the first writer holds its list.
        other_in, other_out = asyncio.Event(), asyncio.Event()
        other_out.set()
        await asyncio.wait_for(holding(work(), TWO, other_in, other_out), WAIT)
        assert other_in.is_set()
        # A second writer of the same list waits for the first.
        second_in, second_out = asyncio.Event(), asyncio.Event()
        second_out.set()
        second = asyncio.ensure_future(holding(work(), ONE, second_in, second_out))

        async def queued() -> bool:
            return await waiting() == 1

        await until(queued)
        assert not second_in.is_set()
        first_out.set()
        await asyncio.wait_for(second, WAIT)
        await first
        assert second_in.is_set()

    scenario(settings, body)


def test_a_write_of_the_whole_instance_waits_for_every_writer(settings: Settings) -> None:
    async def body(work: Callable[[], UnitOfWork], waiting: Callable[[], Awaitable[int]]) -> None:
        list_in, list_out = asyncio.Event(), asyncio.Event()
        writer = asyncio.ensure_future(holding(work(), ONE, list_in, list_out))
        await asyncio.wait_for(list_in.wait(), WAIT)
        whole_in, whole_out = asyncio.Event(), asyncio.Event()
        whole_out.set()
        whole = asyncio.ensure_future(holding(work(), INSTANCE, whole_in, whole_out))

        async def queued() -> bool:
            return await waiting() == 1

        await until(queued)
        assert not whole_in.is_set()
        list_out.set()
        await asyncio.wait_for(whole, WAIT)
        await writer
        assert whole_in.is_set()

    scenario(settings, body)
