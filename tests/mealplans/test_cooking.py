"""The ingredient check and completing a plan (part 2 §4 'Ingredient check', 'Complete mealplan').

Plans and recipes are written straight to the database (tests/mealplans/rows.py); stock, lists
and shares of lists and stores go through their own calls.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from larder.core.base.errors import AppError
from larder.mealplans.models import MealPlan
from tests.mealplans.rows import (
    PLANS,
    Planned,
    catalogue_recipe,
    imported_recipe,
    make_plan,
    own_recipe,
    share,
    share_plan,
)
from tests.stores.support import (
    LISTS,
    Statements,
    added_on,
    get_list,
    get_store,
    local_today,
    new_list,
    new_store,
    receive,
    snapshot,
)
from tests.support import as_date, sql


def check(client: Any, who: Any, plan_id: int, status: int = 200) -> dict[str, Any]:
    response = client.get(f"{PLANS}/{plan_id}/ingredients", headers=who.headers)
    assert response.status_code == status, response.text
    return response.json()["data"] if status == 200 else response.json()


def complete(client: Any, who: Any, plan_id: int, body: dict[str, Any], status: int = 200) -> dict[str, Any]:
    response = client.post(f"{PLANS}/{plan_id}/complete", json=body, headers=who.headers)
    assert response.status_code == status, response.text
    return response.json()["data"] if status == 200 else response.json()


def quantities(client: Any, who: Any, store_id: int) -> dict[int, tuple[float, str]]:
    return {item["id"]: (item["quantity"], item["unit"]) for item in get_store(client, who, store_id)["items"]}


def by_name(recipe: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {line["ingredient"]["name"]: line for line in recipe["recipe_ingredients"]}


@pytest.fixture
def people(member_factory):
    return {
        "alice": member_factory("alice_1", "alice@example.org", verified=True),
        "bob": member_factory("bobby_1", "bob@example.org", verified=True),
        "carol": member_factory("carol_1", "carol@example.org", verified=True),
        "dave": member_factory("davey_1", "dave@example.org", verified=True),
    }


# -- the ingredient check ---------------------------------------------------------------------


def test_check_lists_each_recipe_once_with_its_ingredients_days_and_places(client, settings, kitchen, people):
    alice = people["alice"]
    k = kitchen.ingredients
    pancakes = catalogue_recipe(settings, "Pancakes", [(k["Flour"], 250, "g"), (k["Egg"], 2, "unit(s)")])
    custard = own_recipe(settings, alice.id, "Custard", [(k["Milk"], 500, "ml"), ("Vanilla pod", 1, "unit(s)")])
    imported = imported_recipe(
        settings,
        alice.id,
        "Carbonara",
        ["Sauce: 3 rashers of bacon", "2 large eggs", "1 ½ cups milk", "100 g pecorino, grated", "salt to taste"],
    )
    plan_id = make_plan(
        settings,
        alice.id,
        [
            Planned(0, "A9", pancakes, "Pancakes"),
            Planned(0, "USER", custard, "Custard"),
            Planned(1, "IMPORTED", imported, "Carbonara"),
            Planned(1, "CUSTOM", None, "Leftovers"),
            Planned(2, "A9", pancakes, "Pancakes"),
            Planned(2, "EXTERNAL_LINK", "https://example.org/soup", "Soup"),
        ],
    )
    answer = check(client, alice, plan_id)
    recipes = answer["recipes"]
    assert [(r["name"], r["type"], r["recipe_id"], r["days"]) for r in recipes] == [
        ("Pancakes", "A9", pancakes, [0, 2]),
        ("Custard", "USER", custard, [0]),
        ("Carbonara", "IMPORTED", imported, [1]),
        ("Leftovers", "CUSTOM", None, [1]),
        ("Soup", "EXTERNAL_LINK", "https://example.org/soup", [2]),
    ]
    assert recipes[0]["entries"] == [{"day": 0, "index": 0}, {"day": 2, "index": 0}]
    assert recipes[2]["entries"] == [{"day": 1, "index": 0}]
    assert recipes[3]["recipe_ingredients"] == [] and recipes[4]["recipe_ingredients"] == []

    flour, egg = recipes[0]["recipe_ingredients"]
    assert flour == {
        "ingredient_id": k["Flour"],
        "ingredient": {"name": "Flour", "ingredient_id": k["Flour"]},
        "quantity": 250,
        "measurement": "g",
        "value": str(k["Flour"]),
        "stock": [],
        "missing": True,
    }
    assert (egg["ingredient_id"], egg["quantity"], egg["measurement"]) == (k["Egg"], 2, "unit(s)")

    milk, vanilla = recipes[1]["recipe_ingredients"]
    assert (milk["ingredient_id"], milk["quantity"], milk["measurement"]) == (k["Milk"], 500, "ml")
    assert (vanilla["ingredient_id"], vanilla["ingredient"]["name"], vanilla["value"]) == (
        None,
        "Vanilla pod",
        "CUSTOM-vanilla-pod",
    )


def test_missing_says_what_the_stores_do_not_cover_after_the_lines_before(client, settings, kitchen, people):
    alice = people["alice"]
    k = kitchen.ingredients
    pancakes = catalogue_recipe(settings, "Pancakes", [(k["Flour"], 250, "g"), (k["Egg"], 2, "unit(s)")])
    bread = catalogue_recipe(settings, "Bread", [(k["Flour"], 800, "g"), (k["Milk"], 200, "ml")])
    custard = own_recipe(settings, alice.id, "Custard", [(k["Milk"], 500, "ml"), ("Vanilla pod", 1, "unit(s)")])
    plan_id = make_plan(
        settings,
        alice.id,
        [
            Planned(0, "A9", pancakes, "Pancakes"),
            Planned(1, "A9", bread, "Bread"),
            Planned(2, "USER", custard, "Custard"),
        ],
    )
    store = new_store(client, alice)
    receive(
        client,
        alice,
        store["id"],
        [
            {"value": str(k["Flour"]), "quantity": 1, "unit": "kg"},
            {"value": str(k["Egg"]), "quantity": 1, "unit": "unit(s)"},
            {"value": str(k["Milk"]), "quantity": 500, "unit": "ml"},
        ],
    )
    missing = {
        (recipe["name"], line["ingredient"]["name"]): line["missing"]
        for recipe in check(client, alice, plan_id)["recipes"]
        for line in recipe["recipe_ingredients"]
    }
    assert missing == {
        ("Pancakes", "Flour"): False,  # 250 g of the 1 kg
        ("Pancakes", "Egg"): True,  # 2 wanted, 1 held
        ("Bread", "Flour"): True,  # 800 g of the 750 g left
        ("Bread", "Milk"): False,  # 200 ml of the 500 ml
        ("Custard", "Milk"): True,  # 500 ml of the 300 ml left
        ("Custard", "Vanilla pod"): True,  # no catalogue ingredient: no stock to come from
    }


def test_imported_lines_are_read_and_matched_to_the_catalogue_by_name(client, settings, kitchen, people):
    alice = people["alice"]
    k = kitchen.ingredients
    imported = imported_recipe(
        settings,
        alice.id,
        "Carbonara",
        ["Sauce: 3 rashers of bacon", "2 large eggs", "1 ½ cups milk", "100 g pecorino, grated", "salt to taste"],
    )
    plan_id = make_plan(settings, alice.id, [Planned(0, "IMPORTED", imported, "Carbonara")])
    (recipe,) = check(client, alice, plan_id)["recipes"]
    lines = [
        (line["ingredient_id"], line["ingredient"]["name"], line["quantity"], line["measurement"], line["value"])
        for line in recipe["recipe_ingredients"]
    ]
    assert lines == [
        (k["Bacon"], "Bacon", 3, "rasher(s)", str(k["Bacon"])),  # group prefix dropped, "rashers of"
        (k["Egg"], "Egg", 2, "unit(s)", str(k["Egg"])),  # plural and size word
        (k["Milk"], "Milk", 1.5, "cup(s)", str(k["Milk"])),  # a fraction glyph
        (None, "pecorino", 100, "g", "CUSTOM-pecorino"),  # not in the catalogue: its own name
        (None, "salt", None, "unit(s)", "CUSTOM-salt"),  # no amount
    ]


def test_another_users_recipes_are_not_read_through_a_plan(client, settings, kitchen, people):
    alice, bob = people["alice"], people["bob"]
    k = kitchen.ingredients
    bobs = own_recipe(settings, bob.id, "Secret", [(k["Flour"], 1, "kg")])
    bobs_import = imported_recipe(settings, bob.id, "Secret import", ["1 kg flour"])
    withdrawn = catalogue_recipe(settings, "Withdrawn", [(k["Flour"], 1, "kg")], verified=False)
    plan_id = make_plan(
        settings,
        alice.id,
        [
            Planned(0, "USER", bobs, "Mine?"),
            Planned(0, "IMPORTED", bobs_import, "Mine too?"),
            Planned(0, "A9", withdrawn),
        ],
    )
    assert [r["recipe_ingredients"] for r in check(client, alice, plan_id)["recipes"]] == [[], [], []]


def test_stock_comes_from_own_stores_and_those_shared_to_edit_newest_first(client, settings, kitchen, people):
    alice, bob, carol, dave = people["alice"], people["bob"], people["carol"], people["dave"]
    flour = kitchen.value("Flour")
    pancakes = catalogue_recipe(settings, "Pancakes", [(kitchen.ingredients["Flour"], 250, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", pancakes, "Pancakes")])
    day = local_today(settings)
    own = new_store(client, alice, "Pantry")
    receive(client, alice, own["id"], [{"value": flour, "quantity": 1, "unit": "kg", "date_added": added_on(day)}])
    receive(
        client,
        alice,
        own["id"],
        [{"value": flour, "quantity": 300, "unit": "g", "date_added": added_on(day - timedelta(days=5))}],
    )
    bobs = new_store(client, bob, "Bobs pantry")
    receive(client, bob, bobs["id"], [{"value": flour, "quantity": 2, "unit": "kg", "date_added": added_on(day)}])
    share(client, bob, "UserFoodStore", bobs["id"], alice.email, can_edit=True)
    carols = new_store(client, carol, "Carols pantry")
    receive(client, carol, carols["id"], [{"value": flour, "quantity": 5, "unit": "kg"}])
    share(client, carol, "UserFoodStore", carols["id"], alice.email, can_edit=False)  # view only: not counted
    daves = new_store(client, dave, "Daves pantry")
    receive(client, dave, daves["id"], [{"value": flour, "quantity": 7, "unit": "kg"}])  # a stranger's

    (line,) = check(client, alice, plan_id)["recipes"][0]["recipe_ingredients"]
    stock = [(s["store_name"], s["quantity"], s["unit"]) for s in line["stock"]]
    # Same day: the newer row first (Bob's was put in after Alice's); five days old last.
    assert stock == [("Bobs pantry", 2, "kg"), ("Pantry", 1, "kg"), ("Pantry", 300, "g")]
    first = line["stock"][0]
    assert first["store_id"] == bobs["id"] and first["expiry_date"] >= day.isoformat()
    assert set(first) == {"store_id", "store_name", "item_id", "quantity", "unit", "date_added", "expiry_date"}


def test_lists_offered_are_own_and_shared_with_edit_rights(client, settings, kitchen, people):
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    plan_id = make_plan(settings, alice.id, [])
    mine = new_list(client, alice, "Mine")
    bobs = new_list(client, bob, "Bobs")
    share(client, bob, "UserShoppinglist", bobs["user_shoppinglist_id"], alice.email, can_edit=True)
    carols = new_list(client, carol, "Carols")
    share(client, carol, "UserShoppinglist", carols["user_shoppinglist_id"], alice.email, can_edit=False)
    new_list(client, bob, "Bobs other")  # not shared
    lists = check(client, alice, plan_id)["lists"]
    assert sorted((x["user_shoppinglist_id"], x["name"], x["owner_name"]) for x in lists) == sorted(
        [(mine["user_shoppinglist_id"], "Mine", "alice_1"), (bobs["user_shoppinglist_id"], "Bobs", "bobby_1")]
    )


def test_what_the_check_answers_merges_into_a_list_as_it_is(client, settings, kitchen, people):
    alice = people["alice"]
    k = kitchen.ingredients
    pancakes = catalogue_recipe(settings, "Pancakes", [(k["Flour"], 250, "g"), (k["Egg"], 2, "unit(s)")])
    imported = imported_recipe(settings, alice.id, "Carbonara", ["1 ½ cups milk", "100 g pecorino", "salt to taste"])
    plan_id = make_plan(
        settings, alice.id, [Planned(0, "A9", pancakes, "Pancakes"), Planned(1, "IMPORTED", imported, "Carbonara")]
    )
    target = new_list(client, alice, "Weekly shop")
    lines = [line for r in check(client, alice, plan_id)["recipes"] for line in r["recipe_ingredients"]]
    sent = [
        {
            "value": x["value"],
            "name": x["ingredient"]["name"],
            "quantity": x["quantity"],
            "measurement": x["measurement"],
        }
        for x in lines
    ]
    path = f"{LISTS}/{target['user_shoppinglist_id']}/merge"
    for _ in range(2):  # 'Add Selected' twice: the same items, quantities added
        response = client.post(path, json={"ingredients": sent}, headers=alice.headers)
        assert response.status_code == 200, response.text
    held = {
        i["name"]: (i["value"], i["quantity"], i["unit"])
        for i in get_list(client, alice, target["user_shoppinglist_id"])["ingredients"]
    }
    assert held == {
        "Flour": (str(k["Flour"]), 500, "g"),
        "Egg": (str(k["Egg"]), 4, "unit(s)"),
        "Milk": (str(k["Milk"]), 3, "cup(s)"),
        "pecorino": ("CUSTOM-pecorino", 200, "g"),
        "salt": ("CUSTOM-salt", 2, "unit(s)"),
    }


def test_who_may_check_and_complete(client, settings, kitchen, people):
    alice, bob, carol, dave = people["alice"], people["bob"], people["carol"], people["dave"]
    plan_id = make_plan(settings, alice.id, [Planned(0, "CUSTOM", None, "Leftovers")])
    share_plan(settings, plan_id, alice.id, bob.email, can_edit=False)
    share_plan(settings, plan_id, alice.id, carol.email, can_edit=True)
    body = {"recipes": [{"day": 0, "index": 0}]}
    for who in (alice, bob, carol):
        assert check(client, who, plan_id)["recipes"][0]["name"] == "Leftovers"
    assert check(client, dave, plan_id, 404)["message"] == "Meal plan not found."
    assert "Leftovers" not in client.get(f"{PLANS}/{plan_id}/ingredients", headers=dave.headers).text
    assert complete(client, bob, plan_id, body, 403)["message"] == "This was shared with you to view only."
    complete(client, dave, plan_id, body, 404)
    complete(client, carol, plan_id, body)
    complete(client, alice, plan_id, body)
    assert client.get(f"{PLANS}/999999/ingredients", headers=alice.headers).status_code == 404


# -- completing a plan ------------------------------------------------------------------------


@pytest.fixture
def pantry(client, people):
    return new_store(client, people["alice"], "Pantry")


def stock(client: Any, who: Any, store_id: int, value: str, quantity: float, unit: str, days_ago: int = 0) -> int:
    """One batch put in `days_ago` days ago; its item id."""
    settings = client.app.state["settings"]
    day = local_today(settings) - timedelta(days=days_ago)
    answer = receive(
        client,
        who,
        store_id,
        [{"value": value, "quantity": max(quantity, 1), "unit": unit, "date_added": added_on(day)}],
    )
    item_id = max(item["id"] for item in answer["items"])
    if quantity < 1:  # fractions are left by completed plans, never typed
        sql(settings, "update store_item set quantity = :q where id = :i", q=quantity, i=item_id)
    return item_id


def test_convertible_units_are_converted(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    flour = stock(client, alice, pantry["id"], kitchen.value("Flour"), 1, "kg")
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 500, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe, "Bread")])
    answer = complete(client, alice, plan_id, {"recipes": [{"day": 0, "index": 0}]})
    assert answer["used"] == [
        {
            "store_id": pantry["id"],
            "item_id": flour,
            "name": "Flour",
            "used": 0.5,
            "unit": "kg",
            "left": 0.5,
            "removed": False,
        }
    ]
    assert answer["shortfall"] == []
    assert quantities(client, alice, pantry["id"]) == {flour: (0.5, "kg")}


def test_newest_stock_first_an_emptied_item_is_removed_and_the_rest_is_missing(
    client, settings, kitchen, people, pantry
):
    alice = people["alice"]
    value = kitchen.value("Flour")
    old = stock(client, alice, pantry["id"], value, 200, "g", days_ago=10)
    new = stock(client, alice, pantry["id"], value, 1, "kg", days_ago=1)
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 700, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe, "Bread"), Planned(1, "A9", recipe, "Bread")])
    answer = complete(client, alice, plan_id, {"recipes": [{"day": 0, "index": 0}, {"day": 1, "index": 0}]})
    # Twice 700 g = 1400 g: the newer kilo, then the older 200 g, and 200 g are missing.
    assert [(u["item_id"], u["used"], u["unit"], u["left"], u["removed"]) for u in answer["used"]] == [
        (new, 1, "kg", 0, True),
        (old, 200, "g", 0, True),
    ]
    assert answer["shortfall"] == [
        {
            "name": "Flour",
            "ingredient_id": kitchen.ingredients["Flour"],
            "quantity": 200,
            "unit": "g",
            "reason": "missing",
        }
    ]
    assert quantities(client, alice, pantry["id"]) == {}


def test_partial_stock_and_fractions(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    milk = stock(client, alice, pantry["id"], kitchen.value("Milk"), 1, "l")
    egg = stock(client, alice, pantry["id"], kitchen.value("Egg"), 0.25, "unit(s)")
    recipe = catalogue_recipe(
        settings, "Custard", [(kitchen.ingredients["Milk"], 750, "ml"), (kitchen.ingredients["Egg"], 3, "unit(s)")]
    )
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe, "Custard")])
    answer = complete(client, alice, plan_id, {"recipes": [{"day": 0, "index": 0}]})
    assert quantities(client, alice, pantry["id"]) == {milk: (0.25, "l")}
    assert {u["item_id"]: (u["used"], u["left"], u["removed"]) for u in answer["used"]} == {
        milk: (0.75, 0.25, False),
        egg: (0.25, 0, True),
    }
    assert [(s["name"], s["quantity"], s["unit"], s["reason"]) for s in answer["shortfall"]] == [
        ("Egg", 2.75, "unit(s)", "missing")
    ]
    # What is left may be used again: a quarter litre covers 250 ml exactly.
    again = catalogue_recipe(settings, "Sauce", [(kitchen.ingredients["Milk"], 250, "ml")])
    second = make_plan(settings, alice.id, [Planned(0, "A9", again, "Sauce")])
    answer = complete(client, alice, second, {"recipes": [{"day": 0, "index": 0}]})
    assert (answer["used"][0]["removed"], answer["shortfall"]) == (True, [])


def test_stock_in_a_unit_that_does_not_convert_is_left_alone_and_reported(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    counted = stock(client, alice, pantry["id"], kitchen.value("Flour"), 2, "unit")
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 500, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe, "Bread")])
    answer = complete(client, alice, plan_id, {"recipes": [{"day": 0, "index": 0}]})
    assert answer["used"] == []
    assert answer["shortfall"] == [
        {
            "name": "Flour",
            "ingredient_id": kitchen.ingredients["Flour"],
            "quantity": 500,
            "unit": "g",
            "reason": "unconvertible",
        }
    ]
    assert quantities(client, alice, pantry["id"]) == {counted: (2, "unit")}


def test_needs_are_added_up_by_ingredient_across_recipes_and_kinds(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    k = kitchen.ingredients
    flour = stock(client, alice, pantry["id"], kitchen.value("Flour"), 3, "kg")
    bacon = stock(client, alice, pantry["id"], kitchen.value("Bacon"), 10, "rasher(s)")
    bread = catalogue_recipe(settings, "Bread", [(k["Flour"], 500, "g")])
    cake = own_recipe(settings, alice.id, "Cake", [(k["Flour"], 0.25, "kg"), ("Love", 1, "unit(s)")])
    imported = imported_recipe(settings, alice.id, "Quiche", ["1 ½ cups flour", "4 rashers bacon", "1 lb flour"])
    plan_id = make_plan(
        settings,
        alice.id,
        [
            Planned(0, "A9", bread),
            Planned(0, "USER", cake),
            Planned(1, "IMPORTED", imported),
            Planned(2, "CUSTOM", None),
        ],
    )
    refs = [{"day": 0, "index": 0}, {"day": 0, "index": 1}, {"day": 1, "index": 0}, {"day": 2, "index": 0}]
    answer = complete(client, alice, plan_id, {"recipes": refs})
    # 500 g + 0.25 kg + 453.59 g (a pound) of flour = 1.204 kg; 1.5 cups of flour cannot be weighed.
    assert quantities(client, alice, pantry["id"]) == {flour: (1.796, "kg"), bacon: (6, "rasher(s)")}
    assert sorted((s["name"], s["quantity"], s["unit"], s["reason"]) for s in answer["shortfall"]) == [
        ("Flour", 1.5, "cup(s)", "unconvertible"),
        ("Love", 1, "unit(s)", "missing"),
    ]


def test_only_stores_the_caller_may_change_give_stock(client, settings, kitchen, people):
    alice, bob, carol = people["alice"], people["bob"], people["carol"]
    value = kitchen.value("Flour")
    bobs = new_store(client, bob, "Bobs pantry")
    edit = stock(client, bob, bobs["id"], value, 300, "g", days_ago=3)
    share(client, bob, "UserFoodStore", bobs["id"], alice.email, can_edit=True)
    carols = new_store(client, carol, "Carols pantry")
    view = stock(client, carol, carols["id"], value, 5, "kg")
    share(client, carol, "UserFoodStore", carols["id"], alice.email, can_edit=False)
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 500, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe)])
    answer = complete(client, alice, plan_id, {"recipes": [{"day": 0, "index": 0}]})
    assert [(u["item_id"], u["removed"]) for u in answer["used"]] == [(edit, True)]
    assert answer["shortfall"][0]["quantity"] == 200
    assert quantities(client, carol, carols["id"]) == {view: (5, "kg")}
    # Ticking an item of a store shared to view is refused (the stores' state, not the input: 409),
    # and changes nothing.
    before = snapshot(settings)
    body = {"recipes": [{"day": 0, "index": 0}], "use_items": [view]}
    assert complete(client, alice, plan_id, body, 409) == {
        "message": "A chosen stock item is no longer in a store you may change. Reload and try again."
    }
    assert snapshot(settings) == before


def test_ticked_stock_is_used_instead_of_the_newest(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    value = kitchen.value("Flour")
    old = stock(client, alice, pantry["id"], value, 1, "kg", days_ago=20)
    new = stock(client, alice, pantry["id"], value, 1, "kg", days_ago=1)
    milk = stock(client, alice, pantry["id"], kitchen.value("Milk"), 1, "l")
    recipe = catalogue_recipe(
        settings, "Bread", [(kitchen.ingredients["Flour"], 400, "g"), (kitchen.ingredients["Milk"], 100, "ml")]
    )
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe)])
    answer = complete(client, alice, plan_id, {"recipes": [{"day": 0, "index": 0}], "use_items": [old]})
    assert quantities(client, alice, pantry["id"]) == {old: (0.6, "kg"), new: (1, "kg"), milk: (1, "l")}
    # Milk had no ticked item: none of it is taken.
    assert [(s["name"], s["reason"]) for s in answer["shortfall"]] == [("Milk", "missing")]


def test_a_failure_half_way_changes_nothing(client, settings, kitchen, people, pantry, monkeypatch):
    alice = people["alice"]
    value = kitchen.value("Flour")
    first = stock(client, alice, pantry["id"], value, 1, "kg", days_ago=2)
    stock(client, alice, pantry["id"], value, 1, "kg", days_ago=1)
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 1500, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe)])
    before = snapshot(settings)
    plan_before = sql(settings, "select start_date, end_date, updated_at from meal_plan")
    ticked = {"recipes": [{"day": 0, "index": 0}]}
    # An id that is no longer there, after valid ones.
    complete(client, alice, plan_id, {**ticked, "use_items": [first, first + 1000]}, 409)
    # A place the plan does not have (any more), after one it has: the plan's state (409).
    body = {"recipes": [{"day": 0, "index": 0}, {"day": 1, "index": 0}]}
    assert complete(client, alice, plan_id, body, 409) == {
        "message": "There is no recipe at day 1, place 0 of this plan. Reload and try again."
    }
    assert snapshot(settings) == before

    def broken(self: MealPlan, start: date) -> None:
        raise AppError("The calendar broke.", status_code=422)

    # Stock is taken before the plan is re-dated: the failure after it takes the whole request back.
    monkeypatch.setattr(MealPlan, "schedule", broken)
    complete(client, alice, plan_id, {**ticked, "reschedule_start": "2031-01-01"}, 422)
    assert snapshot(settings) == before
    assert sql(settings, "select start_date, end_date, updated_at from meal_plan") == plan_before


def test_reschedule_dates_the_plan_from_the_new_start(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    flour = stock(client, alice, pantry["id"], kitchen.value("Flour"), 1, "kg")
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 100, "g")])
    plan_id = make_plan(
        settings, alice.id, [Planned(0, "A9", recipe, "Bread"), Planned(3, "CUSTOM", None, "Out")], days=4
    )
    body = {"recipes": [{"day": 0, "index": 0}], "reschedule_start": "2028-02-27", "adjust_stock": False}
    plan = complete(client, alice, plan_id, body)["plan"]
    assert (plan["start_date"], plan["end_date"], plan["days"], plan["number_of_days"]) == (
        "2028-02-27",
        "2028-03-01",
        4,
        4,
    )
    assert [d["date"] for d in plan["recipes"]] == ["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]
    assert [[r["name"] for r in d["recipes"]] for d in plan["recipes"]] == [["Bread"], [], [], ["Out"]]
    assert plan["recipes"][0]["recipes"][0] == {
        "name": "Bread",
        "value": recipe,
        "image": None,
        "type": "A9",
        "checked": False,
    }
    assert (plan["user_mealplan_id"], plan["role"], plan["owner_name"]) == (plan_id, "owner", "alice_1")
    ((start, end),) = sql(settings, "select start_date, end_date from meal_plan where id = :i", i=plan_id)
    assert (as_date(start), as_date(end)) == (date(2028, 2, 27), date(2028, 3, 1))
    assert quantities(client, alice, pantry["id"]) == {flour: (1, "kg")}  # adjust_stock off
    late = {"recipes": [{"day": 0, "index": 0}], "reschedule_start": "9999-12-30"}
    assert complete(client, alice, plan_id, late, 422)["errors"] == {
        "reschedule_start": ["A meal plan's days must fall between 01/01/2000 and 31/12/2099"]
    }


def test_an_editor_of_a_shared_plan_uses_their_own_stock(client, settings, kitchen, people):
    alice, carol = people["alice"], people["carol"]
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 100, "g")])
    plan_id = make_plan(settings, alice.id, [Planned(0, "A9", recipe)])
    share_plan(settings, plan_id, alice.id, carol.email, can_edit=True)
    alices = new_store(client, alice, "Alices pantry")
    kept = stock(client, alice, alices["id"], kitchen.value("Flour"), 1, "kg")
    carols = new_store(client, carol, "Carols pantry")
    used = stock(client, carol, carols["id"], kitchen.value("Flour"), 1, "kg")
    answer = complete(client, carol, plan_id, {"recipes": [{"day": 0, "index": 0}]})
    assert answer["plan"]["role"] == "editor" and answer["plan"]["shared_with"] == []
    assert quantities(client, carol, carols["id"]) == {used: (0.9, "kg")}
    assert quantities(client, alice, alices["id"]) == {kept: (1, "kg")}


# -- cost -------------------------------------------------------------------------------------


def test_the_check_of_a_week_costs_the_same_for_7_and_21_recipes(client, settings, kitchen, people, pantry):
    alice = people["alice"]
    k = kitchen.ingredients
    for name in ("Flour", "Milk", "Egg", "Bacon"):
        stock(client, alice, pantry["id"], kitchen.value(name), 2, "unit(s)" if name == "Egg" else "g")
    new_list(client, alice, "Weekly shop")

    def week(recipes_per_day: int) -> int:
        entries = []
        for day in range(7):
            for n in range(recipes_per_day):
                kind = (day + n) % 3
                if kind == 0:
                    value = catalogue_recipe(
                        settings, f"C {day} {n}", [(k["Flour"], 100, "g"), (k["Egg"], 1, "unit(s)")]
                    )
                    entries.append(Planned(day, "A9", value))
                elif kind == 1:
                    value = own_recipe(settings, alice.id, f"U {day} {n}", [(k["Milk"], 100, "ml"), ("Salt", 1, "tsp")])
                    entries.append(Planned(day, "USER", value))
                else:
                    value = imported_recipe(settings, alice.id, f"I {day} {n}", ["2 rashers bacon", "1 cup milk"])
                    entries.append(Planned(day, "IMPORTED", value))
        return make_plan(settings, alice.id, entries, days=7)

    small, large = week(1), week(3)
    counts = []
    for plan_id, recipes in ((small, 7), (large, 21)):
        with Statements() as statements:
            answer = check(client, alice, plan_id)
        assert len(answer["recipes"]) == recipes
        counts.append(len(statements))
    assert counts[0] == counts[1], counts
