"""Live changes across processes on one PostgreSQL database (several instances, or `--workers N`).

Each change is sent with NOTIFY inside the transaction that makes it, so PostgreSQL delivers it
exactly when the change is kept, and never when it rolls back. Every process LISTENs on one
connection of its own and hands what other processes sent to its own streams. When that
connection is lost, the process connects again and tells its streams to re-read everything
(`resync`, at their next keep-alive at the latest), since what was sent meanwhile is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from sqlalchemy import text
from sqlalchemy.orm import Session

from larder.core.db.engine import asyncpg_dsn
from larder.core.events.events import Audience, Change, LocalEventBus
from larder.core.events.shared_events import decode_change, encode_change

if TYPE_CHECKING:
    import asyncpg

logger = logging.getLogger("larder")

CHANNEL = "larder_live"
# NOTIFY carries at most 8000 bytes; a change told to more addresses than fit is sent as "re-read
# everything" instead (its receivers then re-read what they show).
MAX_PAYLOAD = 7900
RECONNECT_SECONDS = 1.0
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class PgEventBus(LocalEventBus):
    """The local fan-out, plus NOTIFY/LISTEN between processes."""

    def __init__(self, database_url: str, reconnect_seconds: float = RECONNECT_SECONDS) -> None:
        super().__init__()
        self.dsn = asyncpg_dsn(database_url)
        self.reconnect_seconds = reconnect_seconds
        self.process = secrets.token_hex(8)

    def record(self, session: Session, changes: list[tuple[Change, Audience]]) -> None:
        for change, audience in changes:
            payload = json.dumps([self.process, encode_change(change, audience)])
            if len(payload.encode()) > MAX_PAYLOAD:
                payload = json.dumps([self.process, None])
            session.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        process, encoded = json.loads(payload)
        if process == self.process:
            return  # told to this process's streams when it committed
        if encoded is None:
            self.resync_all()
        else:
            self.publish(*decode_change(encoded))

    def resync_all(self) -> None:
        """Every stream of this process is told to re-read everything (changes may have been
        missed), at its next change or keep-alive at the latest."""
        for subscriptions in list(self._by_user.values()):
            for subscription in list(subscriptions):
                subscription.overflowed = True

    async def listen(self, stop: asyncio.Event) -> None:
        """Hand other processes' changes to this process's streams until `stop` is set."""
        import asyncpg  # only on PostgreSQL: a SQLite install never loads the driver

        connected_before = False
        while not stop.is_set() and not self.closed:
            try:
                connection = await asyncpg.connect(self.dsn)
            except (OSError, asyncpg.PostgresError):
                logger.exception("listening for other processes' live changes failed; trying again")
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(stop.wait(), self.reconnect_seconds)
                continue
            try:
                await self._hear_through(connection, stop, resync=connected_before)
                connected_before = True
            finally:
                with contextlib.suppress(Exception):
                    await connection.close(timeout=2)

    async def _hear_through(self, connection: asyncpg.Connection, stop: asyncio.Event, *, resync: bool) -> None:
        """Until `stop` is set or the connection is lost."""
        lost = asyncio.Event()
        connection.add_termination_listener(lambda _connection: lost.set())
        await connection.add_listener(CHANNEL, self._heard)
        if resync:
            self.resync_all()
        stopping = asyncio.ensure_future(stop.wait())
        dropped = asyncio.ensure_future(lost.wait())
        _, pending = await asyncio.wait({stopping, dropped}, return_when=asyncio.FIRST_COMPLETED)
        for waiting in pending:
            waiting.cancel()

    def close_connection(self) -> None:
        """Nothing held outside `listen`."""


__all__ = ["CHANNEL", "PgEventBus"]
