"""POST /api/pwa/recipe-suggestions: recipes ranked by the stock of the stores the member may see.

Catalogue recipes are seeded through the real loader (so Discover's search index has them), own
and imported recipes written as rows; stock goes through the store calls.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from larder.catalogue.seed import load_catalogue
from larder.core.base.settings import Settings
from tests.mealplans.rows import catalogue_recipe, imported_recipe, own_recipe, share
from tests.stores.support import INGREDIENTS, added_on, local_today, new_store, receive
from tests.support import run_db, sql

SUGGESTIONS = "/api/pwa/recipe-suggestions"


def _line(name: str, quantity: float, measurement: str) -> dict[str, Any]:
    return {"ingredient": name, "quantity": quantity, "measurement": measurement, "treatment": None}


RECIPES = [
    ("Chicken pie", [_line("Chicken breast", 500, "g"), _line("Flour", 200, "g"), _line("Egg", 2, "unit(s)")]),
    ("Pancakes", [_line("Flour", 200, "g"), _line("Milk", 300, "ml"), _line("Egg", 2, "unit(s)")]),
    ("Bacon omelette", [_line("Egg", 3, "unit(s)"), _line("Bacon", 4, "rasher(s)")]),
]


@pytest.fixture
def ids(settings: Settings, tmp_path: Path) -> dict[str, int]:
    """The kitchen catalogue's ingredients with three recipes, by name (ingredients and recipes)."""
    folder = tmp_path / "catalogue"
    (folder / "images").mkdir(parents=True)
    files = {
        "ingredient_categories.json": [{"key": k, "name": k.title()} for k in ("meat", "dairy", "baking")],
        "recipe_categories.json": [{"key": "dinner", "name": "Dinner"}],
        "ingredients.json": INGREDIENTS,
        "recipes.json": [
            {"name": name, "category": "dinner", "description": "", "serves": 2, "ingredients": lines, "steps": []}
            for name, lines in RECIPES
        ],
    }
    for name, content in files.items():
        (folder / name).write_text(json.dumps(content), encoding="utf-8")
    run_db(settings, lambda session: load_catalogue(session, settings.uploads_dir, folder))
    rows = sql(settings, "select id, name from ingredient") + sql(settings, "select id, name from recipe")
    return {name: row_id for row_id, name in rows}


def suggest(client: Any, who: Any, status: int = 200, **body: Any) -> Any:
    response = client.post(SUGGESTIONS, json=body, headers=who.headers)
    assert response.status_code == status, response.text
    return response.json()["data"] if status == 200 else response.json()


def stock(client: Any, who: Any, settings: Settings, items: list[tuple[int, float, str]], days_ago: int = 0) -> int:
    store = new_store(client, who, "Fridge", kind="fridge")
    day = added_on(local_today(settings) - timedelta(days=days_ago))
    receive(client, who, store["id"], [{"value": i, "quantity": q, "unit": u, "date_added": day} for i, q, u in items])
    return store["id"]


def test_recipes_are_ranked_by_what_is_at_home_and_what_expires_first(client, settings, member, ids):
    # Chicken keeps 2 days in the fridge: bought today, it expires in 2 days; milk keeps 7.
    stock(
        client,
        member,
        settings,
        [(ids["Flour"], 1, "kg"), (ids["Milk"], 1, "l"), (ids["Egg"], 6, "unit(s)"), (ids["Chicken breast"], 500, "g")],
    )
    found = suggest(client, member)
    assert [s["name"] for s in found] == ["Chicken pie", "Pancakes", "Bacon omelette"]
    pie, pancakes, omelette = found
    assert pie["summary"] == "3 of 3 ingredients at home · uses chicken breast (expires in 2 days)"
    assert pie["uses"] == [
        {"name": "Chicken breast", "days_left": 2, "expiry_date": str(local_today(settings) + timedelta(days=2))}
    ]
    assert pie["score"] > pancakes["score"] == 1.0
    assert (omelette["at_home"], omelette["counted"]) == (1, 2)
    assert omelette["missing"] == [
        {"name": "Bacon", "ingredient_id": ids["Bacon"], "quantity": 4, "measurement": "rasher(s)"}
    ]
    category = sql(settings, "select id from category where name = 'Dinner'")[0][0]
    assert pie["entry"] == {"name": "Chicken pie", "value": ids["Chicken pie"], "image": None, "type": str(category)}
    assert (pie["kind"], pie["recipe_id"]) == ("catalogue", ids["Chicken pie"])


def test_quantities_are_compared_after_conversion(client, settings, member, ids):
    stock(client, member, settings, [(ids["Flour"], 150, "g"), (ids["Milk"], 1, "l"), (ids["Egg"], 6, "unit(s)")])
    pancakes = next(s for s in suggest(client, member) if s["name"] == "Pancakes")
    # 150 g of flour is less than the 200 g asked; 1 l of milk is more than 300 ml
    assert [m["name"] for m in pancakes["missing"]] == ["Flour"]
    assert pancakes["summary"] == "2 of 3 ingredients at home"


def test_expired_stock_is_not_suggested_for_cooking(client, settings, member, ids):
    stock(client, member, settings, [(ids["Chicken breast"], 500, "g")], days_ago=5)
    assert suggest(client, member) == []


