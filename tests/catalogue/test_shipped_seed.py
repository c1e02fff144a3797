"""The shipped catalogue loads into an empty instance at first start, once."""

from __future__ import annotations

from larder.bootstrap import prepare_instance
from tests.support import run_db, sql


def test_first_start_loads_the_starter_catalogue_once(settings):
    code = run_db(settings, lambda session: prepare_instance(session, settings))
    assert len(code) == 8
    recipes = sql(settings, "select count(*) from recipe")[0][0]
    assert recipes >= 40
    assert sql(settings, "select count(*) from ingredient")[0][0] >= 300
    assert sql(settings, "select count(*) from recipe_fts")[0][0] == recipes
    assert (settings.uploads_dir / "catalogue-soups.svg").is_file()
    run_db(settings, lambda session: prepare_instance(session, settings))
    assert sql(settings, "select count(*) from recipe")[0][0] == recipes


def test_first_start_stores_each_ingredients_shelf_life_per_kind_of_store(settings):
    run_db(settings, lambda session: prepare_instance(session, settings))
    query = (
        "select storage, estimated_expiry_days, pantry_days, fridge_days, freezer_days from ingredient where name = :n"
    )
    assert sql(settings, query, n="Chicken breast") == [("fridge", 2, None, 2, 270)]
    assert sql(settings, query, n="Egg") == [("fridge", 35, None, 35, None)]
    assert sql(settings, "select count(*) from ingredient where freezer_days is not null")[0][0] >= 50


def test_seeded_recipes_are_searchable_and_tagged(client, settings):
    run_db(settings, lambda session: prepare_instance(session, settings))
    assert client.get("/api/pwa/recipe-search", params={"search": "lentil"}).json()["total"] >= 1
    vegan = client.post("/api/pwa/recipe-filter", json={"filters": [{"value": "vegan", "type": "preference"}]})
    assert vegan.json()["total"] >= 6


def test_catalogue_images_are_served_from_uploads(client, settings):
    run_db(settings, lambda session: prepare_instance(session, settings))
    image = sql(settings, "select image from recipe where image is not null limit 1")[0][0]
    response = client.get(f"/uploads/{image}")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "sandbox" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    for bad in ("..%2Fsecret_key", ".hidden", "nope.svg"):
        assert client.get(f"/uploads/{bad}").status_code == 404
    # A client-normalised "/uploads/../secret_key" is just "/secret_key": the web app, not the file.
    assert settings.secret_key not in client.get("/uploads/../secret_key").text


def test_vegan_preference_filter_leaves_out_meat_and_fish(client, settings):
    """A saved preference is enforced by the filter: vegan → no chicken, no mackerel (issue: prefs ignored)."""
    run_db(settings, lambda session: prepare_instance(session, settings))
    total = client.get("/api/pwa/recipes", params={"page": 1}).json()["total"]
    vegan_ids: set[int] = set()
    page, last = 1, 1
    while page <= last:
        response = client.post(
            "/api/pwa/recipe-filter",
            json={
                "pageToRequest": page,
                "filters": [{"value": "vegan", "type": "preference", "includeExclude": "include"}],
            },
        )
        assert response.status_code == 200, response.text
        body = response.json()
        last = body["last_page"]
        for row in body["data"]:
            assert row["tags"]["vegan"] is True, row["name"]
            vegan_ids.add(row["recipe_id"])
        page += 1
    assert 0 < len(vegan_ids) < total
    animal = sql(
        settings,
        "select distinct ri.recipe_id from recipe_ingredient ri join ingredient i on i.id = ri.ingredient_id "
        "where lower(i.name) like '%chicken%' or lower(i.name) like '%mackerel%'",
    )
    assert animal, "the shipped catalogue has chicken and mackerel recipes"
    assert vegan_ids.isdisjoint(row[0] for row in animal)


def test_no_recipe_shows_another_dish(client, settings):
    """Masala chai has no drawing of its own: it shows no picture rather than the lemonade of "Drinks"."""
    run_db(settings, lambda session: prepare_instance(session, settings))
    found = client.get("/api/pwa/recipe-search", params={"search": "masala chai"}).json()["data"]
    chai = next(row for row in found if row["name"] == "Masala chai")
    assert chai["image"] is None
    detail = client.get(f"/api/pwa/recipes/{chai['recipe_id']}").json()
    assert detail["image"] is None
    assert detail["category"]["name"] == "Drinks"

    drawn = dict(sql(settings, "select name, image from recipe where image is not null order by name"))
    assert drawn == {
        "Carrot and coriander soup": "catalogue-soups.svg",
        "Crispy roast potatoes": "catalogue-sides.svg",
        "Guacamole": "catalogue-snacks.svg",
        "Spiced butternut squash soup": "catalogue-soups.svg",
    }
