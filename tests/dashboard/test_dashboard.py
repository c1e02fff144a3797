"""GET /api/pwa/dashboard (part 2 §2 'Dashboard and notifications', §4 'Dashboard'; DESIGN "Part 2"):
the caller's own and shared lists, newest change first, with their item counts and whose they are,
and the default store's card with the badge counts of GET /stores, in one call."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.stores.support import (
    LISTS,
    STORES,
    Statements,
    added_on,
    local_today,
    new_list,
    new_store,
    receive,
    seed_kitchen,
)

DASHBOARD = "/api/pwa/dashboard"
PLANS = "/api/pwa/user-mealplans/"
SHARE = "/api/pwa/share"
SET_DEFAULT = "/api/pwa/share/default"


def dashboard(client: Any, member: Any) -> dict[str, Any]:
    response = client.get(DASHBOARD, headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


def share(client: Any, owner: Any, entity_id: int, entity_type: str, email: str, can_edit: bool = False) -> None:
    body = {"entity_id": entity_id, "type": entity_type, "shared_with": [{"email": email, "canEdit": can_edit}]}
    response = client.put(SHARE, json=body, headers=owner.headers)
    assert response.status_code == 200, response.text


def rows(data: dict[str, Any]) -> list[tuple[str, int, bool, str]]:
    return [(row["name"], row["item_count"], row["shared"], row["owner_name"]) for row in data["lists"]]


@pytest.fixture
def household(member_factory):
    """Alice and Bob share lists and stores; Eve shares nothing with anyone."""
    return (
        member_factory("alice_1", "alice@example.org", verified=True),
        member_factory("bobby_1", "bob@example.org", verified=True),
        member_factory("eveline_1", "eve@example.org", verified=True),
    )


def test_anonymous_and_a_dead_token_get_401(client):
    anonymous = client.get(DASHBOARD)
    assert anonymous.status_code == 401
    assert anonymous.json() == {"message": "Please log in to continue."}
    assert client.get(DASHBOARD, headers={"Authorization": "Bearer not-a-token"}).status_code == 401


def test_a_new_member_sees_an_empty_dashboard(client, member):
    assert dashboard(client, member) == {"today": [], "tomorrow": [], "lists": [], "default_store": None}


def test_own_and_shared_lists_with_counts_owner_and_shared_flag(client, household, kitchen):
    alice, bob, eve = household
    new_list(client, alice, "Weekly shop", [{"value": kitchen.value("Milk")}, {"name": "Candles"}])
    bobs = new_list(client, bob, "Party", [{"value": kitchen.value(n)} for n in ("Egg", "Flour", "Bacon")])
    new_list(client, bob, "Bob alone", [{"name": "Socks"}])
    new_list(client, eve, "Eve secret", [{"name": "Poison"}])
    share(client, bob, bobs["user_shoppinglist_id"], "UserShoppinglist", alice.email)

    data = dashboard(client, alice)
    assert rows(data) == [("Party", 3, True, bob.name), ("Weekly shop", 2, False, alice.name)]
    party = data["lists"][0]
    assert party["user_shoppinglist_id"] == bobs["user_shoppinglist_id"]
    # The owner sees the same list as their own.
    assert rows(dashboard(client, bob)) == [("Bob alone", 1, False, bob.name), ("Party", 3, False, bob.name)]


def test_a_strangers_lists_and_store_never_appear(client, household, kitchen):
    alice, _, eve = household
    new_list(client, eve, "Eve secret", [{"name": "Poison"}])
    new_store(client, eve, "Eve cellar")
    answer = client.get(DASHBOARD, headers=alice.headers)
    assert answer.json()["data"] == {"today": [], "tomorrow": [], "lists": [], "default_store": None}
    assert "Eve " not in answer.text and "Poison" not in answer.text


def test_a_share_to_an_unverified_address_grants_nothing(client, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    other = member_factory("other_1", "other@example.org", verified=False)
    listed = new_list(client, owner, "Weekly shop")
    share(client, owner, listed["user_shoppinglist_id"], "UserShoppinglist", other.email)
    assert dashboard(client, other)["lists"] == []


def test_lists_are_sorted_by_last_update_newest_first(client, household, kitchen):
    alice, bob, _ = household
    first = new_list(client, alice, "First")
    new_list(client, alice, "Second")
    theirs = new_list(client, bob, "Theirs")
    share(client, bob, theirs["user_shoppinglist_id"], "UserShoppinglist", alice.email, can_edit=True)
    assert [row["name"] for row in dashboard(client, alice)["lists"]] == ["Theirs", "Second", "First"]

    renamed = client.put(f"{LISTS}/{first['user_shoppinglist_id']}", json={"name": "First"}, headers=alice.headers)
    assert renamed.status_code == 200, renamed.text
    assert [row["name"] for row in dashboard(client, alice)["lists"]] == ["First", "Theirs", "Second"]

    # Alice adds to Bob's list: it is the most recently changed one, for both of them.
    tea = {"ingredients": [{"name": "Tea"}]}
    merged = client.post(f"{LISTS}/{theirs['user_shoppinglist_id']}/merge", json=tea, headers=alice.headers)
    assert merged.status_code == 200, merged.text
    data = dashboard(client, alice)
    assert [(row["name"], row["item_count"]) for row in data["lists"]] == [("Theirs", 1), ("First", 0), ("Second", 0)]
    stamps = [row["updated_at"] for row in data["lists"]]
    assert stamps == sorted(stamps, reverse=True)
    # The dashboard's order is the lists page's order.
    listed = client.get(LISTS, headers=alice.headers).json()["data"]
    assert [row["user_shoppinglist_id"] for row in data["lists"]] == [sl["user_shoppinglist_id"] for sl in listed]


def test_the_default_store_card_carries_the_badges_of_the_stores_list(client, member, kitchen, settings):
    day = local_today(settings)

    def kept(name: str, days_ago: int, days: int) -> dict[str, Any]:
        added = added_on(day - timedelta(days=days_ago))
        return {"value": kitchen.value(name), "date_added": added, "estimated_expiry_days": days}

    pantry = new_store(client, member, "Pantry")  # the first store: the default
    receive(
        client,
        member,
        pantry["id"],
        [kept("Milk", 30, 7), kept("Egg", 20, 7), kept("Bacon", 0, 2), kept("Flour", 0, 200)],
    )
    fridge = new_store(client, member, "Fridge")
    receive(client, member, fridge["id"], [{"name": "Jam", "date_added": added_on(day - timedelta(days=60))}])

    card = dashboard(client, member)["default_store"]
    expected = {"id": pantry["id"], "name": "Pantry", "kind": "pantry", "item_count": 4, "expiring": 1, "expired": 2}
    assert card == expected
    listed = {s["id"]: s for s in client.get(STORES, headers=member.headers).json()["data"]}
    assert (card["expiring"], card["expired"]) == (listed[pantry["id"]]["expiring"], listed[pantry["id"]]["expired"])

    # Another default: its card follows, and changes to its stock show at once.
    assert (
        client.put(
            SET_DEFAULT, json={"entity_id": fridge["id"], "entity_type": "UserFoodStore"}, headers=member.headers
        ).status_code
        == 200
    )
    assert dashboard(client, member)["default_store"] == {
        "id": fridge["id"],
        "name": "Fridge",
        "kind": "fridge",
        "item_count": 1,
        "expiring": 0,
        "expired": 1,
    }
    receive(client, member, fridge["id"], [{"name": "Butter"}])
    assert dashboard(client, member)["default_store"]["item_count"] == 2


def test_a_shared_default_store_shows_until_the_share_ends(client, household, kitchen):
    alice, bob, _ = household
    bobs = new_store(client, bob, "Garage freezer", kind="freezer")
    receive(client, bob, bobs["id"], [{"value": kitchen.value("Chicken breast")}])
    share(client, bob, bobs["id"], "UserFoodStore", alice.email, can_edit=True)
    assert (
        client.put(
            SET_DEFAULT, json={"entity_id": bobs["id"], "entity_type": "UserFoodStore"}, headers=alice.headers
        ).status_code
        == 200
    )
    card = dashboard(client, alice)["default_store"]
    assert (card["id"], card["name"], card["kind"], card["item_count"]) == (bobs["id"], "Garage freezer", "freezer", 1)

    # Bob stops sharing: Alice's choice still names the store, but she may no longer see it.
    body = {"entity_id": bobs["id"], "type": "UserFoodStore", "shared_with": [], "unshared_with": [alice.email]}
    assert client.put(SHARE, json=body, headers=bob.headers).status_code == 200
    answer = client.get(DASHBOARD, headers=alice.headers)
    assert answer.json()["data"]["default_store"] is None
    assert "Garage freezer" not in answer.text


def test_the_dashboard_costs_the_same_few_statements_for_a_small_and_a_large_household(
    client, member_factory, settings, tmp_path: Path
):
    kitchen = seed_kitchen(settings, tmp_path, extra=40)
    counts = []
    for size, who in ((2, "small"), (40, "large")):
        member = member_factory(f"{who}_1", f"{who}@example.org", verified=True)
        store = new_store(client, member, f"Pantry {who}")
        receive(client, member, store["id"], [{"value": kitchen.value(f"Staple {n:02d}")} for n in range(1, size + 1)])
        for n in range(size // 2):
            new_list(client, member, f"List {n}", [{"name": f"Thing {k}"} for k in range(size)])
            start = local_today(settings) - timedelta(days=3)
            meals = [
                {"day": d, "recipes": [{"name": f"Dish {k}", "type": "CUSTOM"} for k in range(3)]} for d in range(7)
            ]
            body = {"name": f"Plan {n}", "start_date": str(start), "end_date": str(start + timedelta(days=6))}
            assert client.post(PLANS, json={**body, "recipes": meals}, headers=member.headers).status_code == 201
        with Statements() as statements:
            data = dashboard(client, member)
        assert len(data["lists"]) == size // 2
        assert len(data["today"]) == len(data["tomorrow"]) == size // 2 * 3
        assert data["default_store"]["item_count"] == size
        counts.append(len(statements))
    assert counts[0] == counts[1], counts
    # The session, then one or two statements each for plans, lists and the default store.
    assert counts[1] <= 10, counts
