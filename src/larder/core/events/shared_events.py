"""Live changes across processes on one SQLite file (`larder serve --workers N`).

A member's stream is held by one process; the write that concerns it may land on another. Each
change is written down in the `live_event` table inside the transaction that makes it (so a change
is heard exactly when it is kept, also if the process dies right after the commit), delivered at
once to the streams of its own process, and picked up by every other process, which reads the
table's new rows every `POLL_SECONDS` while it holds a stream and hands them to its own streams
(a process with no stream open reads nothing, from the start on). Rows older than
`KEEP_SECONDS` are deleted by the writers now and then.

On PostgreSQL, core/events/pg_events.py does the same with NOTIFY and LISTEN.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol, cast, runtime_checkable

import anyio.to_thread
from sqlalchemy import Float, String, Table, Text, delete, insert
from sqlalchemy.orm import Mapped, Session, mapped_column

from larder.core.db.engine import Base
from larder.core.events.events import Audience, Change, LocalEventBus, Subscription

logger = logging.getLogger("larder")

POLL_SECONDS = 0.05
KEEP_SECONDS = 300.0
PRUNE_EVERY = 200  # recorded changes between two deletions of old rows
READ_LIMIT = 1000
SINCE_MARGIN_SECONDS = 1.0


class LiveEvent(Base):
    """One change as other processes hear it."""

    __tablename__ = "live_event"
    process: Mapped[str] = mapped_column(String(32))
    payload: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float, index=True)  # seconds since the epoch


_INSERT_EVENT = insert(cast(Table, LiveEvent.__table__))  # a declarative model's table


def encode_change(change: Change, audience: Audience) -> str:
    return json.dumps(
        [change.type, change.id, change.kind, change.origin, sorted(audience.user_ids), sorted(audience.emails)]
    )


def decode_change(payload: str) -> tuple[Change, Audience]:
    kind, entity_id, what, origin, user_ids, emails = json.loads(payload)
    return Change(kind, entity_id, what, origin), Audience(frozenset(user_ids), frozenset(emails))


class SharedEventBus(LocalEventBus):
    """The local fan-out, plus the `live_event` table between processes."""

    def __init__(self, database: Path, poll_seconds: float = POLL_SECONDS) -> None:
        super().__init__()
        self.database = database
        self.poll_seconds = poll_seconds
        self.process = secrets.token_hex(8)
        self._last_id: int | None = None
        self._recorded = 0
        self._connection: sqlite3.Connection | None = None
        self._since: float | None = None  # when the first of this process's streams opened

    def subscribe(self, user_id: int, email: str | None) -> Subscription:
        if not self.streams:
            self._since = time.time()
        return super().subscribe(user_id, email)

    def record(self, session: Session, changes: list[tuple[Change, Audience]]) -> None:
        now = time.time()
        stamp = datetime.fromtimestamp(now, UTC)
        rows = [
            {"process": self.process, "payload": encode_change(c, a), "at": now}
            | {"created_at": stamp, "updated_at": stamp}
            for c, a in changes
        ]
        # Through the connection, not the ORM's bulk insert: a third of the CPU, on every write.
        session.connection().execute(_INSERT_EVENT, rows)
        self._recorded += len(rows)
        if self._recorded >= PRUNE_EVERY:
            self._recorded = 0
            session.execute(delete(LiveEvent).where(LiveEvent.at < now - KEEP_SECONDS))

    async def listen(self, stop: asyncio.Event) -> None:
        """Hand other processes' changes to this process's streams until `stop` is set. Never
        cancelled in the middle of a read: the read's thread would outlive its connection."""
        while not stop.is_set() and not self.closed:
            rows: list[tuple[str, str]] = []
            if not self.streams:
                # Nobody here to tell: no reading (what happens meanwhile is nobody's news here).
                self._last_id = None
            elif self._since is not None or self._last_id is not None:
                try:
                    rows = await anyio.to_thread.run_sync(self._read_new)
                except sqlite3.Error:
                    logger.exception("reading other processes' live changes failed")
            for process, payload in rows:
                if process != self.process:
                    self.publish(*decode_change(payload))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), self.poll_seconds)

    def _read_new(self) -> list[tuple[str, str]]:
        if self._connection is None:
            # Not opened with mode=ro: a read-only connection to a WAL file can keep another
            # connection's `PRAGMA journal_mode=WAL` waiting until it fails with "database is locked".
            self._connection = sqlite3.connect(self.database, check_same_thread=False, timeout=5)
            self._connection.execute("PRAGMA query_only=ON")
        connection = self._connection
        if self._last_id is None:
            # The first stream opened at `_since`: what came from then on is news to it (a little
            # before is harmless: a stream that hears of a change reads the entity again).
            since, self._since = self._since or time.time(), None
            newest = connection.execute("SELECT coalesce(max(id), 0) FROM live_event").fetchone()[0]
            found = connection.execute(
                "SELECT id, process, payload FROM live_event WHERE at >= ? AND id <= ? ORDER BY id",
                (since - SINCE_MARGIN_SECONDS, newest),
            ).fetchall()
            self._last_id = newest  # what came after it is read at the next turn
            return [(process, payload) for _, process, payload in found]
        found = connection.execute(
            "SELECT id, process, payload FROM live_event WHERE id > ? ORDER BY id LIMIT ?",
            (self._last_id, READ_LIMIT),
        ).fetchall()
        if found:
            self._last_id = found[-1][0]
        return [(process, payload) for _, process, payload in found]

    def close_connection(self) -> None:
        if self._connection is not None:
            with contextlib.suppress(sqlite3.Error):
                self._connection.close()
            self._connection = None


@runtime_checkable
class ListeningBus(Protocol):
    """A bus that hears other processes' changes (this module's, and core/events/pg_events.py's)."""

    async def listen(self, stop: asyncio.Event) -> None: ...

    def close_connection(self) -> None: ...


def shared_event_listener(app: Any) -> contextlib.AbstractAsyncContextManager[None]:
    """A lifespan: the bus hears other processes' changes while the app serves."""
    bus = app.state["event_bus"]

    @asynccontextmanager
    async def listening() -> AsyncIterator[None]:
        if not isinstance(bus, ListeningBus):
            yield
            return
        stop = asyncio.Event()
        task = asyncio.ensure_future(bus.listen(stop))
        try:
            yield
        finally:
            stop.set()
            await task
            bus.close_connection()

    return listening()


__all__ = ["ListeningBus", "LiveEvent", "SharedEventBus", "decode_change", "encode_change", "shared_event_listener"]
