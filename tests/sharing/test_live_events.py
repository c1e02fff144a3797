"""GET /api/pwa/events end to end: a real `larder serve`, real streams read as they arrive.

Each stream is read by a thread that parses the server-sent events into a queue; a test waits on
that queue with a timeout. That nobody else was told is shown with a barrier: after the write
under test, the member makes a change of their own, which their stream must show first.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import queue
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from larder.core.process.server import GRACEFUL_SHUTDOWN_SECONDS
from tests import postgres_cluster
from tests.factories import Member, make_member
from tests.serving import Served
from tests.stores.support import LISTS, STORES, Kitchen, seed_kitchen
from tests.support import make_settings

EVENTS = "/api/pwa/events"
SHARE = "/api/pwa/share"
LIST = "UserShoppinglist"
STORE = "UserFoodStore"
WAIT = 10.0  # seconds a test waits for an event before it fails; it goes on as soon as one comes
CLIENT = "X-Larder-Client"


class Stream:
    """One open event stream, read by a thread into `events`: ("ready"|"change"|"resync", data),
    then ("end", None) when the server ended it cleanly or ("error", text) when it broke."""

    def __init__(self, url: str, token: str | None) -> None:
        self.events: queue.Queue[tuple[str, Any]] = queue.Queue()
        self.opened: queue.Queue[httpx.Response | None] = queue.Queue()
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.thread = threading.Thread(target=self._read, args=(url, headers), daemon=True)
        self.thread.start()
        opened = self.opened.get(timeout=WAIT)
        assert opened is not None, self.events.get_nowait()
        self.response = opened

    def _read(self, url: str, headers: dict[str, str]) -> None:
        try:
            with (
                httpx.Client(timeout=httpx.Timeout(WAIT, read=None)) as http,
                http.stream("GET", url + EVENTS, headers=headers) as response,
            ):
                if response.status_code != 200:
                    response.read()
                    self.opened.put(response)
                    return
                self.opened.put(response)
                event, data = "message", []
                for line in response.iter_lines():
                    if line == "":
                        if data:
                            self.events.put((event, "\n".join(data)))
                        event, data = "message", []
                    elif line.startswith(":"):
                        continue  # a keep-alive comment
                    else:
                        field, _, value = line.partition(":")
                        value = value.removeprefix(" ")
                        if field == "event":
                            event = value
                        elif field == "data":
                            data.append(value)
            self.events.put(("end", None))
        except Exception as exc:  # reported to the test through the queue
            self.events.put(("error", repr(exc)))
            self.opened.put(None)  # unblocks the constructor if it failed before the answer

    def next(self) -> tuple[str, Any]:
        try:
            return self.events.get(timeout=WAIT)
        except queue.Empty:
            raise AssertionError(f"no event within {WAIT} s") from None

    def change(self) -> dict[str, Any]:
        event, data = self.next()
        assert event == "change", (event, data)
        return json.loads(data)

    def changes(self, count: int) -> list[dict[str, Any]]:
        return [self.change() for _ in range(count)]


class Live:
    """The module's server, its kitchen, and new accounts with open streams."""

    def __init__(self, served: Served, settings: Any, kitchen: Kitchen) -> None:
        self.served = served
        self.settings = settings
        self.kitchen = kitchen
        self.http = httpx.Client(base_url=served.url, timeout=WAIT)
        self.numbers = itertools.count(1)
        self.streams: list[Stream] = []

    def member(self, role: str, *, verified: bool = True, email: str | None = None) -> Member:
        name = f"{role}_{next(self.numbers):03d}"
        return make_member(self.settings, name, email or f"{name}@example.org", verified=verified)

    def stream(self, token: str | None) -> Stream:
        opened = Stream(self.served.url, token)
        self.streams.append(opened)
        return opened

    def listen(self, member: Member) -> Stream:
        """A stream of the member's, once it said `ready`."""
        opened = self.stream(member.token)
        assert opened.response.status_code == 200
        assert opened.next() == ("ready", "{}")
        return opened

    def call(self, member: Member, method: str, path: str, json: Any = None, client: str | None = None) -> Any:
        headers = dict(member.headers)
        if client is not None:
            headers[CLIENT] = client
        return self.http.request(method, path, json=json, headers=headers)

    def ok(self, member: Member, method: str, path: str, json: Any = None, client: str | None = None) -> Any:
        answer = self.call(member, method, path, json, client)
        assert answer.status_code in (200, 201, 204), answer.text
        return answer.json() if answer.content else None

    def new_list(self, member: Member, ingredients: list[Any] | None = None) -> int:
        made = self.ok(member, "POST", LISTS, {"name": "Weekly shop", "ingredients": ingredients or []})
        return made["data"]["user_shoppinglist_id"]

    def new_store(self, member: Member, name: str = "Pantry") -> int:
        return self.ok(member, "POST", STORES, {"name": name, "description": "Kitchen shelves"})["data"]["id"]

    def share(self, owner: Member, entity_id: int, email: str, *, can_edit: bool = False, kind: str = LIST) -> None:
        body = {"entity_id": entity_id, "type": kind, "shared_with": [{"email": email, "canEdit": can_edit}]}
        self.ok(owner, "PUT", SHARE, body)

    def unshare(self, owner: Member, entity_id: int, email: str, kind: str = LIST) -> None:
        self.ok(
            owner, "PUT", SHARE, {"entity_id": entity_id, "type": kind, "shared_with": [], "unshared_with": [email]}
        )

    def barrier(self, member: Member, stream: Stream) -> None:
        """The member makes a list of their own: it must be the next thing their stream shows, so
        nothing was sent to them before it."""
        own = self.new_list(member)
        assert stream.change() == {"type": LIST, "id": own, "kind": "updated", "origin": None}


