"""Administrators add, edit and remove catalogue recipes; tags and search follow every write."""

from __future__ import annotations

import pytest

from tests.catalogue.fixtures import seed, write_catalogue
from tests.support import sql


@pytest.fixture
def ids(settings, tmp_path):
    seed(settings, write_catalogue(tmp_path / "catalogue"))
    ingredients = {row[1]: row[0] for row in sql(settings, "select id, name from ingredient")}
    categories = {row[1]: row[0] for row in sql(settings, "select id, name from category")}
    return ingredients, categories


@pytest.fixture
def admin(member_factory):
    return member_factory(admin=True)


def draft(ingredients, categories, names=("Tomato", "Basil"), **changes):
    body = {
        "name": "Bruschetta topping",
        "description": "Chopped tomatoes with basil.",
        "serves": 4,
        "category_id": categories["Mains"],
        "ingredients": [
            {"ingredient_id": ingredients[n], "quantity": 2, "measurement": "unit(s)", "treatment": "diced"}
            for n in names
        ],
        "steps": [
            {"title": "Chop", "description": "Dice the tomatoes.", "ingredients": [0]},
            {"title": "Rest", "description": "Let it stand.", "timer": "00:15:00"},
        ],
    }
    body.update(changes)
    return body


def test_admin_creates_a_recipe_with_derived_tags_and_search(client, admin, ids):
    ingredients, categories = ids
    created = client.post("/api/admin/recipes", headers=admin.headers, json=draft(ingredients, categories))
    assert created.status_code == 201, created.text
    body = created.json()
    assert body["tags"]["vegan"] is True
    assert body["recipe_steps"][0]["ingredients"] == [body["recipe_ingredients"][0]["recipe_ingredient_id"]]
    found = client.get("/api/pwa/recipe-search", params={"search": "brusch"}).json()["data"]
    assert [r["recipe_id"] for r in found] == [body["recipe_id"]]


def test_editing_rederives_tags_and_reindexes(client, admin, ids):
    ingredients, categories = ids
    recipe_id = client.post("/api/admin/recipes", headers=admin.headers, json=draft(ingredients, categories)).json()[
        "recipe_id"
    ]
    edited = client.put(
        f"/api/admin/recipes/{recipe_id}",
        headers=admin.headers,
        json=draft(ingredients, categories, names=("Tomato", "Parmesan"), name="Cheesy tomatoes"),
    )
    assert edited.status_code == 200
    assert edited.json()["tags"]["vegan"] is False
    assert edited.json()["allergens"] == ["milk"]
    assert client.get("/api/pwa/recipe-search", params={"search": "brusch"}).json()["data"] == []
    assert client.get("/api/pwa/recipe-search", params={"search": "cheesy"}).json()["total"] == 1


def test_admin_removes_a_recipe(client, admin, ids):
    ingredients, categories = ids
    recipe_id = client.post("/api/admin/recipes", headers=admin.headers, json=draft(ingredients, categories)).json()[
        "recipe_id"
    ]
    assert client.delete(f"/api/admin/recipes/{recipe_id}", headers=admin.headers).status_code == 204
    assert client.get(f"/api/pwa/recipes/{recipe_id}").status_code == 404
    assert client.get("/api/pwa/recipe-search", params={"search": "brusch"}).json()["total"] == 0
    assert client.delete(f"/api/admin/recipes/{recipe_id}", headers=admin.headers).status_code == 404


def test_recipe_rules_are_enforced(client, admin, ids):
    ingredients, categories = ids
    body = draft(ingredients, categories, name=" ", description="", steps=[])
    body["ingredients"] = []
    response = client.post("/api/admin/recipes", headers=admin.headers, json=body)
    assert response.status_code == 422
    errors = response.json()["errors"]
    assert errors["name"] == ["Recipe name is required"]
    assert errors["description"] == ["Recipe description is required"]
    assert errors["ingredients"] == ["At least one ingredient is required"]
    assert errors["steps"] == ["At least one step is required"]


def test_units_preparation_words_and_step_rules(client, admin, ids):
    ingredients, categories = ids
    for change, where, message in (
        ({"measurement": "bucket"}, "ingredients", "Invalid enum value 'bucket'."),
        ({"treatment": "flambéed"}, "ingredients", "Invalid enum value 'flambéed'."),
    ):
        body = draft(ingredients, categories)
        body["ingredients"][1].update(change)
        response = client.post("/api/admin/recipes", headers=admin.headers, json=body)
        assert response.status_code == 422, response.text
        assert response.json()["errors"] == {where: [message]}
    body = draft(ingredients, categories)
    body["steps"] = [{"title": " ", "description": "", "timer": "1:00"}]
    response = client.post("/api/admin/recipes", headers=admin.headers, json=body)
    assert response.status_code == 422
    # The same messages as an own recipe gets (one validation for both).
    assert response.json()["errors"] == {
        "steps.0": ["Step 1 title is required", "Step 1 description is required", "Step 1 timer must be HH:MM:SS"]
    }
    assert sql(client.app.state["settings"], "select count(*) from recipe where name = 'Bruschetta topping'") == [(0,)]


