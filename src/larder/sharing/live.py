"""GET /api/pwa/events: a member's live changes of the lists, stores and plans they may see.

The wire is server-sent events:
- `ready` once the stream is subscribed: a client that was reconnecting re-reads what it shows,
  since changes made while it was away were not kept for it;
- `change` with `{type, id, kind, origin}` for each change of an entity the member may view;
- `resync` when the member fell so far behind that changes were dropped: re-read everything;
- a comment every KEEPALIVE_SECONDS, so proxies and the browser keep an idle stream open.

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

from larder.core.events import Change, EventBus, Subscription
from larder.sharing.service import Member, MemberCheck

KEEPALIVE_SECONDS: Final = 20.0
RECHECK_SECONDS: Final = 60.0
RETRY_MS: Final = 2000  # the browser's own reconnect delay, for clients that use EventSource


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


def _change_message(change: Change) -> ServerSentEventMessage:
    body = ChangeOut(type=change.type, id=change.id, kind=change.kind, origin=change.origin)
    return ServerSentEventMessage(event="change", data=msgspec.json.encode(body).decode())


async def event_stream(
    bus: EventBus,
    member: Member,
    recheck: MemberCheck,
    *,
    keepalive: float = KEEPALIVE_SECONDS,
    recheck_every: float = RECHECK_SECONDS,
) -> AsyncIterator[ServerSentEventMessage]:
    """The member's stream, until the client leaves, the session ends or the server stops. It is
    subscribed before `ready` is sent, so a client that re-reads on `ready` misses nothing."""
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
                member = await recheck()
                if member is None:
                    return
                bus.readdress(subscription, _address(member))
                checked_at = time.monotonic()
    finally:
        bus.unsubscribe(subscription)


__all__ = ["KEEPALIVE_SECONDS", "RECHECK_SECONDS", "ChangeOut", "event_stream"]