def change(entity_id: int, kind: str = "updated", type_: str = LIST, origin: str | None = None) -> dict[str, Any]:
    return {"type": type_, "id": entity_id, "kind": kind, "origin": origin}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory, migrated_db: Path) -> Iterator[Live]:
    root = tmp_path_factory.mktemp("live")
    with contextlib.ExitStack() as held:
        database = held.enter_context(postgres_cluster.own_database())
        settings = make_settings(str(root / "data"), template_db=migrated_db, **database)
        kitchen = seed_kitchen(settings, root)  # a catalogue already: the server loads no starter one
        served = held.enter_context(Served(settings.data_dir, **database))
        world = Live(served, settings, kitchen)
        yield world
        world.http.close()
        served.stop()
        # Every stream still open ended cleanly when the server stopped.
        for opened in world.streams:
            opened.thread.join(timeout=WAIT)
            assert not opened.thread.is_alive()


def test_a_stream_needs_a_session(live):
    for token in (None, "not-a-token"):
        refused = live.stream(token)
        assert refused.response.status_code == 401
        assert "message" in refused.response.json()


def test_ready_comes_first_and_a_write_carries_the_tab_that_made_it(live):
    owner = live.member("owner")
    stream = live.stream(owner.token)
    assert stream.response.status_code == 200
    assert stream.response.headers["content-type"].startswith("text/event-stream")
    assert stream.response.headers["cache-control"] == "no-store"
    assert stream.next() == ("ready", "{}")

    made = live.ok(owner, "POST", LISTS, {"name": "Weekly shop", "ingredients": []}, client="tab-1_A")
    list_id = made["data"]["user_shoppinglist_id"]
    assert stream.change() == change(list_id, origin="tab-1_A")
    for sent in ("not valid!", "x" * 65, "", None):
        live.ok(owner, "PUT", f"{LISTS}/{list_id}", {"name": "Party food"}, client=sent)
        assert stream.change() == change(list_id, origin=None), sent


@pytest.mark.parametrize("can_edit", [False, True], ids=["viewer", "editor"])
def test_a_shared_list_is_followed_by_its_members_and_nobody_else(live, can_edit):
    owner, friend, stranger = live.member("owner"), live.member("friend"), live.member("stranger")
    owner_stream, friend_stream, stranger_stream = live.listen(owner), live.listen(friend), live.listen(stranger)
    flour = live.kitchen.value("Flour")
    list_id = live.new_list(owner)
    assert owner_stream.change() == change(list_id)

    live.share(owner, list_id, friend.email, can_edit=can_edit)
    assert owner_stream.change() == change(list_id)
    assert friend_stream.change() == change(list_id)  # it appears in the friend's lists

    url = f"{LISTS}/{list_id}"
    writes = [
        {"ingredients": [{"value": flour, "quantity": 2, "unit": "kg"}]},  # an item added
        {"ingredients": [{"value": flour, "checked": True}]},  # ticked
        {"name": "Party food"},  # renamed
    ]
    for write in writes:
        live.ok(owner, "PUT", url, write, client="owner-tab")
        assert owner_stream.change() == change(list_id, origin="owner-tab")
        assert friend_stream.change() == change(list_id, origin="owner-tab")

    friend_write = live.call(friend, "PUT", url, {"name": "Friends food"}, client="friend-tab")
    if can_edit:
        assert friend_write.status_code == 200, friend_write.text
        assert owner_stream.change() == change(list_id, origin="friend-tab")
        assert friend_stream.change() == change(list_id, origin="friend-tab")
    else:
        assert friend_write.status_code == 403  # refused: nobody is told
    live.barrier(owner, owner_stream)
    live.barrier(friend, friend_stream)
    live.barrier(stranger, stranger_stream)  # the stranger never heard of the list


