"""Live changes: what changed, told after its transaction commits to the streams that may see it.

A domain records a change on the request's session (`publish_after_commit`); when the session
commits, the change goes to the event bus, which hands it to every open stream whose member is in
its audience (the owner, or a verified address it is shared with). A rolled-back request tells
nobody, so a receiver that re-reads on an event always finds the change.

`EventBus` is the seam for more than one process: `LocalEventBus` fans out within this process;
`SharedEventBus` (core/events/shared_events.py, used for SQLite) also writes each change down inside its
transaction for the other processes serving the same file (`--workers N`). On PostgreSQL a bus
behind the same calls would send through LISTEN/NOTIFY.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, runtime_checkable

from litestar.datastructures import State
from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

UPDATED: Final = "updated"
DELETED: Final = "deleted"
QUEUE_SIZE: Final = 256  # changes a stream may fall behind by before it is told to re-read everything
_PENDING: Final = "larder_pending_changes"


@dataclass(frozen=True, slots=True)
class Change:
    """One entity changed (the wire form of an event: `{type, id, kind, origin}`)."""

    type: str
    id: int
    kind: str = UPDATED
    # The client (one browser tab) whose request made the change, so it can skip its own echo.
    origin: str | None = None


@dataclass(frozen=True, slots=True)
class Audience:
    """Who may see a change: accounts by id, and addresses that count for a verified account."""

    user_ids: frozenset[int]
    emails: frozenset[str] = frozenset()


@dataclass(eq=False)
class Subscription:
    """One open stream: the member it belongs to and the changes waiting for it."""

    user_id: int
    email: str | None  # the member's address when verified; an unverified one is never an audience
    queue: asyncio.Queue[Change | None] = field(default_factory=lambda: asyncio.Queue(QUEUE_SIZE))
    # Set when changes were dropped because the stream fell too far behind: it must re-read all.
    overflowed: bool = False
    ended: bool = False  # the bus has closed (the server is stopping)

    def offer(self, change: Change | None) -> None:
        """Queue a change; None ends the subscription."""
        if change is None:
            self.ended = True
        try:
            self.queue.put_nowait(change)
        except asyncio.QueueFull:
            self.overflowed = True

    async def next(self) -> Change | None:
        """The next change; None once the subscription has ended."""
        return await self.queue.get()

    def drain(self) -> None:
        """Forget what is queued (the reader is told to re-read everything instead)."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.overflowed = False


@runtime_checkable
class EventBus(Protocol):
    def record(self, session: Session, changes: list[tuple[Change, Audience]]) -> None:
        """Inside the committing transaction: write down what other processes must hear."""
        ...

    def publish(self, change: Change, audience: Audience) -> None: ...

    def subscribe(self, user_id: int, email: str | None) -> Subscription: ...

    def streams_of(self, user_id: int) -> int:
        """Streams this process holds open for one account."""
        ...

    @property
    def streams(self) -> int:
        """Streams this process holds open in all."""
        ...

    def readdress(self, subscription: Subscription, email: str | None) -> None: ...

    def unsubscribe(self, subscription: Subscription) -> None: ...

    def close(self) -> None: ...


class LocalEventBus:
    """Fan-out within one process, indexed by account and by address so a change costs only its
    audience's streams, however many households are connected. Runs on the event loop's thread."""

    def __init__(self) -> None:
        self._by_user: dict[int, set[Subscription]] = {}
        self._by_email: dict[str, set[Subscription]] = {}
        self.closed = False

    def record(self, session: Session, changes: list[tuple[Change, Audience]]) -> None:
        """Nothing to write down: every stream is in this process."""

    def publish(self, change: Change, audience: Audience) -> None:
        targets: set[Subscription] = set()
        for user_id in audience.user_ids:
            targets |= self._by_user.get(user_id, set())
        for email in audience.emails:
            targets |= self._by_email.get(email, set())
        for subscription in targets:
            subscription.offer(change)

    def subscribe(self, user_id: int, email: str | None) -> Subscription:
        subscription = Subscription(user_id=user_id, email=None)
        self._by_user.setdefault(user_id, set()).add(subscription)
        self.readdress(subscription, email)
        if self.closed:
            subscription.offer(None)
        return subscription

    def readdress(self, subscription: Subscription, email: str | None) -> None:
        """The member's verified address changed (or stopped counting): shares follow it."""
        if subscription.email is not None:
            _discard(self._by_email, subscription.email, subscription)
        subscription.email = email.lower() if email else None
        if subscription.email is not None:
            self._by_email.setdefault(subscription.email, set()).add(subscription)

    def unsubscribe(self, subscription: Subscription) -> None:
        _discard(self._by_user, subscription.user_id, subscription)
        if subscription.email is not None:
            _discard(self._by_email, subscription.email, subscription)

    def close(self) -> None:
        """End every stream (the server is stopping: it must not wait on them)."""
        self.closed = True
        for subscriptions in list(self._by_user.values()):
            for subscription in subscriptions:
                subscription.offer(None)

    def streams_of(self, user_id: int) -> int:
        return len(self._by_user.get(user_id, ()))

    @property
    def streams(self) -> int:
        return sum(len(subscriptions) for subscriptions in self._by_user.values())


def _discard(index: dict[Any, set[Subscription]], key: Any, subscription: Subscription) -> None:
    found = index.get(key)
    if found is not None:
        found.discard(subscription)
        if not found:
            del index[key]


def publish_after_commit(session: AsyncSession, bus: EventBus, change: Change, audience: Audience) -> None:
    """Tell `audience` about `change` once the session's transaction commits; nobody if it rolls back."""
    pending = session.sync_session.info.setdefault(_PENDING, [])
    if (bus, change, audience) not in pending:  # a request touching one list twice tells it once
        pending.append((bus, change, audience))


@event.listens_for(Session, "before_commit")
def _record_pending(session: Session) -> None:
    by_bus: dict[int, tuple[EventBus, list[tuple[Change, Audience]]]] = {}
    for bus, change, audience in session.info.get(_PENDING, ()):
        by_bus.setdefault(id(bus), (bus, []))[1].append((change, audience))
    for bus, changes in by_bus.values():
        bus.record(session, changes)


@event.listens_for(Session, "after_commit")
def _publish_pending(session: Session) -> None:
    for bus, change, audience in session.info.pop(_PENDING, ()):
        bus.publish(change, audience)


@event.listens_for(Session, "after_rollback")
def _drop_pending(session: Session) -> None:
    session.info.pop(_PENDING, None)


def provide_event_bus(state: State) -> EventBus:
    bus: EventBus = state["event_bus"]
    return bus


__all__ = [
    "DELETED",
    "UPDATED",
    "Audience",
    "Change",
    "EventBus",
    "LocalEventBus",
    "Subscription",
    "provide_event_bus",
    "publish_after_commit",
]
