"""Discovery calls — part 1 §2.7, §4 'Search', §7; issue #4 'API'."""

from __future__ import annotations

import pytest

from tests.catalogue.fixtures import RECIPES, recipe, seed, write_catalogue
from tests.support import sql


@pytest.fixture
def catalogue(settings, tmp_path):
    seed(settings, write_catalogue(tmp_path / "catalogue"))
    return {row[1]: row[0] for row in sql(settings, "select id, name from recipe")}


@pytest.fixture
def ingredient_ids(settings, catalogue):
    return {row[1]: row[0] for row in sql(settings, "select id, name from ingredient")}


@pytest.fixture
def category_ids(settings, catalogue):
    return {row[1]: row[0] for row in sql(settings, "select id, name from category")}


def names(page):
    return sorted(r["name"] for r in page["data"])


def test_tags_are_derived_from_ingredients(client, catalogue):
    rows = {r["name"]: r for r in client.get("/api/pwa/recipes").json()["data"]}
    assert rows["Tomato basil pasta"]["tags"] == {
        "allergen": True,
        "vegetarian": True,
        "vegan": True,
        "dairy_free": True,
        "gluten_free": False,
        "sugar_free": True,
    }
    assert rows["Tomato basil pasta"]["allergens"] == ["gluten"]
    assert rows["Parmesan risotto"]["tags"]["vegan"] is False
    assert rows["Parmesan risotto"]["tags"]["vegetarian"] is True
    assert rows["Sweet tofu bowl"]["tags"]["sugar_free"] is False
    assert rows["Peanut noodles"]["allergens"] == ["gluten", "peanuts", "soy"]


def test_seed_is_idempotent(settings, tmp_path, catalogue):
    report = seed(settings, write_catalogue(tmp_path / "again"))
    assert (report.categories, report.ingredients, report.recipes) == (0, 0, 0)
    assert len(sql(settings, "select id from recipe")) == len(RECIPES)


def test_recipe_detail(client, catalogue):
    response = client.get(f"/api/pwa/recipes/{catalogue['Parmesan risotto']}")
    assert response.status_code == 200
    body = response.json()
    assert body["category"]["name"] == "Mains"
    assert [ri["ingredient"]["name"] for ri in body["recipe_ingredients"]] == ["Rice", "Parmesan"]
    assert body["recipe_ingredients"][1]["ingredient"]["dairy_free"] is False
    steps = body["recipe_steps"]
    assert [s["step_order"] for s in steps] == [1, 2]
    assert steps[0]["ingredients"] == [body["recipe_ingredients"][0]["recipe_ingredient_id"]]
    assert steps[1]["timer"] == "00:10:00"


def test_unknown_recipe_is_404(client, catalogue):
    assert client.get("/api/pwa/recipes/999999").status_code == 404
    assert client.get("/api/pwa/recipes/abc").status_code in (400, 404)


def test_pagination_arithmetic(client, settings, tmp_path):
    many = [recipe(f"Filler {i:02d}", "mains", ["Rice"]) for i in range(45)]
    seed(settings, write_catalogue(tmp_path / "many", recipes=many))
    first = client.get("/api/pwa/recipes?page=1").json()
    assert (first["current_page"], first["last_page"], first["per_page"]) == (1, 3, 20)
    assert (first["from"], first["to"], first["total"]) == (1, 20, 45)
    last = client.get("/api/pwa/recipes?page=3").json()
    assert (last["from"], last["to"], len(last["data"])) == (41, 45, 5)
    beyond = client.get("/api/pwa/recipes?page=4").json()
    assert (beyond["data"], beyond["from"], beyond["to"], beyond["total"]) == ([], None, None, 45)
    seen = {r["recipe_id"] for p in (1, 2, 3) for r in client.get(f"/api/pwa/recipes?page={p}").json()["data"]}
    assert len(seen) == 45


@pytest.mark.parametrize("page", ["0", "-1", "abc", "99999999999"])
def test_bad_pages_are_4xx(client, catalogue, page):
    response = client.get(f"/api/pwa/recipes?page={page}")
    assert 400 <= response.status_code < 500
    assert response.json()["message"]


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("tomato", ["Tomato basil pasta"]),
        ("TOMATO", ["Tomato basil pasta"]),
        ("tom", ["Tomato basil pasta"]),
        ("creme", ["Crème brûlée"]),
        ("brulee", ["Crème brûlée"]),
        ("Crème", ["Crème brûlée"]),
        ("parmesan", ["Parmesan risotto"]),
        ("rice", ["Parmesan risotto", "Sweet tofu bowl"]),
        ("custard", ["Crème brûlée"]),
        ("tofu pasta", ["Peanut noodles"]),
        ("zzzz", []),
        ("'\"*()", []),
    ],
)
def test_search(client, catalogue, search, expected):
    response = client.get("/api/pwa/recipe-search", params={"search": search, "page": 1})
    assert response.status_code == 200
    assert names(response.json()) == expected


