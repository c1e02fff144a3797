"""The unit of work: a request's one session, its write turn, and what runs once its work is over.

A request reads in a deferred transaction, which never takes SQLite's write lock. A service that
changes data says so in its own code, around the reads that decide the change and the writes:

    async with unit_of_work(self.session).write(Scope(LIST, list_id)):
        shopping_list, role = await self._open(member, list_id, Action.EDIT)  # access checked here
        ...  # the changes
    return await self._answer(shopping_list.id, role)  # read after the commit

`write` ends the read transaction the request had open (what it read may be stale: whatever
decides the change is read again inside the block), takes the write turn for its scopes, and
commits when the block ends, or rolls back when it raises. A request makes its changes in one
block, so they are kept together or not at all. A change made outside a block is refused (a
RuntimeError before anything is sent to the database): a write can never run without its turn,
nor keep an answer read before it (an access check, a list's items) that another writer changed.

The turn, by database:
- **SQLite** lets one writer in at a time: the turn is this process's lock (first come, first
  served), the data dir's lock file (the other processes of `--workers N`) and BEGIN IMMEDIATE.
  Scopes change nothing there; the turn is held only while the block runs.
- **PostgreSQL**: a transaction-level advisory lock per scope (taken in order, so two writers of
  the same scopes never deadlock), and the instance's lock shared. Writers of different lists,
  stores, plans and accounts run side by side; writers of one scope queue. A write of the whole
  instance (`INSTANCE`: copying the database in, deleting an account) takes the instance's lock
  alone and waits for every other writer.

Outside a request (the command line, background jobs, tests calling a service) the session's
owner runs the transaction: `write` takes no turn and commits nothing.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

import anyio.to_thread
from sqlalchemy import Connection, event, text
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session, UOWTransaction

if TYPE_CHECKING:
    from larder.core.db.loop_reads import LoopReads

logger = logging.getLogger("larder")
T = TypeVar("T")

_UOW_KEY = "larder_unit_of_work"
BEGIN_OPTION = "larder_begin"  # the BEGIN SQLite runs (core/db/engine.py): DEFERRED unless IMMEDIATE is asked
PG_INSTANCE_KEY = 0x4C61726465  # "Larde": the instance's advisory lock (a database copy takes it too)
WAITS_KEPT = 4096


class Scope(NamedTuple):
    """What a write changes: a kind of thing and its id (a list, a store, an account...)."""

    kind: str
    id: int = 0

    def lock_key(self) -> int:
        if self == INSTANCE:
            return PG_INSTANCE_KEY
        digest = hashlib.blake2b(f"{self.kind}:{self.id}".encode(), digest_size=8).digest()
        return int.from_bytes(digest, "big", signed=True)


INSTANCE = Scope("instance")


class WriteFileLock:
    """The write turn among the processes of one data dir (`larder serve --workers N`): a lock file
    held from BEGIN IMMEDIATE to the end of the transaction. Waiting on it in the kernel wakes the
    next process the moment the turn is free, where SQLite's busy handler would poll with sleeps
    of up to 100 ms. Each process's own writers take turns at its asyncio lock first, so one thread
    per process at most waits here."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle = open(path, "a+b")  # noqa: SIM115 (held for the app's life)

    async def acquire(self) -> None:
        try:
            fcntl.flock(self._handle, fcntl.LOCK_EX | fcntl.LOCK_NB)  # free: no thread needed
        except BlockingIOError:
            await anyio.to_thread.run_sync(fcntl.flock, self._handle, fcntl.LOCK_EX)

    def release(self) -> None:
        fcntl.flock(self._handle, fcntl.LOCK_UN)


