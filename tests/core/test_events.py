"""Live changes inside one process: the bus's audiences, publishing after the commit only, and the
event stream a member reads (core/events/events.py, sharing/live.py).

The stream is driven directly on an event loop with a fake session check. Its keep-alive comments
mark its progress: one is yielded only after the stream has come back to wait on its queue, so
whatever it did before waiting (a recheck, a new address) is done by then.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from litestar.response import ServerSentEventMessage
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, create_async_engine

from larder.core.events.events import (
    DELETED,
    QUEUE_SIZE,
    Audience,
    Change,
    LocalEventBus,
    Subscription,
    publish_after_commit,
)
from larder.sharing.live import RETRY_MS, event_stream
from larder.sharing.service import Member
from tests.support import make_settings

LIST = "UserShoppinglist"
ALICE = Member(id=1, email="alice@example.org", verified=True, name="alice_1")


def to_users(*user_ids: int) -> Audience:
    return Audience(frozenset(user_ids))


def to_addresses(*emails: str) -> Audience:
    return Audience(frozenset(), frozenset(emails))


def queued(subscription: Any) -> list[Change | None]:
    found = []
    while not subscription.queue.empty():
        found.append(subscription.queue.get_nowait())
    return found


# -- the bus --------------------------------------------------------------------------------------


def test_a_change_reaches_the_accounts_and_the_addresses_of_its_audience():
    bus = LocalEventBus()
    owner = bus.subscribe(1, "owner@example.org")
    friend = bus.subscribe(2, "Friend@Example.org")  # addresses are matched lower-cased
    outsider = bus.subscribe(3, "outsider@example.org")
    change = Change(LIST, 7, origin="tab-1")

    bus.publish(change, Audience(frozenset({1}), frozenset({"friend@example.org"})))

    assert queued(owner) == [change]
    assert queued(friend) == [change]
    assert queued(outsider) == []


def test_a_member_in_the_audience_twice_is_told_once():
    bus = LocalEventBus()
    owner = bus.subscribe(1, "owner@example.org")
    bus.publish(Change(LIST, 7), Audience(frozenset({1}), frozenset({"owner@example.org"})))
    assert queued(owner) == [Change(LIST, 7)]


def test_an_unverified_member_is_reached_by_account_only():
    bus = LocalEventBus()
    unverified = bus.subscribe(4, None)
    bus.publish(Change(LIST, 1), to_addresses("pending@example.org"))
    bus.publish(Change(LIST, 2), to_users(4))
    assert queued(unverified) == [Change(LIST, 2)]


def test_readdress_moves_a_subscription_and_none_takes_it_off_every_address():
    bus = LocalEventBus()
    member = bus.subscribe(1, "old@example.org")

    bus.readdress(member, "New@Example.org")
    bus.publish(Change(LIST, 1), to_addresses("old@example.org"))
    bus.publish(Change(LIST, 2), to_addresses("new@example.org"))
    assert member.email == "new@example.org"
    assert queued(member) == [Change(LIST, 2)]

    bus.readdress(member, None)
    bus.publish(Change(LIST, 3), to_addresses("new@example.org"))
    bus.publish(Change(LIST, 4), to_users(1))  # the account still reaches it
    assert member.email is None
    assert queued(member) == [Change(LIST, 4)]


def test_an_unsubscribed_stream_gets_nothing_more():
    bus = LocalEventBus()
    first = bus.subscribe(1, "alice@example.org")
    second = bus.subscribe(1, "alice@example.org")  # the same member's other tab
    assert bus.streams == 2

    bus.unsubscribe(first)
    bus.publish(Change(LIST, 1), Audience(frozenset({1}), frozenset({"alice@example.org"})))

    assert bus.streams == 1
    assert queued(first) == []
    assert queued(second) == [Change(LIST, 1)]
    bus.unsubscribe(second)
    assert bus.streams == 0


def test_a_stream_that_falls_too_far_behind_is_marked_and_drained():
    bus = LocalEventBus()
    member = bus.subscribe(1, None)
    for n in range(QUEUE_SIZE):
        bus.publish(Change(LIST, n), to_users(1))
    assert not member.overflowed

    bus.publish(Change(LIST, QUEUE_SIZE), to_users(1))
    assert member.overflowed
    assert member.queue.qsize() == QUEUE_SIZE

    member.drain()
    assert (member.overflowed, member.queue.qsize()) == (False, 0)


def test_closing_the_bus_ends_every_subscription_and_any_opened_later():
    bus = LocalEventBus()
    streams = [bus.subscribe(1, None), bus.subscribe(1, None), bus.subscribe(2, "bob@example.org")]
    bus.close()
    for subscription in streams:
        assert subscription.ended
        assert asyncio.run(subscription.next()) is None
    late = bus.subscribe(3, None)
    assert late.ended and queued(late) == [None]


def test_a_full_stream_still_ends_when_the_bus_closes():
    bus = LocalEventBus()
    member = bus.subscribe(1, None)
    for n in range(QUEUE_SIZE):
        bus.publish(Change(LIST, n), to_users(1))
    bus.close()
    assert member.ended


# -- publishing after the commit ------------------------------------------------------------------


@pytest.fixture
def database(tmp_path: Path, migrated_db: Path) -> str:
    return make_settings(str(tmp_path / "data"), template_db=migrated_db).database_url


def run_in_session(url: str, work: Callable[[AsyncSession], Awaitable[None]]) -> None:
    async def run() -> None:
        engine = create_async_engine(url)
        try:
            async with AsyncSession(engine) as session:
                await work(session)
        finally:
            await engine.dispose()

    asyncio.run(run())


CODES = itertools.count(1)


async def write_something(session: AsyncSession) -> None:
    await session.execute(
        text(
            "insert into invite_code (code, max_uses, uses, created_at, updated_at) "
            "values (:code, 1, 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        ),
        {"code": f"CODE{next(CODES):04d}"},
    )


def test_a_change_is_published_once_the_transaction_commits(database):
    bus = LocalEventBus()
    owner = bus.subscribe(1, None)
    seen_before_commit: list[list[Change | None]] = []

    async def work(session: AsyncSession) -> None:
        await write_something(session)
        publish_after_commit(session, bus, Change(LIST, 5), to_users(1))
        await session.flush()
        seen_before_commit.append(queued(owner))
        await session.commit()

    run_in_session(database, work)
    assert seen_before_commit == [[]]
    assert queued(owner) == [Change(LIST, 5)]


def test_a_rolled_back_transaction_publishes_nothing_and_leaves_nothing_pending(database):
    bus = LocalEventBus()
    owner = bus.subscribe(1, None)

    async def work(session: AsyncSession) -> None:
        await write_something(session)
        publish_after_commit(session, bus, Change(LIST, 5), to_users(1))
        await session.rollback()
        # The next transaction of the same session commits only its own change.
        await write_something(session)
        publish_after_commit(session, bus, Change(LIST, 6), to_users(1))
        await session.commit()

    run_in_session(database, work)
    assert queued(owner) == [Change(LIST, 6)]


def test_one_change_recorded_twice_in_a_transaction_is_published_once(database):
    bus = LocalEventBus()
    owner = bus.subscribe(1, None)

    async def work(session: AsyncSession) -> None:
        await write_something(session)
        publish_after_commit(session, bus, Change(LIST, 5), to_users(1))
        publish_after_commit(session, bus, Change(LIST, 5), to_users(1))
        publish_after_commit(session, bus, Change(LIST, 5, kind=DELETED), to_users(1))  # another change
        await session.commit()

    run_in_session(database, work)
    assert queued(owner) == [Change(LIST, 5), Change(LIST, 5, kind=DELETED)]


# -- the event stream -----------------------------------------------------------------------------


class WatchedBus(LocalEventBus):
    """A bus that tells when a stream has started waiting on its queue."""

    def __init__(self) -> None:
        super().__init__()
        self.waiting = asyncio.Event()

    def subscribe(self, user_id: int, email: str | None) -> Subscription:
        subscription = super().subscribe(user_id, email)
        wait = subscription.next

        async def next_change() -> Change | None:
            self.waiting.set()
            return await wait()

        subscription.next = next_change  # type: ignore[method-assign]
        return subscription


class FakeCheck:
    """The member's session as a recheck finds it: the answers given in turn, then the last again."""

    def __init__(self, *answers: Member | None) -> None:
        self.answers = list(answers)
        self.calls = 0

    async def __call__(self) -> Member | None:
        self.calls += 1
        if not self.answers:
            raise AssertionError("the stream rechecked the session when it should not have")
        return self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]