def test_search_ranks_name_matches_first(client, catalogue):
    data = client.get("/api/pwa/recipe-search", params={"search": "tofu"}).json()["data"]
    assert data[0]["name"] == "Sweet tofu bowl"


def test_empty_search_is_the_plain_list(client, catalogue):
    assert client.get("/api/pwa/recipe-search", params={"search": ""}).json()["total"] == len(RECIPES)


def test_huge_search_string_is_refused(client, catalogue):
    response = client.get("/api/pwa/recipe-search", params={"search": "x" * 10_000})
    assert response.status_code == 422
    assert response.json()["errors"]["search"]


def filter_names(client, filters, search=""):
    response = client.post(
        "/api/pwa/recipe-filter", json={"pageToRequest": 1, "searchString": search, "filters": filters}
    )
    assert response.status_code == 200, response.text
    return names(response.json())


def test_include_ingredients_all_must_be_present(client, ingredient_ids):
    include = [{"value": ingredient_ids["Pasta"], "type": "ingredient", "includeExclude": "include"}]
    assert filter_names(client, include) == ["Peanut noodles", "Tomato basil pasta"]
    include.append({"value": str(ingredient_ids["Tofu"]), "type": "ingredient", "includeExclude": "include"})
    assert filter_names(client, include) == ["Peanut noodles"]


def test_exclude_ingredient(client, ingredient_ids):
    exclude = [{"value": ingredient_ids["Sugar"], "type": "ingredient", "includeExclude": "exclude"}]
    assert filter_names(client, exclude) == ["Parmesan risotto", "Peanut noodles", "Tomato basil pasta"]


def test_include_and_exclude_category(client, category_ids):
    desserts = category_ids["Desserts"]
    assert filter_names(client, [{"value": desserts, "type": "category", "includeExclude": "include"}]) == [
        "Crème brûlée"
    ]
    assert "Crème brûlée" not in filter_names(
        client, [{"value": desserts, "type": "category", "includeExclude": "exclude"}]
    )


@pytest.mark.parametrize(
    ("preference", "expected"),
    [
        ("vegan", ["Peanut noodles", "Sweet tofu bowl", "Tomato basil pasta"]),
        ("vegetarian", ["Crème brûlée", "Parmesan risotto", "Peanut noodles", "Sweet tofu bowl", "Tomato basil pasta"]),
        ("gluten_free", ["Crème brûlée", "Parmesan risotto", "Sweet tofu bowl"]),
        ("sugar_free", ["Parmesan risotto", "Peanut noodles", "Tomato basil pasta"]),
        ("dairy_free", ["Peanut noodles", "Sweet tofu bowl", "Tomato basil pasta"]),
    ],
)
def test_each_preference_requires_its_tag(client, catalogue, preference, expected):
    assert filter_names(client, [{"value": preference, "type": "preference"}]) == expected


@pytest.mark.parametrize(
    ("preferences", "expected"),
    [
        (["vegetarian", "gluten_free"], ["Crème brûlée", "Parmesan risotto", "Sweet tofu bowl"]),
        (["gluten_free", "vegetarian", "vegetarian"], ["Crème brûlée", "Parmesan risotto", "Sweet tofu bowl"]),
        (["vegan", "dairy_free", "sugar_free"], ["Peanut noodles", "Tomato basil pasta"]),
        (["vegan", "vegetarian", "gluten_free", "sugar_free", "dairy_free"], []),
    ],
)
def test_several_preferences_require_every_tag(client, catalogue, preferences, expected):
    """Several preferences are one combined facet token; any order and repeats mean the same."""
    assert filter_names(client, [{"value": p, "type": "preference"} for p in preferences]) == expected


def test_filters_combine_with_each_other_and_the_search(client, ingredient_ids):
    filters = [
        {"value": ingredient_ids["Rice"], "type": "ingredient", "includeExclude": "include"},
        {"value": "vegan", "type": "preference", "includeExclude": "include"},
    ]
    assert filter_names(client, filters) == ["Sweet tofu bowl"]
    assert filter_names(client, filters, search="parmesan") == []
    assert filter_names(client, filters[:1], search="parmesan") == ["Parmesan risotto"]