class WriteTurns:
    """The write turns of one app instance (one process), and how long writers waited for them
    (the last WAITS_KEPT waits, in seconds)."""

    def __init__(self, sqlite: bool, file_lock: WriteFileLock | None = None) -> None:
        self.sqlite = sqlite
        self.file_lock = file_lock
        self.gate = asyncio.Lock()
        self.waits: deque[float] = deque(maxlen=WAITS_KEPT)

    def waits_summary(self) -> str | None:
        """How long this process's last writers waited for their turn (logged when it stops:
        `bench/live_load.py` reports it); None before any write."""
        waits = sorted(self.waits)
        if not waits:
            return None

        def at(share: float) -> float:
            return waits[min(len(waits) - 1, int(share * len(waits)))] * 1000

        return (
            f"write turn waits: {len(waits)} writes, p50 {at(0.5):.1f} ms, p95 {at(0.95):.1f} ms, "
            f"p99 {at(0.99):.1f} ms, max {waits[-1] * 1000:.1f} ms"
        )

    async def take(self, session: AsyncSession, scopes: Iterable[Scope]) -> Callable[[], None]:
        """The turn for `scopes`, begun in `session`; the returned call gives it up (after the
        transaction has ended)."""
        started = time.perf_counter()
        if self.sqlite:
            release = await self._take_sqlite(session)
        else:
            await _lock_scopes(session, scopes)
            release = _nothing
        self.waits.append(time.perf_counter() - started)
        return release

    async def _take_sqlite(self, session: AsyncSession) -> Callable[[], None]:
        await self.gate.acquire()
        file_lock = self.file_lock
        try:
            if file_lock is not None:
                await file_lock.acquire()
            try:
                await session.connection(execution_options={BEGIN_OPTION: "IMMEDIATE"})
            except BaseException:
                if file_lock is not None:
                    file_lock.release()
                raise
        except BaseException:
            self.gate.release()
            raise

        def release() -> None:
            if file_lock is not None:
                file_lock.release()
            self.gate.release()

        return release


async def _lock_scopes(session: AsyncSession, scopes: Iterable[Scope]) -> None:
    """PostgreSQL: the scopes' advisory locks, in order, and the instance's shared (or exclusive,
    for a write of the whole instance), all released when the transaction ends."""
    wanted = sorted(set(scopes))
    if INSTANCE in wanted:
        await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": PG_INSTANCE_KEY})
        return
    await session.execute(text("SELECT pg_advisory_xact_lock_shared(:key)"), {"key": PG_INSTANCE_KEY})
    for scope in wanted:
        await session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": scope.lock_key()})


def _nothing() -> None:
    return None


