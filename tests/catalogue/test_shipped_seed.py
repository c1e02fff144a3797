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
    assert (settings.uploads_dir / "catalogue-placeholder.svg").is_file()
    run_db(settings, lambda session: prepare_instance(session, settings))
    assert sql(settings, "select count(*) from recipe")[0][0] == recipes


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
