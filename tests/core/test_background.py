"""Work beside the server: repeated, a failed round logged and retried, cancelled at shutdown."""

from __future__ import annotations

import asyncio
import logging

from larder.core.process.background import beside_the_server, repeat


def test_a_failed_round_is_logged_and_the_next_one_runs(caplog):
    rounds: list[int] = []

    async def main() -> None:
        done = asyncio.Event()

        async def work() -> None:
            rounds.append(len(rounds))
            if len(rounds) == 1:
                raise RuntimeError("the disk is full")
            done.set()

        async with beside_the_server(repeat(work, every=0, what="tidying up")):
            await asyncio.wait_for(done.wait(), timeout=10)

    with caplog.at_level(logging.ERROR, logger="larder"):
        asyncio.run(main())
    assert rounds[:2] == [0, 1]
    assert any("tidying up failed" in record.getMessage() for record in caplog.records)


def test_the_work_stops_with_the_server():
    async def main() -> asyncio.Task[None]:
        started = asyncio.Event()

        async def forever() -> None:
            started.set()
            await asyncio.Event().wait()

        task = asyncio.ensure_future(forever())
        async with beside_the_server(task):
            await started.wait()
        return task

    task = asyncio.run(main())
    assert task.cancelled()
