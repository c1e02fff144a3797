"""A stranger (another member, nothing shared) learns nothing and changes nothing (part 2 §6; DESIGN "Part 2")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.stores.support import LISTS, STORES, new_list, new_store, receive, snapshot
from tests.support import sql


@pytest.fixture
def owned(client, member_factory, kitchen) -> dict[str, Any]:
    """Alice's pantry (her default) with stock, her list, and Bob, a member of the same instance."""
    alice = member_factory("alice_1", "alice@example.org", verified=True)
    bob = member_factory("bobby_1", "bob@example.org", verified=True)
    pantry = new_store(client, alice, "Pantry")
    fridge = new_store(client, alice, "Fridge")
    (flour,) = receive(client, alice, pantry["id"], [{"value": kitchen.value("Flour")}])["items"]
    weekly = new_list(client, alice, "Weekly", [{"value": kitchen.value("Flour")}, {"value": kitchen.value("Milk")}])
    # Bob's own list and store, as targets of his attempts.
    bobs_store = new_store(client, bob, "Larder")
    bobs_list = new_list(client, bob, "Mine")
    return {
        "alice": alice,
        "bob": bob,
        "pantry": pantry["id"],
        "fridge": fridge["id"],
        "flour_item": flour["id"],
        "list": weekly["user_shoppinglist_id"],
        "bobs_store": bobs_store["id"],
        "bobs_list": bobs_list["user_shoppinglist_id"],
    }


def attempts(owned: dict[str, Any], flour: str) -> list[tuple[str, str, dict[str, Any] | None]]:
    pantry, fridge, weekly = owned["pantry"], owned["fridge"], owned["list"]
    return [
        ("GET", f"{LISTS}/{weekly}", None),
        ("PUT", f"{LISTS}/{weekly}", {"name": "Mine now"}),
        ("PUT", f"{LISTS}/{weekly}", {"ingredients_to_remove": [flour]}),
        ("DELETE", f"{LISTS}/{weekly}", None),
        ("POST", f"{LISTS}/{weekly}/merge", {"ingredients": [{"value": flour, "quantity": 5}]}),
        (
            "POST",
            f"{LISTS}/{weekly}/complete",
            {"request_id": "stranger-1", "checked": [flour], "store_id": owned["bobs_store"]},
        ),
        ("POST", f"{LISTS}/{weekly}/complete", {"request_id": "stranger-2", "delete_list": True}),
        ("GET", f"{STORES}/{pantry}", None),
        ("PUT", f"{STORES}/{pantry}", {"name": "Mine now"}),
        ("PUT", f"{STORES}/{pantry}", {"items": [{"id": owned["flour_item"], "quantity": 99}]}),
        ("PUT", f"{STORES}/{pantry}", {"items_to_remove": [owned["flour_item"]]}),
        ("DELETE", f"{STORES}/{fridge}", None),
        ("GET", f"{STORES}/{pantry}/default", None),
        ("POST", f"{STORES}/{pantry}/items", {"items": [{"value": flour}]}),
        ("PUT", "/api/pwa/share/default", {"entity_id": fridge, "entity_type": "UserFoodStore"}),
    ]


def test_a_stranger_gets_404_everywhere_and_nothing_changes(client, owned, kitchen, settings):
    bob = owned["bob"]
    before = snapshot(settings)
    for method, url, body in attempts(owned, kitchen.value("Flour")):
        response = client.request(method, url, json=body, headers=bob.headers)
        assert response.status_code == 404, (method, url, response.status_code, response.text)
        assert set(response.json()) == {"message"}
        assert snapshot(settings) == before, (method, url)


def test_a_stranger_cannot_use_someone_elses_store_or_list_in_their_own_shop(client, owned, kitchen, settings):
    bob = owned["bob"]
    flour = kitchen.value("Flour")
    shop = new_list(client, bob, "Shop", [{"value": flour}, {"value": kitchen.value("Egg")}])
    before = snapshot(settings)
    for body in (
        {"request_id": "stranger-3", "checked": [flour], "store_id": owned["pantry"]},
        {"request_id": "stranger-4", "move_unchecked_to": owned["list"]},
        {
            "request_id": "stranger-5",
            "checked": [flour],
            "store_id": owned["bobs_store"],
            "move_unchecked_to": owned["list"],
        },
    ):
        response = client.post(f"{LISTS}/{shop['user_shoppinglist_id']}/complete", json=body, headers=bob.headers)
        assert response.status_code == 404, response.text
        assert snapshot(settings) == before


def test_a_stranger_sees_none_of_it_in_the_lists_and_notifications(client, owned, settings):
    bob = owned["bob"]
    assert [s["id"] for s in client.get(STORES, headers=bob.headers).json()["data"]] == [owned["bobs_store"]]
    assert [sl["user_shoppinglist_id"] for sl in client.get(LISTS, headers=bob.headers).json()["data"]] == [
        owned["bobs_list"]
    ]
    sql(settings, "update store_item set estimated_expiry_days = 0")
    assert client.get("/api/pwa/notifications", headers=bob.headers).json() == {"data": {"expired": [], "expiring": []}}
    alices = client.get("/api/pwa/notifications", headers=owned["alice"].headers).json()["data"]
    assert [e["name"] for e in alices["expiring"]] == ["Flour"]


def test_without_a_session_every_call_is_a_401(client, owned, kitchen):
    for method, url, body in attempts(owned, kitchen.value("Flour")):
        response = client.request(method, url, json=body)
        assert response.status_code == 401, (method, url)