def test_use_up_keeps_only_recipes_using_what_expires_within_three_days(client, settings, member, ids):
    stock(client, member, settings, [(ids["Egg"], 6, "unit(s)"), (ids["Chicken breast"], 1, "kg")])
    assert [s["name"] for s in suggest(client, member)] == ["Chicken pie", "Bacon omelette", "Pancakes"]
    assert [s["name"] for s in suggest(client, member, use_up=True, limit=3)] == ["Chicken pie"]
    assert len(suggest(client, member, limit=1)) == 1


def test_only_stores_the_member_may_see_count(client, settings, member_factory, ids):
    alice = member_factory("alice_1", "alice@example.org", verified=True)
    bob = member_factory("bobby_1", "bob@example.org", verified=True)
    stock(client, alice, settings, [(ids["Egg"], 6, "unit(s)")])
    bobs = stock(client, bob, settings, [(ids["Bacon"], 8, "rasher(s)"), (ids["Chicken breast"], 1, "kg")])
    omelette = next(s for s in suggest(client, alice) if s["name"] == "Bacon omelette")
    # A stranger's bacon and chicken never count for Alice...
    assert [m["name"] for m in omelette["missing"]] == ["Bacon"]
    assert "Chicken pie" not in [s["name"] for s in suggest(client, alice, use_up=True)]
    # ...until Bob shares his fridge with her, even without edit rights.
    share(client, bob, "UserFoodStore", bobs, "alice@example.org", can_edit=False)
    found = {s["name"]: s for s in suggest(client, alice)}
    assert found["Bacon omelette"]["missing"] == []
    assert found["Chicken pie"]["uses"][0]["name"] == "Chicken breast"


def test_own_and_imported_recipes_are_ranked_with_the_catalogue(client, settings, member, member_factory, ids):
    own = own_recipe(settings, member.id, "Gran's eggs", [(ids["Egg"], 4, "unit(s)"), ("Chives", 1, "bunch")])
    imported = imported_recipe(settings, member.id, "Crêpes", ["250 g flour", "2 eggs", "500 ml milk", "Salt to taste"])
    stranger_recipe = own_recipe(
        settings, member_factory("bobby_1", "bob@example.org").id, "Not mine", [(ids["Egg"], 1, "unit(s)")]
    )
    stock(client, member, settings, [(ids["Flour"], 1, "kg"), (ids["Milk"], 1, "l"), (ids["Egg"], 6, "unit(s)")])
    found = {(s["kind"], s["recipe_id"]): s for s in suggest(client, member)}
    crepes = found["imported", imported]
    # salt is a pantry staple: three lines counted, all at home
    assert (crepes["at_home"], crepes["counted"], crepes["missing"]) == (3, 3, [])
    assert crepes["entry"] == {"name": "Crêpes", "value": imported, "image": None, "type": "IMPORTED"}
    eggs = found["user", own]
    assert (eggs["at_home"], eggs["counted"]) == (1, 2)
    assert eggs["missing"] == [{"name": "Chives", "ingredient_id": None, "quantity": 1, "measurement": "bunch"}]
    assert eggs["entry"]["type"] == "USER"
    assert ("user", stranger_recipe) not in found


def test_discover_filters_and_the_accounts_preferences_apply(client, settings, member, ids):
    own_recipe(settings, member.id, "Milk pudding", [(ids["Milk"], 500, "ml")])
    stock(client, member, settings, [(ids["Flour"], 1, "kg"), (ids["Milk"], 1, "l"), (ids["Egg"], 6, "unit(s)")])
    with_milk = [{"value": ids["Milk"], "type": "ingredient", "name": "Milk", "includeExclude": "include"}]
    assert [s["name"] for s in suggest(client, member, filters=with_milk)] == ["Pancakes", "Milk pudding"]
    assert [s["name"] for s in suggest(client, member, searchString="pudd")] == ["Milk pudding"]
    # None of the kitchen's ingredients is vegan: with the preference saved, nothing is suggested.
    response = client.put("/api/pwa/account/preferences", headers=member.headers, json={"preferences": ["vegan"]})
    assert response.status_code == 200, response.text
    assert suggest(client, member) == []


def test_a_repeated_ranking_is_answered_again_after_the_stock_changes(client, settings, member, ids):
    store = stock(client, member, settings, [(ids["Egg"], 6, "unit(s)")])
    assert [s["name"] for s in suggest(client, member, use_up=True)] == []
    receive(client, member, store, [{"value": ids["Chicken breast"], "quantity": 1, "unit": "kg"}])
    assert [s["name"] for s in suggest(client, member, use_up=True)] == ["Chicken pie"]


def test_bad_requests_are_refused_and_callers_must_sign_in(client, member, ids):
    assert client.post(SUGGESTIONS, json={}).status_code == 401
    for body in ({"limit": 0}, {"limit": 51}, {"use_up": "yes"}, {"searchString": "x" * 201}):
        answer = suggest(client, member, 422, **body)
        assert answer["message"], answer


def test_new_recipes_are_ranked_as_soon_as_they_exist(client, settings, member, ids):
    stock(client, member, settings, [(ids["Milk"], 1, "l")])
    assert [s["name"] for s in suggest(client, member)] == ["Pancakes"]
    own_recipe(settings, member.id, "Hot milk", [(ids["Milk"], 250, "ml")])
    assert [s["name"] for s in suggest(client, member)] == ["Hot milk", "Pancakes"]
    catalogue_recipe(settings, "Milkshake", [(ids["Milk"], 300, "ml")])
    assert [s["name"] for s in suggest(client, member)] == ["Hot milk", "Milkshake", "Pancakes"]
