"""Sliding-window limits (login, password reset, registration, uploads, imports) counted in the database.

The counters live in a table, so a restart forgets nothing and several server processes share them.
An attempt must count whatever its request's outcome, and a failed request rolls its transaction
back: so a request's attempts are written after its transaction has ended, on a short session of
their own (the unit of work's `after`), never inside it — a second writer inside a request that holds
SQLite's write lock would wait for itself.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from advanced_alchemy.config import SQLAlchemyAsyncConfig
from sqlalchemy import Float, Index, String, delete, func, insert, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from larder.core.base.errors import TooManyRequests
from larder.core.db.engine import Base
from larder.core.db.uow import UnitOfWork, unit_of_work

KEPT_SECONDS = 86_400  # longer than any window; older attempts are deleted by `forget_old`


KEY_LENGTH = 255


def stored_key(key: str) -> str:
    """The key as the table keeps it: a key holds what a caller typed (an e-mail address at sign-in),
    so one longer than the column is kept as its start and a digest of the whole, still one per key
    (PostgreSQL refuses a longer value where SQLite would keep it)."""
    if len(key) <= KEY_LENGTH:
        return key
    return f"{key[:180]}#{hashlib.sha256(key.encode()).hexdigest()}"


class ThrottleAttempt(Base):
    __tablename__ = "throttle_attempt"
    __table_args__ = (Index("ix_throttle_attempt_key_at", "key", "at"),)
    key: Mapped[str] = mapped_column(String(KEY_LENGTH))
    at: Mapped[float] = mapped_column(Float)  # seconds since the epoch


@dataclass(frozen=True)
class Limit:
    attempts: int
    window_seconds: float


@dataclass(frozen=True)
class Window:
    """The attempts of one key within a window."""

    count: int
    oldest: float | None
    newest: float | None


class ThrottleStore:
    """The attempts table, read and written on short sessions of its own."""

    def __init__(self, config: SQLAlchemyAsyncConfig, clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.clock = clock

    async def window(self, key: str, seconds: float) -> Window:
        since = self.clock() - seconds
        async with self.config.get_session() as session:
            row = (
                await session.execute(
                    select(func.count(), func.min(ThrottleAttempt.at), func.max(ThrottleAttempt.at)).where(
                        ThrottleAttempt.key == stored_key(key), ThrottleAttempt.at > since
                    )
                )
            ).one()
        return Window(row[0], row[1], row[2])

    async def add(self, attempts: list[tuple[str, float]]) -> None:
        if not attempts:
            return
        async with self.config.get_session() as session:
            await session.execute(insert(ThrottleAttempt), [{"key": stored_key(k), "at": at} for k, at in attempts])
            await session.commit()

    async def forget_old(self) -> None:
        async with self.config.get_session() as session:
            await session.execute(delete(ThrottleAttempt).where(ThrottleAttempt.at < self.clock() - KEPT_SECONDS))
            await session.commit()


class Throttle:
    """One request's limits: checks read the store; attempts are written once its transaction has ended
    (at once when it has none, e.g. an upload, which opens no transaction)."""

    def __init__(self, store: ThrottleStore, work: UnitOfWork | None = None) -> None:
        self.store = store
        self.work = work
        self._pending: list[tuple[str, float]] = []

    def now(self) -> float:
        return self.store.clock()

    async def window(self, key: str, seconds: float) -> Window:
        return await self.store.window(key, seconds)

    async def check(self, key: str, limit: Limit) -> None:
        """429 when the window of `key` is already full."""
        seen = await self.store.window(key, limit.window_seconds)
        if seen.count >= limit.attempts and seen.oldest is not None:
            raise TooManyRequests(math.ceil(limit.window_seconds - (self.now() - seen.oldest)))

    async def record(self, key: str) -> None:
        self._pending.append((key, self.now()))
        if len(self._pending) == 1 and not (self.work is not None and self.work.after(self.flush)):
            await self.flush()

    async def hit(self, key: str, limit: Limit) -> None:
        """Count one attempt for `key`; 429 when the window is already full."""
        await self.check(key, limit)
        await self.record(key)

    async def flush(self) -> None:
        pending, self._pending = self._pending, []
        await self.store.add(pending)


class NoThrottle(Throttle):
    """For work outside requests (the command line, start-up): nothing is limited or counted."""

    def __init__(self) -> None:
        self._pending = []

    def now(self) -> float:
        return time.time()

    async def window(self, key: str, seconds: float) -> Window:
        return Window(0, None, None)

    async def check(self, key: str, limit: Limit) -> None:
        return None

    async def record(self, key: str) -> None:
        return None

    async def flush(self) -> None:
        return None


def request_throttle(app_state: Any, session: AsyncSession | None) -> Throttle:
    """The throttle of one request (of its session, or None for a request without one), over the
    app's store."""
    return Throttle(app_state["throttle_store"], unit_of_work(session) if session is not None else None)


__all__ = ["Limit", "NoThrottle", "Throttle", "ThrottleAttempt", "ThrottleStore", "Window", "request_throttle"]