def test_an_unverified_address_is_told_nothing_of_what_is_shared_with_it(live):
    owner = live.member("owner")
    pretender = live.member("pretend", verified=False)
    pretender_stream = live.listen(pretender)
    list_id = live.new_list(owner)
    live.share(owner, list_id, pretender.email, can_edit=True)
    live.ok(owner, "PUT", f"{LISTS}/{list_id}", {"name": "Party food"})
    live.barrier(pretender, pretender_stream)


def test_an_unshared_member_is_told_once_and_then_nothing(live):
    owner, friend = live.member("owner"), live.member("friend")
    friend_stream = live.listen(friend)
    list_id = live.new_list(owner)
    live.share(owner, list_id, friend.email)
    assert friend_stream.change() == change(list_id)

    live.unshare(owner, list_id, friend.email)
    assert friend_stream.change() == change(list_id)  # so their app drops the list
    live.ok(owner, "PUT", f"{LISTS}/{list_id}", {"name": "Party food"})
    live.barrier(friend, friend_stream)


def test_a_deleted_list_or_store_is_told_as_deleted_to_the_owner_and_its_members(live):
    owner, friend = live.member("owner"), live.member("friend")
    list_id = live.new_list(owner)
    live.new_store(owner, "Pantry")  # the default store, which may not be deleted
    store_id = live.new_store(owner, "Freezer")
    live.share(owner, list_id, friend.email)
    live.share(owner, store_id, friend.email, kind=STORE)
    owner_stream, friend_stream = live.listen(owner), live.listen(friend)

    live.ok(owner, "DELETE", f"{LISTS}/{list_id}")
    live.ok(owner, "DELETE", f"{STORES}/{store_id}")
    for stream in (owner_stream, friend_stream):
        assert stream.changes(2) == [change(list_id, "deleted"), change(store_id, "deleted", STORE)]
    live.barrier(friend, friend_stream)


def test_a_member_who_leaves_tells_the_owner(live):
    owner, friend = live.member("owner"), live.member("friend")
    list_id = live.new_list(owner)
    live.share(owner, list_id, friend.email)
    owner_stream, friend_stream = live.listen(owner), live.listen(friend)

    live.ok(friend, "PUT", f"{SHARE}/remove", {"entity_id": list_id, "entity_type": LIST}, client="friend-tab")
    assert owner_stream.change() == change(list_id, origin="friend-tab")  # its sharing changed
    assert friend_stream.change() == change(list_id, origin="friend-tab")  # their other tabs drop it
    live.ok(owner, "PUT", f"{LISTS}/{list_id}", {"name": "Party food"})
    assert owner_stream.change() == change(list_id)
    live.barrier(friend, friend_stream)


def test_stock_received_into_a_shared_store_is_told_to_both(live):
    owner, friend = live.member("owner"), live.member("friend")
    store_id = live.new_store(owner)
    live.share(owner, store_id, friend.email, can_edit=True, kind=STORE)
    owner_stream, friend_stream = live.listen(owner), live.listen(friend)

    items = {"items": [{"value": live.kitchen.value("Flour"), "quantity": 1, "unit": "kg"}]}
    live.ok(friend, "POST", f"{STORES}/{store_id}/items", items, client="friend-tab")
    assert owner_stream.change() == change(store_id, type_=STORE, origin="friend-tab")
    assert friend_stream.change() == change(store_id, type_=STORE, origin="friend-tab")