def stream(
    bus: LocalEventBus,
    check: FakeCheck,
    member: Member = ALICE,
    *,
    keepalive: float = 60.0,
    recheck_every: float = 3600.0,
) -> AsyncIterator[ServerSentEventMessage]:
    return event_stream(bus, member, check, keepalive=keepalive, recheck_every=recheck_every)


async def next_event(messages: AsyncIterator[ServerSentEventMessage]) -> ServerSentEventMessage:
    """The next message that is not a keep-alive comment."""
    while True:
        message = await anext(messages)
        if message.event is not None:
            return message


def body(message: ServerSentEventMessage) -> Any:
    assert isinstance(message.data, str)
    return json.loads(message.data)


async def ended(messages: AsyncIterator[ServerSentEventMessage]) -> bool:
    try:
        await anext(messages)
    except StopAsyncIteration:
        return True
    return False


def test_the_stream_says_ready_first_and_is_subscribed_by_then():
    async def main() -> None:
        bus = LocalEventBus()
        messages = stream(bus, FakeCheck())
        ready = await anext(messages)
        assert (ready.event, ready.data, ready.retry) == ("ready", "{}", RETRY_MS)
        assert bus.streams == 1
        await messages.aclose()

    asyncio.run(main())


def test_a_change_becomes_a_change_message_with_its_json_body():
    async def main() -> None:
        bus = LocalEventBus()
        messages = stream(bus, FakeCheck())
        await anext(messages)
        bus.publish(Change(LIST, 7, origin="tab-1"), to_users(ALICE.id))
        bus.publish(Change("UserFoodStore", 8, kind=DELETED), to_addresses(ALICE.email))

        first = await next_event(messages)
        assert first.event == "change"
        assert body(first) == {"type": LIST, "id": 7, "kind": "updated", "origin": "tab-1"}
        second = await next_event(messages)
        assert body(second) == {"type": "UserFoodStore", "id": 8, "kind": "deleted", "origin": None}
        await messages.aclose()

    asyncio.run(main())


