"""What the three reads of a household's plans cost in statements: the same for a 2-day plan as for
a 14-day one, whatever recipes the plan holds (no statement per recipe, per day or per ingredient).

Each plan mixes every kind of entry: catalogue, own and imported recipes with ingredient lines,
custom entries and external links; the caller has stock of what the recipes need, in a store of
their own and one shared with them to edit, and lists of their own and shared.
"""

from __future__ import annotations

from typing import Any

import pytest

from larder.core.base.settings import Settings
from tests.mealplans.rows import PLANS, Planned, catalogue_recipe, imported_recipe, make_plan, own_recipe, share
from tests.stores.support import Kitchen, Statements, local_today, new_list, new_store, receive

DASHBOARD = "/api/pwa/dashboard"
KINDS = ("A9", "USER", "IMPORTED", "CUSTOM", "EXTERNAL_LINK")


@pytest.fixture
def household(client, member_factory, kitchen: Kitchen) -> dict[str, Any]:
    alice = member_factory("alice_1", "alice@example.org", verified=True)
    bob = member_factory("bobby_1", "bob@example.org", verified=True)
    pantry = new_store(client, alice, "Pantry")
    receive(client, alice, pantry["id"], [{"value": kitchen.value(n), "quantity": 3} for n in kitchen.ingredients])
    theirs = new_store(client, bob, "Their fridge")
    receive(client, bob, theirs["id"], [{"value": kitchen.value("Milk"), "quantity": 500, "unit": "ml"}])
    share(client, bob, "UserFoodStore", theirs["id"], alice.email, can_edit=True)
    new_list(client, alice, "Weekly shop", [{"value": kitchen.value("Flour"), "quantity": 1}])
    their_list = new_list(client, bob, "Their shop", [{"name": "Candles"}])
    share(client, bob, "UserShoppinglist", their_list["user_shoppinglist_id"], alice.email, can_edit=True)
    return {"alice": alice, "bob": bob}


def _plan(settings: Settings, kitchen: Kitchen, owner_id: int, days: int, *, dated: bool, label: str) -> int:
    """`days` days of 3 entries each, every entry a different recipe, the kinds taken in turn."""
    k = kitchen.ingredients
    entries = []
    for day in range(days):
        for place in range(3):
            kind = KINDS[(day * 3 + place) % len(KINDS)]
            name = f"{label} {day}.{place}"
            if kind == "A9":
                value: int | str | None = catalogue_recipe(
                    settings, name, [(k["Flour"], 100, "g"), (k["Egg"], 2, "unit(s)"), (k["Milk"], 50, "ml")]
                )
            elif kind == "USER":
                value = own_recipe(settings, owner_id, name, [(k["Milk"], 100, "ml"), ("Nutmeg", 1, "tsp")])
            elif kind == "IMPORTED":
                value = imported_recipe(settings, owner_id, name, ["2 rashers bacon", "1 cup milk", "2 eggs"])
            elif kind == "EXTERNAL_LINK":
                value = f"https://example.org/{label}/{day}/{place}"
            else:
                value = None
            entries.append(Planned(day, kind, value, name))
    start = local_today(settings) if dated else None
    return make_plan(settings, owner_id, entries, days=days, start=start, name=f"{label} plan")


def _counted(client: Any, member: Any, path: str) -> tuple[dict[str, Any], int]:
    client.get(path, headers=member.headers)  # anything a first call alone does is not counted
    with Statements() as statements:
        response = client.get(path, headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"], len(statements)


def test_reading_a_plan_costs_the_same_for_2_and_14_days(client, settings, kitchen, household):
    alice = household["alice"]
    counts = []
    for days in (2, 14):
        plan_id = _plan(settings, kitchen, alice.id, days, dated=True, label=f"read{days}")
        plan, count = _counted(client, alice, f"{PLANS}/{plan_id}")
        assert sum(len(day["recipes"]) for day in plan["recipes"]) == days * 3
        counts.append(count)
    assert counts[0] == counts[1], counts
    # Sign-in (2), the plan with its entries (2 with the transaction's BEGIN), the owner's shares.
    assert counts[1] <= 5, counts


def test_the_ingredient_check_costs_the_same_for_2_and_14_days(client, settings, kitchen, household):
    alice = household["alice"]
    counts = []
    for days in (2, 14):
        plan_id = _plan(settings, kitchen, alice.id, days, dated=False, label=f"check{days}")
        check, count = _counted(client, alice, f"{PLANS}/{plan_id}/ingredients")
        assert len(check["recipes"]) == days * 3
        lines = [line for recipe in check["recipes"] for line in recipe["recipe_ingredients"]]
        # Catalogue, own and imported recipes all have lines here, and stock is found for them.
        assert {recipe["type"] for recipe in check["recipes"] if recipe["recipe_ingredients"]} == {
            "A9",
            "USER",
            "IMPORTED",
        }
        assert sum(1 for line in lines if line["stock"]) >= days * 3
        assert len(check["lists"]) == 2
        counts.append(count)
    assert counts[0] == counts[1], counts
    # Sign-in (2); BEGIN; the plan with its entries; catalogue, own (and their catalogue names) and
    # imported lines, imported lines matched by name; the caller's shares; stock; lists; owners.
    assert counts[1] <= 13, counts


def test_the_dashboard_costs_the_same_for_one_short_plan_and_many_long_ones(
    client, settings, kitchen, household, member_factory
):
    counts = []
    for plans, days, who in ((1, 2, "carol"), (6, 14, "daisy")):
        member = member_factory(f"{who}_1", f"{who}@example.org", verified=True)
        new_list(client, member, "Weekly shop", [{"name": "Bread"}])
        for n in range(plans):
            _plan(settings, kitchen, member.id, days, dated=True, label=f"{who}{n}")
        board, count = _counted(client, member, DASHBOARD)
        assert len(board["today"]) == len(board["tomorrow"]) == plans * 3
        counts.append(count)
    assert counts[0] == counts[1], counts
    # Sign-in (2); BEGIN; the caller's shares; today's and tomorrow's meals; lists; default store.
    assert counts[1] <= 7, counts