def test_a_default_store_is_told_to_the_callers_own_streams_only(live):
    owner, friend = live.member("owner"), live.member("friend")
    store_id = live.new_store(owner)
    live.share(owner, store_id, friend.email, can_edit=True, kind=STORE)
    owner_stream, friend_stream, friend_other_tab = live.listen(owner), live.listen(friend), live.listen(friend)

    body = {"entity_id": store_id, "entity_type": STORE}
    assert live.ok(friend, "PUT", f"{SHARE}/default", body) == {"data": {"id": store_id, "default": True}}
    assert friend_stream.change() == change(store_id, type_=STORE)
    assert friend_other_tab.change() == change(store_id, type_=STORE)
    live.barrier(owner, owner_stream)  # the owner's default did not change


@pytest.mark.parametrize("delete_list", [False, True], ids=["kept", "deleted"])
def test_a_completed_shop_tells_of_the_list_and_the_store(live, delete_list):
    owner, friend = live.member("owner"), live.member("friend")
    flour = live.kitchen.value("Flour")
    store_id = live.new_store(owner)
    list_id = live.new_list(owner, [{"value": flour, "quantity": 1, "unit": "kg"}])
    live.share(owner, list_id, friend.email, can_edit=True)
    live.share(owner, store_id, friend.email, can_edit=True, kind=STORE)
    owner_stream, friend_stream = live.listen(owner), live.listen(friend)

    body = {"request_id": f"shop-{list_id:04d}", "checked": [flour], "store_id": store_id, "delete_list": delete_list}
    done = live.ok(owner, "POST", f"{LISTS}/{list_id}/complete", body, client="owner-tab")
    assert (done["data"]["stored"], done["data"]["list_deleted"]) == (1, delete_list)
    expected = [
        change(store_id, type_=STORE, origin="owner-tab"),
        change(list_id, "deleted" if delete_list else "updated", origin="owner-tab"),
    ]
    for stream in (owner_stream, friend_stream):
        assert stream.changes(2) == expected
    # The same request again changes nothing and tells nobody.
    assert live.ok(owner, "POST", f"{LISTS}/{list_id}/complete", body)["data"] == done["data"]
    live.barrier(owner, owner_stream)
    live.barrier(friend, friend_stream)


def test_a_refused_write_tells_nobody(live):
    owner, friend = live.member("owner"), live.member("friend")
    flour, milk = live.kitchen.value("Flour"), live.kitchen.value("Milk")
    store_id = live.new_store(owner)
    list_id = live.new_list(owner, [{"value": flour, "quantity": 1, "unit": "kg"}, {"value": milk}])
    live.share(owner, list_id, friend.email, can_edit=True)
    live.share(owner, store_id, friend.email, can_edit=True, kind=STORE)
    owner_stream, friend_stream = live.listen(owner), live.listen(friend)

    invalid = live.call(owner, "PUT", f"{LISTS}/{list_id}", {"name": "Party food!"})
    assert invalid.status_code == 422, invalid.text
    # Refused only after the store took the stock (and recorded the change): the unchecked milk
    # goes to a list that does not exist, and the whole request rolls back.
    body = {"request_id": "shop-refused", "checked": [flour], "store_id": store_id, "move_unchecked_to": 999_999}
    late = live.call(owner, "POST", f"{LISTS}/{list_id}/complete", body)
    assert late.status_code == 404, late.text
    assert live.ok(owner, "GET", f"{STORES}/{store_id}")["data"]["items"] == []
    live.barrier(owner, owner_stream)
    live.barrier(friend, friend_stream)


def test_stopping_the_server_ends_an_open_stream_cleanly(tmp_path, migrated_db, database_env):
    settings = make_settings(str(tmp_path / "data"), template_db=migrated_db, **database_env)
    seed_kitchen(settings, tmp_path)
    owner = make_member(settings, "owner_1", "owner@example.org", verified=True)
    served = Served(settings.data_dir, **database_env).start()
    try:
        stream = Stream(served.url, owner.token)
        assert stream.next() == ("ready", "{}")
        started = time.monotonic()
        served.stop()
        stopped_in = time.monotonic() - started
        assert stream.next() == ("end", None)  # the last chunk arrived: not a reset
        stream.thread.join(timeout=WAIT)
        # uvicorn shuts down, then ends with the signal it caught; it did not wait out its grace.
        assert served.process is not None and served.process.returncode == -signal.SIGTERM
        assert stopped_in < GRACEFUL_SHUTDOWN_SECONDS
    finally:
        served.stop()
    assert "timeout graceful shutdown exceeded" not in served.log()