def test_what_a_recipe_names_must_exist(client, admin, ids):
    """An id, an image name or a step's ingredient index that names nothing is not found (404)."""
    ingredients, categories = ids
    for change, message in (
        (lambda b: b["ingredients"][1].update(ingredient_id=999_999), "Ingredient 2 is not in the catalogue"),
        (lambda b: b.update(image="never-uploaded.jpg"), "The image was not found. Please upload it again."),
        (lambda b: b["steps"][1].update(image="gone.jpg"), "Step 2: The image was not found. Please upload it again."),
        (lambda b: b.update(category_id=999_999), "Unknown recipe category."),
        (lambda b: b["steps"][0].update(ingredients=[2]), "Step 1 may only use the recipe's own ingredients"),
    ):
        body = draft(ingredients, categories)
        change(body)
        response = client.post("/api/admin/recipes", headers=admin.headers, json=body)
        assert response.status_code == 404, response.text
        assert response.json() == {"message": message}
    assert sql(client.app.state["settings"], "select count(*) from recipe where name = 'Bruschetta topping'") == [(0,)]


def test_only_admins_write_the_catalogue(client, member, ids):
    ingredients, categories = ids
    assert (
        client.post("/api/admin/recipes", headers=member.headers, json=draft(ingredients, categories)).status_code
        == 403
    )


def _search_index(settings):
    return sorted(sql(settings, "select rowid, name, description, ingredients, facets from recipe_fts"))


# FTS_REBUILD_SQL is SQLite's (the bench builder's); PostgreSQL's index is only written per recipe.
@pytest.mark.sqlite_only
def test_the_search_index_written_per_recipe_equals_a_full_rebuild(client, admin, ids, settings):
    """Writes keep recipe_fts exactly as FTS_REBUILD_SQL (migrations and the bench) would build it."""
    from larder.catalogue.queries import FTS_REBUILD_SQL

    ingredients, categories = ids
    created = client.post("/api/admin/recipes", headers=admin.headers, json=draft(ingredients, categories)).json()
    client.put(
        f"/api/admin/recipes/{created['recipe_id']}",
        headers=admin.headers,
        json=draft(ingredients, categories, names=("Tomato", "Parmesan"), category_id=None),
    )
    written = _search_index(settings)
    facets = {row[0]: row[4].split() for row in written}[created["recipe_id"]]
    assert facets[:2] == ["all", "c0"]
    assert f"i{ingredients['Parmesan']}" in facets and "tvegetarian" in facets and "tvegan" not in facets
    sql(settings, "delete from recipe_fts")
    sql(settings, FTS_REBUILD_SQL)
    assert _search_index(settings) == written


def test_the_verified_count_follows_every_write(client, admin, ids, settings):
    """The plain list's total comes from a trigger-kept counter; it must never drift."""

    def listed_total():
        return client.get("/api/pwa/recipes").json()["total"]

    def counted():
        return sql(settings, "select count(*) from recipe where verified")[0][0]

    ingredients, categories = ids
    before = listed_total()
    assert before == counted()
    recipe_id = client.post("/api/admin/recipes", headers=admin.headers, json=draft(ingredients, categories)).json()[
        "recipe_id"
    ]
    assert listed_total() == before + 1 == counted()
    sql(settings, "update recipe set verified = false where id = :id", id=recipe_id)
    assert listed_total() == before == counted()
    sql(settings, "update recipe set verified = true, name = 'Again' where id = :id", id=recipe_id)
    assert listed_total() == before + 1
    client.delete(f"/api/admin/recipes/{recipe_id}", headers=admin.headers)
    assert listed_total() == before == counted()


def test_search_lists_name_matches_first_and_pages_exactly_across_the_tiers(client, admin, ids):
    """Relevance: every word in the name first, then words in description or ingredients; each tier
    newest first. Pages cut across the tiers without losing or repeating a recipe."""
    ingredients, categories = ids

    def create(name, description):
        body = draft(ingredients, categories, name=name, description=description)
        response = client.post("/api/admin/recipes", headers=admin.headers, json=body)
        assert response.status_code == 201, response.text
        return response.json()["recipe_id"]

    named = [create(f"Zesty salad {n}", "Crisp leaves.") for n in range(3)]  # the oldest
    described = [create(f"Salad {n}", "A zesty dressing.") for n in range(22)]

    def page(number):
        body = client.get("/api/pwa/recipe-search", params={"search": "zesty", "page": number}).json()
        assert body["total"] == 25
        return [r["recipe_id"] for r in body["data"]]

    first, second = page(1), page(2)
    assert first[:3] == named[::-1]
    assert first[3:] == described[::-1][:17]
    assert second == described[::-1][17:]
