"""A store write takes the turn of what it changes (the store; the member's account for what they
own), and reads what decides it in the turn: the caller's right and the versions a stale write is
told by."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlalchemy import delete

from larder.core.base.clock import now
from larder.core.db.uow import Scope
from larder.sharing.models import Share
from larder.stores.messages import MSG_ITEM_STALE
from larder.stores.models import StoreItem
from tests.stores.support import STORES, get_store, items_by_name, meanwhile, new_store, receive, scopes_taken

SHARE = "/api/pwa/share"


def test_each_store_write_takes_the_turn_of_what_it_changes(client, member, kitchen, monkeypatch):
    account = Scope("account", member.id)
    first = new_store(client, member, "Fridge")
    taken = scopes_taken(monkeypatch)
    second = new_store(client, member, "Freezer")
    store = Scope("UserFoodStore", second["id"])
    assert taken.pop() == (account,)

    receive(client, member, second["id"], [{"value": kitchen.value("Milk")}])
    assert taken.pop() == (store,)
    renamed = client.put(f"{STORES}/{second['id']}", json={"name": "Chest freezer"}, headers=member.headers)
    assert renamed.status_code == 200, renamed.text
    assert taken.pop() == (store,)
    chosen = client.put(
        f"{SHARE}/default", json={"entity_id": second["id"], "entity_type": "UserFoodStore"}, headers=member.headers
    )
    assert chosen.status_code == 200, chosen.text
    assert taken.pop() == (account, store)
    gone = client.delete(f"{STORES}/{first['id']}", headers=member.headers)
    assert gone.status_code == 204, gone.text
    assert taken.pop() == (Scope("UserFoodStore", first["id"]), account)
    assert taken == []
    # Reads take no turn.
    get_store(client, member, second["id"])
    assert client.get(STORES, headers=member.headers).status_code == 200
    assert taken == []


def test_an_item_changed_while_a_store_write_waits_for_its_turn_makes_it_stale(
    client, member, kitchen, settings, monkeypatch
):
    store = new_store(client, member, "Fridge")
    milk = items_by_name(receive(client, member, store["id"], [{"value": kitchen.value("Milk")}]))["Milk"]["id"]
    seen = get_store(client, member, store["id"])["updated_at"]

    async def changed_elsewhere(session: Any) -> None:
        item = await session.get(StoreItem, milk)
        item.quantity = 5
        item.updated_at = now() + timedelta(seconds=1)

    meanwhile(monkeypatch, settings, changed_elsewhere)
    answer = client.put(
        f"{STORES}/{store['id']}",
        json={"items": [{"id": milk, "quantity": 3}], "updated_at": seen},
        headers=member.headers,
    )
    # The item's version is read in the turn, after the other writer's change: it is not undone.
    assert answer.status_code == 409, answer.text
    assert answer.json()["message"] == MSG_ITEM_STALE.format(name="Milk")
    assert items_by_name(get_store(client, member, store["id"]))["Milk"]["quantity"] == 5


def test_a_right_revoked_while_a_store_write_waits_for_its_turn_is_not_used(
    client, member_factory, kitchen, settings, monkeypatch
):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    store = new_store(client, owner, "Fridge")
    body = {
        "entity_id": store["id"],
        "type": "UserFoodStore",
        "shared_with": [{"email": editor.email, "canEdit": True}],
    }
    assert client.put(SHARE, json=body, headers=owner.headers).status_code == 200
    assert client.get(f"{STORES}/{store['id']}", headers=editor.headers).status_code == 200

    async def unshared(session: Any) -> None:
        await session.execute(delete(Share).where(Share.entity_id == store["id"]))

    meanwhile(monkeypatch, settings, unshared)
    answer = client.post(
        f"{STORES}/{store['id']}/items", json={"items": [{"value": kitchen.value("Milk")}]}, headers=editor.headers
    )
    # The right is checked in the turn, after the revoke: the store is a stranger's now.
    assert answer.status_code == 404, answer.text
    assert get_store(client, owner, store["id"])["items"] == []