def test_an_idle_stream_sends_keep_alive_comments():
    async def main() -> None:
        bus = LocalEventBus()
        messages = stream(bus, FakeCheck(), keepalive=0.01)
        await anext(messages)
        comment = await anext(messages)
        assert (comment.event, comment.comment) == (None, "keep-alive")
        await messages.aclose()

    asyncio.run(main())


def test_a_stream_that_fell_behind_is_told_to_resync_and_goes_on():
    async def main() -> None:
        bus = LocalEventBus()
        messages = stream(bus, FakeCheck())
        await anext(messages)
        for n in range(QUEUE_SIZE + 5):
            bus.publish(Change(LIST, n), to_users(ALICE.id))

        resync = await next_event(messages)
        assert (resync.event, resync.data) == ("resync", "{}")
        bus.publish(Change(LIST, 999), to_users(ALICE.id))
        after = await next_event(messages)  # what was dropped is not sent: the client re-reads it all
        assert (after.event, body(after)["id"]) == ("change", 999)
        await messages.aclose()

    asyncio.run(main())


def test_the_stream_ends_when_the_session_has_ended():
    async def main() -> None:
        bus = LocalEventBus()
        check = FakeCheck(None)
        messages = stream(bus, check, recheck_every=0)
        await anext(messages)
        bus.publish(Change(LIST, 1), to_users(ALICE.id))
        assert body(await next_event(messages))["id"] == 1  # the recheck comes after a message
        assert await ended(messages)
        assert check.calls == 1
        assert bus.streams == 0

    asyncio.run(main())