class UnitOfWork:
    """A session's unit of work; `turns` None when the session's owner runs its transaction (the
    command line, background jobs, tests), a request's otherwise (`open_request_work`)."""

    def __init__(
        self, session: AsyncSession, turns: WriteTurns | None = None, loop_reads: LoopReads | None = None
    ) -> None:
        self.session = session
        self.turns = turns
        self.loop_reads = loop_reads
        self.scopes: tuple[Scope, ...] = ()  # of the block running now; () outside one
        self.blocks = 0  # write blocks begun: what was read before the last one may be stale
        self._after: list[Callable[[], Awaitable[None]]] = []
        self._after_commit: list[Callable[[], Awaitable[None]]] = []  # of the block running now
        self._admission: asyncio.Semaphore | None = None

    async def admit(self, admission: asyncio.Semaphore) -> None:
        """Wait for one of the places of requests working with the database (core/db/sessions.py)."""
        await admission.acquire()
        self._admission = admission

    def leave(self) -> None:
        """Give up the request's place (once)."""
        if self._admission is not None:
            self._admission.release()
            self._admission = None

    @property
    def writing(self) -> bool:
        return bool(self.scopes)

    @asynccontextmanager
    async def write(self, *scopes: Scope) -> AsyncIterator[AsyncSession]:
        """Take the write turn for `scopes` (at least one), run the block, commit it."""
        if not scopes:
            raise ValueError("a write names what it changes")
        if self.writing:
            # A service called inside another's block: it already holds a turn; on PostgreSQL
            # the new scopes are locked too (in this order; the outer block's come first).
            if self.turns is not None and not self.turns.sqlite:
                await _lock_scopes(self.session, [s for s in scopes if s not in self.scopes])
            outer = self.scopes
            self.scopes = (*outer, *scopes)
            try:
                yield self.session
            finally:
                self.scopes = outer
            return
        if self.turns is None:
            self.scopes = scopes
            try:
                yield self.session
            finally:
                self.scopes = ()
            return
        session = self.session
        if session.new or session.dirty or session.deleted:
            raise RuntimeError("a change was made before its write turn")
        await session.rollback()  # the read transaction: nothing read in it may decide the write
        release = await self.turns.take(session, scopes)
        self.blocks += 1
        self.scopes = scopes
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            self._after_commit.clear()
            raise
        finally:
            self.scopes = ()
            release()
        self._after += self._after_commit
        self._after_commit = []

    async def pause(self) -> None:
        """End the read transaction before slow work that needs no database (a page fetched, a
        photo read, a file built): no snapshot is held meanwhile, and the request's place among
        those working with the database goes to the next. Only outside a write block."""
        session = self.session
        if self.writing or session.new or session.dirty or session.deleted:
            raise RuntimeError("only reads can be paused: changes would be lost")
        await session.rollback()
        self.leave()

    def read_here(self, work: Callable[[Connection], T]) -> T | None:
        """`work` run on the event loop, on the process's own read connection (core/db/loop_reads.py),
        to find an answer kept by version; None where there is none (PostgreSQL, a command, a test's
        own session), inside a write block (what decides a write is read in its turn) or when SQLite
        cannot start the read at once: the caller then reads through the session."""
        if self.loop_reads is None or self.writing:
            return None
        return self.loop_reads.read(work)

    def after(self, callback: Callable[[], Awaitable[None]]) -> bool:
        """Run `callback` once the request's database work is over, committed or not (work with a
        transaction of its own: counting a failed sign-in must neither wait for the request's nor
        be undone with it). False outside a request: the caller does its work at once."""
        if self.turns is None:
            return False
        self._after.append(callback)
        return True

    def after_commit(self, callback: Callable[[], Awaitable[None]]) -> bool:
        """Run `callback` once the request's database work is over, if the write block running now
        commits (work too slow to hold the write turn for, that only a kept change may cause: an
        e-mail sent over SMTP). False outside a request's write block: the caller works at once."""
        if self.turns is None or not self.writing:
            return False
        self._after_commit.append(callback)
        return True

    async def run_after(self) -> None:
        waiting, self._after = self._after, []
        for callback in waiting:
            try:
                await callback()
            except Exception:  # the answer stands; what failed here is bookkeeping
                logger.exception("work after a request's transaction failed")


def unit_of_work(session: AsyncSession) -> UnitOfWork:
    """The session's unit of work: the request's, or one its owner runs."""
    info = session.sync_session.info
    found = info.get(_UOW_KEY)
    if found is None:
        found = info[_UOW_KEY] = UnitOfWork(session)
    return found


def open_request_work(session: AsyncSession, turns: WriteTurns, loop_reads: LoopReads | None = None) -> UnitOfWork:
    """The request's unit of work on its session: changes outside a write block are refused."""
    work = UnitOfWork(session, turns, loop_reads)
    session.sync_session.info[_UOW_KEY] = work
    return work


@event.listens_for(Session, "before_flush")
def _refuse_changes_outside_a_write(session: Session, _flush: UOWTransaction, _instances: Any) -> None:
    work = session.info.get(_UOW_KEY)
    if work is not None and work.turns is not None and not work.writing:
        raise RuntimeError("a change outside a write block (core/db/uow.py): take the write turn first")


@event.listens_for(Session, "do_orm_execute")
def _refuse_statements_outside_a_write(state: Any) -> None:
    if not (state.is_insert or state.is_update or state.is_delete):
        return
    work = state.session.info.get(_UOW_KEY)
    if work is not None and work.turns is not None and not work.writing:
        raise RuntimeError("a change outside a write block (core/db/uow.py): take the write turn first")


__all__ = [
    "INSTANCE",
    "PG_INSTANCE_KEY",
    "Scope",
    "UnitOfWork",
    "WriteFileLock",
    "WriteTurns",
    "open_request_work",
    "unit_of_work",
]
