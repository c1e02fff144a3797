"""Fair turns at the process's one receipt reader (ocr.ReceiptReader reads one photo at a time).

Each member has at most one scan in flight or waiting: a second one meanwhile is refused at once
(`MemberScanning`, answered 429 "You already have a scan in progress"), so a member scanning in a
loop, or from several devices, holds one place and never more. The others wait for the reader in
the order they came, and a finished scan hands the reader straight to the first one waiting: a
member who sends the next photo the moment one is answered queues behind whoever came meanwhile
instead of taking the reader again. Waiting scans hold their photos in memory (at most 12 MB
each), so at most `max_waiting` wait; a scan beyond that is refused (`ReaderBusy`, 429 with
Retry-After), and only ever because as many other members are waiting already.

One object per server process, on its event loop; nothing here blocks.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator, Hashable

MAX_WAITING = 4  # scans waiting for the reader, other than the one it reads: ~4 s of reading, 48 MB of photos


class MemberScanning(Exception):
    """This member already has a scan in flight or waiting."""


class ReaderBusy(Exception):
    """As many scans as may wait are waiting already."""


class ScanTurns:
    def __init__(self, max_waiting: int = MAX_WAITING) -> None:
        self.max_waiting = max_waiting
        self._holders: set[Hashable] = set()  # members with a scan in flight or waiting
        self._queue: deque[asyncio.Future[None]] = deque()
        self._reading = False

    @property
    def waiting(self) -> int:
        return sum(1 for waiter in self._queue if not waiter.done())

    @contextlib.asynccontextmanager
    async def turn(self, member: Hashable) -> AsyncIterator[None]:
        """The reader's turn for one scan of `member`: at once when it is free, else after the
        scans that came before. MemberScanning or ReaderBusy (at once) when it may not wait."""
        if member in self._holders:
            raise MemberScanning
        if self._reading and self.waiting >= self.max_waiting:
            raise ReaderBusy
        self._holders.add(member)
        try:
            if self._reading:
                await self._wait()
            else:
                self._reading = True
            try:
                yield
            finally:
                self._hand_on()
        finally:
            self._holders.discard(member)

    async def _wait(self) -> None:
        waiter = asyncio.get_running_loop().create_future()
        self._queue.append(waiter)
        try:
            await waiter
        except BaseException:  # cancelled (the client went away) while waiting
            if waiter.done() and not waiter.cancelled():
                self._hand_on()  # the reader was handed over just now: on to the next one
            else:
                waiter.cancel()
            raise

    def _hand_on(self) -> None:
        """The reader to the first scan still waiting, or free."""
        while self._queue:
            waiter = self._queue.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        self._reading = False


__all__ = ["MAX_WAITING", "MemberScanning", "ReaderBusy", "ScanTurns"]