def test_the_session_is_not_rechecked_before_its_time():
    async def main() -> None:
        bus = LocalEventBus()
        check = FakeCheck()  # fails if called
        messages = stream(bus, check, keepalive=0.01, recheck_every=3600)
        await anext(messages)
        bus.publish(Change(LIST, 1), to_users(ALICE.id))
        assert body(await next_event(messages))["id"] == 1
        await anext(messages)  # a keep-alive: waited again without a recheck
        assert check.calls == 0
        await messages.aclose()

    asyncio.run(main())


@pytest.mark.parametrize(
    "now",
    [
        Member(id=ALICE.id, email="alice.new@example.org", verified=True),  # a new, verified address
        Member(id=ALICE.id, email="alice.new@example.org", verified=False),  # changed, not verified yet
        Member(id=ALICE.id, email=ALICE.email, verified=False),
    ],
    ids=["changed", "changed-unverified", "unverified"],
)
def test_a_recheck_follows_the_members_address(now):
    async def main() -> None:
        bus = LocalEventBus()
        check = FakeCheck(now)
        messages = stream(bus, check, keepalive=0.01, recheck_every=0)
        await anext(messages)
        await anext(messages)  # a keep-alive; the recheck comes when the stream goes on
        await anext(messages)  # another: it rechecked, readdressed and waited again
        assert check.calls == 1

        bus.publish(Change(LIST, 1), to_addresses(ALICE.email))  # the old address counts no more
        bus.publish(Change(LIST, 2), to_addresses("alice.new@example.org"))
        bus.publish(Change(LIST, 3), to_users(ALICE.id))  # the account does
        got = [body(await next_event(messages))["id"]]
        while got[-1] != 3:
            got.append(body(await next_event(messages))["id"])
        assert got == ([2, 3] if now.verified else [3])
        await messages.aclose()

    asyncio.run(main())


def test_a_recheck_lets_a_newly_verified_address_count():
    async def main() -> None:
        bus = LocalEventBus()
        pending = Member(id=ALICE.id, email=ALICE.email, verified=False)
        messages = stream(bus, FakeCheck(ALICE), pending, keepalive=0.01, recheck_every=0)
        await anext(messages)
        await anext(messages)
        await anext(messages)
        bus.publish(Change(LIST, 1), to_addresses(ALICE.email))
        assert body(await next_event(messages))["id"] == 1
        await messages.aclose()

    asyncio.run(main())


def test_closing_the_bus_ends_a_waiting_stream():
    async def main() -> None:
        bus = WatchedBus()
        messages = stream(bus, FakeCheck())
        await anext(messages)
        ending = asyncio.ensure_future(ended(messages))
        await bus.waiting.wait()
        bus.close()
        assert await ending
        assert bus.streams == 0

    asyncio.run(main())


def test_a_stream_closed_early_leaves_the_bus():
    async def main() -> None:
        bus = LocalEventBus()
        messages = stream(bus, FakeCheck())
        await anext(messages)
        bus.publish(Change(LIST, 1), to_users(ALICE.id))
        await next_event(messages)
        assert bus.streams == 1
        await messages.aclose()  # the client went away
        assert bus.streams == 0
        bus.publish(Change(LIST, 2), Audience(frozenset({ALICE.id}), frozenset({ALICE.email})))  # reaches nobody

    asyncio.run(main())


def test_a_stream_cancelled_while_waiting_leaves_the_bus():
    async def main() -> None:
        bus = WatchedBus()
        messages = stream(bus, FakeCheck())
        await anext(messages)
        waiting = asyncio.ensure_future(anext(messages))  # the client leaves while it waits
        await bus.waiting.wait()
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        assert bus.streams == 0

    asyncio.run(main())
