"""Fair turns at the receipt reader (receipts/turns.py): one scan per member in flight or waiting,
the others served in the order they came, a member scanning in a loop behind whoever came meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

import pytest

from larder.receipts.turns import MemberScanning, ReaderBusy, ScanTurns


class Reader:
    """Stands in for the engine: each read is held until the test lets it go."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.reading: asyncio.Queue[tuple[str, asyncio.Event]] = asyncio.Queue()

    async def read(self, turns: ScanTurns, member: str) -> str:
        async with turns.turn(member):
            done = asyncio.Event()
            self.order.append(member)
            await self.reading.put((member, done))
            await done.wait()
        return member


class Turns(ScanTurns):
    """ScanTurns that tell the test each time a scan starts to wait."""

    def __init__(self, max_waiting: int = 4) -> None:
        super().__init__(max_waiting)
        self.came: asyncio.Queue[None] = asyncio.Queue()

    async def _wait(self) -> None:
        self.came.put_nowait(None)  # heard once this task waits: the waiter is queued by then
        await super()._wait()


async def queued(turns: Turns) -> None:
    """Until one more scan waits for the reader."""
    await turns.came.get()


def test_a_member_scanning_in_a_loop_waits_behind_the_member_who_came_meanwhile() -> None:
    async def scenario() -> None:
        turns, reader = Turns(), Reader()
        first = asyncio.create_task(reader.read(turns, "a"))
        member, release_first = await reader.reading.get()
        assert member == "a"
        # While a's scan is read, a's next one is refused at once, b's waits its turn.
        with pytest.raises(MemberScanning):
            async with turns.turn("a"):
                pass
        waiting_b = asyncio.create_task(reader.read(turns, "b"))
        await queued(turns)
        release_first.set()
        assert await first == "a"
        again = asyncio.create_task(reader.read(turns, "a"))  # a sends the next photo at once
        member, release_b = await reader.reading.get()
        assert member == "b"  # the reader went to b, who came first
        release_b.set()
        assert await waiting_b == "b"
        member, release_again = await reader.reading.get()
        release_again.set()
        assert await again == "a"
        assert reader.order == ["a", "b", "a"]
        assert turns.waiting == 0

    run(scenario())


def test_waiting_scans_are_served_in_the_order_they_came_and_a_bounded_number_wait() -> None:
    async def scenario() -> None:
        turns, reader = Turns(max_waiting=3), Reader()
        held = asyncio.create_task(reader.read(turns, "a"))
        _, release = await reader.reading.get()
        later = []
        for member in ["b", "c", "d"]:
            later.append(asyncio.create_task(reader.read(turns, member)))
            await queued(turns)
        with pytest.raises(ReaderBusy):  # a fourth other member would wait: refused, its photo not held
            async with turns.turn("e"):
                pass
        release.set()
        for task in [held, *later]:
            if task is not held:
                _, release = await reader.reading.get()
                release.set()
            await task
        assert reader.order == ["a", "b", "c", "d"]

    run(scenario())


def test_a_scan_given_up_while_waiting_passes_its_turn_on() -> None:
    async def scenario() -> None:
        turns, reader = Turns(), Reader()
        held = asyncio.create_task(reader.read(turns, "a"))
        _, release = await reader.reading.get()
        gone = asyncio.create_task(reader.read(turns, "b"))
        await queued(turns)
        after = asyncio.create_task(reader.read(turns, "c"))
        await queued(turns)
        gone.cancel()  # b's client went away
        with pytest.raises(asyncio.CancelledError):
            await gone
        release.set()
        await held
        member, release = await reader.reading.get()
        assert member == "c"
        release.set()
        await after
        # b may scan again: it holds no place any more; and the reader is free.
        assert await asyncio.wait_for(_alone(turns, "b"), 5) == "b"

    run(scenario())


def test_a_scan_cancelled_just_as_its_turn_came_passes_it_on() -> None:
    async def scenario() -> None:
        turns, reader = Turns(), Reader()
        async with turns.turn("a"):
            unlucky = asyncio.create_task(reader.read(turns, "b"))
            await queued(turns)
            after = asyncio.create_task(reader.read(turns, "c"))
            await queued(turns)
        # a's turn ended and went to b; b is cancelled before it could run.
        unlucky.cancel()
        with pytest.raises(asyncio.CancelledError):
            await unlucky
        member, release = await reader.reading.get()
        assert member == "c"
        release.set()
        await after
        assert reader.order == ["c"]
        assert await asyncio.wait_for(_alone(turns, "b"), 5) == "b"

    run(scenario())


def run(scenario: Coroutine[Any, Any, None]) -> None:
    """The scenario, failed rather than hung when a turn never comes."""
    asyncio.run(asyncio.wait_for(scenario, 30))


async def _alone(turns: ScanTurns, member: str) -> str:
    async with turns.turn(member):
        return member