def test_custom_ingredient_filters_match_by_name(client, catalogue):
    include = [{"value": "CUSTOM_1", "name": "peanut", "type": "ingredient", "includeExclude": "include"}]
    assert filter_names(client, include) == ["Peanut noodles"]
    exclude = [{"value": "CUSTOM_2", "name": "tofu", "type": "ingredient", "includeExclude": "exclude"}]
    assert filter_names(client, exclude) == ["Crème brûlée", "Parmesan risotto", "Tomato basil pasta"]


def test_filters_that_name_nothing_find_nothing(client, catalogue):
    """A preference that is none of the five, or a custom ingredient with no word to look for, is a
    well-formed filter no recipe meets: included it leaves no recipe, excluded it leaves them all."""
    everything = filter_names(client, [])
    assert everything
    for nothing in (
        {"value": "keto", "type": "preference"},
        {"value": 7, "type": "preference"},
        {"value": "CUSTOM_1", "name": "!?", "type": "ingredient"},
        {"value": "...", "type": "ingredient"},
    ):
        assert filter_names(client, [{**nothing, "includeExclude": "include"}]) == []
        if nothing["type"] == "ingredient":
            assert filter_names(client, [{**nothing, "includeExclude": "exclude"}]) == everything


@pytest.mark.parametrize(
    "body",
    [
        {"pageToRequest": 0},
        {"filters": [{"value": 0, "type": "ingredient"}]},
        {"filters": [{"value": 1, "type": "colour"}]},
        {"filters": [{"value": 1, "type": "ingredient", "includeExclude": "maybe"}]},
        {"filters": "vegan"},
        {"searchString": "x" * 10_000},
        {"filters": [{"value": 1, "type": "ingredient"}] * 51},
    ],
)
def test_malformed_filters_are_4xx(client, catalogue, body):
    response = client.post("/api/pwa/recipe-filter", json=body)
    assert 400 <= response.status_code < 500
    assert response.json()["message"]


def test_form_options_shapes(client, catalogue):
    categories = client.get("/api/form-options/categories").json()["data"]
    assert {"value", "name", "kind"} == set(categories[0])
    assert {c["kind"] for c in categories} == {"recipe", "ingredient"}
    ingredients = client.get("/api/form-options/ingredients").json()["data"]
    assert set(ingredients[0]) == {"value", "name", "image", "category_id", "default_unit", "buy_unit"}
    assert [i["name"] for i in ingredients][:2] == ["Basil", "Crème fraîche"]
    recipes = client.get("/api/form-options/recipes", params={"search": "pasta"}).json()["data"]
    assert [r["name"] for r in recipes] == ["Peanut noodles", "Tomato basil pasta"]  # names and ingredients


def test_saved_recipes(client, catalogue, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    risotto = catalogue["Parmesan risotto"]
    assert client.get("/api/pwa/user-saved-recipes").status_code == 401
    for _ in range(2):  # saving twice is the same as once
        saved = client.post("/api/pwa/user-saved-recipes", headers=alice.headers, json={"recipe_id": risotto})
        assert saved.status_code == 201
    listed = client.get("/api/pwa/user-saved-recipes", headers=alice.headers).json()
    assert [(r["recipe_id"], r["category"]["name"], r["serves"]) for r in listed] == [(risotto, "Mains", 2)]
    assert client.get("/api/pwa/user-saved-recipes", headers=bob.headers).json() == []
    assert client.delete(f"/api/pwa/user-saved-recipes/{risotto}", headers=bob.headers).json() == []
    assert len(client.get("/api/pwa/user-saved-recipes", headers=alice.headers).json()) == 1
    for _ in range(2):
        assert client.delete(f"/api/pwa/user-saved-recipes/{risotto}", headers=alice.headers).status_code == 200
    assert client.get("/api/pwa/user-saved-recipes", headers=alice.headers).json() == []
    missing = client.post("/api/pwa/user-saved-recipes", headers=alice.headers, json={"recipe_id": 999999})
    assert missing.status_code == 404


def test_home_beta_lists_the_latest_recipes(client, catalogue, member):
    body = client.get("/api/pwa/home-beta", headers=member.headers).json()
    assert body["recipes"][0]["name"] == RECIPES[-1]["name"]
    assert {c["name"] for c in body["categories"]} >= {"Mains", "Desserts"}
