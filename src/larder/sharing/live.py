"""GET /api/pwa/events: a member's live changes of the lists, stores and plans they may see.

The wire is server-sent events:
- `ready` once the stream is subscribed: a client that was reconnecting re-reads what it shows,
  since changes made while it was away were not kept for it;
- `change` with `{type, id, kind, origin}` for each change of an entity the member may view;
- `resync` when the member fell so far behind that changes were dropped: re-read everything;
- a comment every KEEPALIVE_SECONDS, so proxies and the browser keep an idle stream open.

A member may hold MAX_STREAMS_PER_MEMBER streams at once in a process (every device and tab of a
household member fits), and the process `max_event_streams` in all: past either the stream is
refused before it starts (429 for the member's own share, 503 for the server's), so one member's
runaway client can neither starve the others' streams nor, being counted apart from request slots
(core/web/connections.py), their requests.

The stream holds no database session. Every RECHECK_SECONDS it checks the member's session again
(a signed-out token ends the stream) and follows an address change, so a stream never outlives the
rights it was opened with by more than that.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Final

import msgspec
from litestar.response import ServerSentEventMessage

from larder.core.base.errors import AppError, TooManyRequests
from larder.core.events.events import Change, EventBus, Subscription
from larder.sharing.terms import Member, MemberCheck

KEEPALIVE_SECONDS: Final = 20.0
RECHECK_SECONDS: Final = 60.0
RETRY_MS: Final = 2000  # the browser's own reconnect delay, for clients that use EventSource
# A phone, a tablet and a laptop with a few tabs each: a member never needs more at once.
MAX_STREAMS_PER_MEMBER: Final = 10
MSG_TOO_MANY_STREAMS: Final = "Live updates are open in too many of your tabs and devices. Close some and reload."
MSG_STREAMS_BUSY: Final = "The server is busy. Please try again."
RETRY_AFTER_SECONDS: Final = 30


class ChangeOut(msgspec.Struct):
    type: str
    id: int
    kind: str
    origin: str | None = None


def _address(member: Member) -> str | None:
    """Shares count only for a verified address."""
    return member.email if member.verified else None


def subscribe(bus: EventBus, member: Member) -> Subscription:
    return bus.subscribe(member.id, _address(member))


def open_stream(bus: EventBus, member: Member, max_streams: int) -> Subscription:
    """The member's subscription for a new stream, unless the member or the server already holds
    as many streams as it may. Runs on the event loop without a pause, so concurrent openings
    cannot both pass the count."""
    if bus.streams_of(member.id) >= MAX_STREAMS_PER_MEMBER:
        raise TooManyRequests(RETRY_AFTER_SECONDS, MSG_TOO_MANY_STREAMS)
    if bus.streams >= max_streams:
        raise AppError(MSG_STREAMS_BUSY, status_code=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)})
    return subscribe(bus, member)


def _change_message(change: Change) -> ServerSentEventMessage:
    body = ChangeOut(type=change.type, id=change.id, kind=change.kind, origin=change.origin)
    return ServerSentEventMessage(event="change", data=msgspec.json.encode(body).decode())


async def close_stream(bus: EventBus, subscription: Subscription) -> None:
    """End the subscription (again: unsubscribing twice is harmless), on the event loop's thread."""
    bus.unsubscribe(subscription)


async def event_stream(
    bus: EventBus,
    member: Member,
    recheck: MemberCheck,
    *,
    subscription: Subscription | None = None,
    keepalive: float = KEEPALIVE_SECONDS,
    recheck_every: float = RECHECK_SECONDS,
) -> AsyncIterator[ServerSentEventMessage]:
    """The member's stream, until the client leaves, the session ends or the server stops. It is
    subscribed before `ready` is sent, so a client that re-reads on `ready` misses nothing."""
    if subscription is None:
        subscription = subscribe(bus, member)
    try:
        yield ServerSentEventMessage(event="ready", data="{}", retry=RETRY_MS)
        checked_at = time.monotonic()
        while not subscription.ended:
            if subscription.overflowed:
                subscription.drain()
                yield ServerSentEventMessage(event="resync", data="{}")
                continue
            try:
                change = await asyncio.wait_for(subscription.next(), keepalive)
            except TimeoutError:
                yield ServerSentEventMessage(comment="keep-alive")
                change = None
            if change is not None:
                yield _change_message(change)
            if time.monotonic() - checked_at >= recheck_every:
                current = await recheck()
                if current is None:
                    return
                bus.readdress(subscription, _address(current))
                checked_at = time.monotonic()
    finally:
        bus.unsubscribe(subscription)


__all__ = [
    "KEEPALIVE_SECONDS",
    "MAX_STREAMS_PER_MEMBER",
    "MSG_STREAMS_BUSY",
    "MSG_TOO_MANY_STREAMS",
    "RECHECK_SECONDS",
    "ChangeOut",
    "close_stream",
    "event_stream",
    "open_stream",
]
