"""Two members of a household writing one store (DESIGN "Part 2"): a write based on an older view
of the store (`updated_at`) is refused only where it would undo a change made since, item by item."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from litestar.testing import AsyncTestClient

from larder.app import create_app
from larder.stores.messages import MSG_ITEM_STALE, MSG_STALE
from tests.stores.support import STORES, get_store, items_by_name, new_store, receive, snapshot

SHARE = "/api/pwa/share"


@pytest.fixture
def household(client, member_factory, kitchen) -> dict[str, Any]:
    """A fridge with milk and eggs, shared by its owner with an editor."""
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    store = new_store(client, owner, "Fridge")
    body = {
        "entity_id": store["id"],
        "type": "UserFoodStore",
        "shared_with": [{"email": editor.email, "canEdit": True}],
    }
    assert client.put(SHARE, json=body, headers=owner.headers).status_code == 200
    items = items_by_name(
        receive(client, owner, store["id"], [{"value": kitchen.value("Milk")}, {"value": kitchen.value("Egg")}])
    )
    return {
        "owner": owner,
        "editor": editor,
        "url": f"{STORES}/{store['id']}",
        "id": store["id"],
        "milk": items["Milk"]["id"],
        "egg": items["Egg"]["id"],
    }


def change(client, who, url: str, seen: str, items: list[dict[str, Any]], **fields: Any) -> Any:
    return client.put(url, json={"items": items, "updated_at": seen, **fields}, headers=who.headers)


def quantities(client, household) -> tuple[float, float]:
    found = items_by_name(get_store(client, household["owner"], household["id"]))
    return found["Milk"]["quantity"], found["Egg"]["quantity"]


def test_two_members_changing_different_items_both_succeed(client, household):
    owner, editor, url = household["owner"], household["editor"], household["url"]
    seen_by_owner = get_store(client, owner, household["id"])["updated_at"]
    seen_by_editor = get_store(client, editor, household["id"])["updated_at"]

    first = change(client, owner, url, seen_by_owner, [{"id": household["milk"], "quantity": 3}])
    second = change(client, editor, url, seen_by_editor, [{"id": household["egg"], "quantity": 12}])
    assert (first.status_code, second.status_code) == (200, 200), second.text
    assert quantities(client, household) == (3, 12)


def test_two_members_changing_different_items_at_once_both_succeed(settings, household):
    owner, editor, url = household["owner"], household["editor"], household["url"]

    async def rounds() -> list[tuple[int, int]]:
        answers = []
        async with AsyncTestClient(app=create_app(settings)) as client:
            for n in range(1, 11):
                views = await asyncio.gather(
                    client.get(url, headers=owner.headers), client.get(url, headers=editor.headers)
                )
                seen = [view.json()["data"]["updated_at"] for view in views]
                writes = await asyncio.gather(
                    client.put(
                        url,
                        json={"items": [{"id": household["milk"], "quantity": n}], "updated_at": seen[0]},
                        headers=owner.headers,
                    ),
                    client.put(
                        url,
                        json={"items": [{"id": household["egg"], "quantity": n + 1}], "updated_at": seen[1]},
                        headers=editor.headers,
                    ),
                )
                answers.append((writes[0].status_code, writes[1].status_code))
        return answers

    assert asyncio.run(rounds()) == [(200, 200)] * 10


def test_a_stale_write_of_the_same_item_is_refused(client, household, settings):
    owner, editor, url = household["owner"], household["editor"], household["url"]
    seen = get_store(client, editor, household["id"])["updated_at"]
    assert change(client, owner, url, seen, [{"id": household["milk"], "quantity": 3}]).status_code == 200

    before = snapshot(settings)
    stale = change(client, editor, url, seen, [{"id": household["milk"], "quantity": 5}])
    assert stale.status_code == 409
    assert stale.json() == {"message": MSG_ITEM_STALE.format(name="Milk")}
    # All of the write is refused, also its other item.
    both = change(client, editor, url, seen, [{"id": household["egg"], "quantity": 6}, {"id": household["milk"]}])
    assert both.status_code == 409
    assert snapshot(settings) == before

    fresh = get_store(client, editor, household["id"])["updated_at"]
    assert change(client, editor, url, fresh, [{"id": household["milk"], "quantity": 5}]).status_code == 200
    assert quantities(client, household) == (5, 1)


def test_a_stale_removal_of_a_changed_item_is_refused_and_of_another_is_not(client, household, settings):
    owner, editor, url = household["owner"], household["editor"], household["url"]
    seen = get_store(client, editor, household["id"])["updated_at"]
    assert change(client, owner, url, seen, [{"id": household["milk"], "quantity": 3}]).status_code == 200

    before = snapshot(settings)
    stale = change(client, editor, url, seen, [], items_to_remove=[household["milk"]])
    assert stale.status_code == 409
    assert stale.json() == {"message": MSG_ITEM_STALE.format(name="Milk")}
    assert snapshot(settings) == before
    removed = change(client, editor, url, seen, [], items_to_remove=[household["egg"]])
    assert removed.status_code == 200, removed.text
    assert [item["name"] for item in removed.json()["data"]["items"]] == ["Milk"]


def test_new_stock_is_never_stale(client, household, kitchen):
    owner, editor, url = household["owner"], household["editor"], household["url"]
    seen = get_store(client, editor, household["id"])["updated_at"]
    assert change(client, owner, url, seen, [{"id": household["milk"], "quantity": 3}]).status_code == 200
    added = change(client, editor, url, seen, [{"value": kitchen.value("Milk"), "quantity": 500, "unit": "ml"}])
    assert added.status_code == 200, added.text


def test_each_write_on_the_answer_of_the_last_is_never_stale(client, household):
    owner, url = household["owner"], household["url"]
    seen = get_store(client, owner, household["id"])["updated_at"]
    for quantity in (2, 3, 4):
        answer = change(client, owner, url, seen, [{"id": household["milk"], "quantity": quantity}])
        assert answer.status_code == 200, answer.text
        seen = answer.json()["data"]["updated_at"]
    assert quantities(client, household) == (4, 1)


def test_the_stores_own_fields_are_refused_after_any_change_since(client, household):
    owner, editor, url = household["owner"], household["editor"], household["url"]
    seen = get_store(client, editor, household["id"])["updated_at"]
    assert change(client, owner, url, seen, [{"id": household["egg"], "quantity": 6}]).status_code == 200
    renamed = change(client, editor, url, seen, [], name="Big fridge")
    assert renamed.status_code == 409
    assert renamed.json() == {"message": MSG_STALE}
