"""Work that runs beside the server for as long as it serves (daily clean-ups, e-mails, memory)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

logger = logging.getLogger("larder")


async def repeat(work: Callable[[], Awaitable[None]], *, every: float, first_after: float = 0, what: str) -> None:
    """`work` every `every` seconds, the first time after `first_after`. A failed round is logged
    and tried again at the next one: the server keeps serving."""
    await asyncio.sleep(first_after)
    while True:
        try:
            await work()
        except Exception:
            logger.exception("%s failed", what)
        await asyncio.sleep(every)


@asynccontextmanager
async def beside_the_server(work: Awaitable[None]) -> AsyncIterator[None]:
    """A lifespan: `work` runs as a task while the app serves and is cancelled when it stops."""
    task = asyncio.ensure_future(work)
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


__all__ = ["beside_the_server", "repeat"]
