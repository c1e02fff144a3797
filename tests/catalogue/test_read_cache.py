"""The catalogue's public reads come from memory until the catalogue changes, with ETags."""

from __future__ import annotations

import gzip
import json

import pytest

from larder.core.base.settings import Settings, SettingsError
from tests.catalogue.fixtures import seed, write_catalogue
from tests.stores.support import Statements
from tests.support import sql

FILTER = "/api/pwa/recipe-filter"


@pytest.fixture
def catalogue(settings, tmp_path):
    seed(settings, write_catalogue(tmp_path / "catalogue"))
    return {row[1]: row[0] for row in sql(settings, "select id, name from recipe")}


class OutsideWriter:
    """Another connection writing the database, as the command line or a second server would."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def execute(self, statement: str) -> None:
        sql(self.settings, statement)


@pytest.fixture
def outside_writer(settings):
    return OutsideWriter(settings)


def reads(recipe_id: int) -> list[tuple[str, str, dict | None]]:
    return [
        ("GET", "/api/pwa/recipes", None),
        ("GET", f"/api/pwa/recipes/{recipe_id}", None),
        ("GET", "/api/pwa/recipe-search?search=pasta", None),
        ("POST", FILTER, {"pageToRequest": 1, "searchString": "", "filters": []}),
        ("GET", "/api/form-options/categories", None),
        ("GET", "/api/form-options/ingredients", None),
        ("GET", "/api/form-options/recipes?search=ris", None),
    ]


def call(client, method, path, body=None, **headers):
    return client.request(method, path, json=body, headers=headers)


def test_a_repeated_read_sends_no_statement_and_the_same_answer(client, catalogue):
    for method, path, body in reads(catalogue["Tomato basil pasta"]):
        first = call(client, method, path, body)
        assert first.status_code == 200, (path, first.text)
        with Statements() as sent:
            again = call(client, method, path, body)
        assert again.status_code == 200
        assert len(sent) == 0, (path, sent.sent)
        assert again.json() == first.json()
        assert again.headers["etag"] == first.headers["etag"]


def test_a_kept_answer_is_compressed_only_for_clients_that_accept_it(client, catalogue):
    path = "/api/form-options/ingredients"
    plain = client.get(path, headers={"Accept-Encoding": "identity"})
    zipped = client.get(path, headers={"Accept-Encoding": "gzip"})
    raw = client.build_request("GET", path, headers={"Accept-Encoding": "gzip"})
    sent = client.send(raw, stream=True)
    try:
        body = b"".join(sent.iter_raw())
    finally:
        sent.close()
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert json.loads(gzip.decompress(body)) == plain.json() == zipped.json()
    assert plain.headers["vary"] == "Accept-Encoding"
    # The kept answer leaves with the same security headers as any other.
    assert plain.headers["x-content-type-options"] == "nosniff"
    assert "content-security-policy" in zipped.headers


def test_a_browser_that_has_the_answer_gets_a_304(client, catalogue):
    path = f"/api/pwa/recipes/{catalogue['Parmesan risotto']}"
    first = client.get(path)
    assert first.headers["cache-control"] == "no-cache"
    again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""
    assert client.get(path, headers={"If-None-Match": '"something-else"'}).status_code == 200


def test_an_unchanged_answer_keeps_its_etag_across_unrelated_catalogue_writes(client, catalogue, outside_writer):
    path = f"/api/pwa/recipes/{catalogue['Parmesan risotto']}"
    etag = client.get(path).headers["etag"]
    outside_writer.execute("update recipe set name = 'Pasta al pomodoro' where name = 'Tomato basil pasta'")
    assert client.get(path, headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize(
    ("change", "path_of", "expect"),
    [
        (
            "update recipe set name = 'Pasta al pomodoro' where name = 'Tomato basil pasta'",
            lambda ids: "/api/pwa/recipes",
            "Pasta al pomodoro",
        ),
        (
            "update category set name = 'Big plates' where name = 'Mains'",
            lambda ids: f"/api/pwa/recipes/{ids['Parmesan risotto']}",
            "Big plates",
        ),
        (
            "update ingredient set name = 'Arborio' where name = 'Rice'",
            lambda ids: f"/api/pwa/recipes/{ids['Parmesan risotto']}",
            "Arborio",
        ),
        (
            "update recipe_ingredient set treatment = 'grated' where recipe_id = "
            "(select id from recipe where name = 'Parmesan risotto')",
            lambda ids: f"/api/pwa/recipes/{ids['Parmesan risotto']}",
            "grated",
        ),
        (
            "update recipe_step set description = 'Stir for twenty minutes.' where recipe_id = "
            "(select id from recipe where name = 'Parmesan risotto')",
            lambda ids: f"/api/pwa/recipes/{ids['Parmesan risotto']}",
            "Stir for twenty minutes.",
        ),
        (
            "delete from recipe_step where recipe_id = (select id from recipe where name = 'Parmesan risotto')",
            lambda ids: f"/api/pwa/recipes/{ids['Parmesan risotto']}",
            '"recipe_steps":[]',
        ),
    ],
)
def test_any_write_to_the_catalogues_tables_by_anyone_is_seen_at_once(
    client, catalogue, outside_writer, change, path_of, expect
):
    path = path_of(catalogue)
    before = client.get(path)
    assert expect not in before.text
    outside_writer.execute(change)
    after = client.get(path, headers={"If-None-Match": before.headers["etag"]})
    assert after.status_code == 200
    assert expect in after.text
    assert after.headers["etag"] != before.headers["etag"]


def test_filters_with_different_bodies_are_kept_apart(client, catalogue, settings):
    tofu = sql(settings, "select id from ingredient where name = 'Tofu'")[0][0]
    everything = {"pageToRequest": 1, "searchString": "", "filters": []}
    with_tofu = {"pageToRequest": 1, "searchString": "", "filters": [{"value": tofu, "type": "ingredient"}]}
    tofu_recipes = ["Peanut noodles", "Sweet tofu bowl"]
    for _ in range(2):
        assert client.post(FILTER, json=everything).json()["total"] == len(catalogue)
        assert sorted(r["name"] for r in client.post(FILTER, json=with_tofu).json()["data"]) == tofu_recipes
    # A filter is never revalidated: a POST answers 200 whatever If-None-Match says.
    etag = client.post(FILTER, json=everything).headers["etag"]
    assert client.post(FILTER, json=everything, headers={"If-None-Match": etag}).status_code == 200


def test_refusals_and_misses_are_answered_as_before_and_never_kept(client, catalogue, outside_writer):
    for _ in range(2):
        refused = client.get("/api/pwa/recipes?page=0")
        assert refused.status_code == 422
        assert "etag" not in refused.headers
    path = f"/api/pwa/recipes/{catalogue['Crème brûlée']}"
    outside_writer.execute("update recipe set verified = false where name = 'Crème brûlée'")
    missing = client.get(path)
    assert missing.status_code == 404
    assert missing.json()["message"] == "No recipe with this id."
    assert "etag" not in missing.headers
    outside_writer.execute("update recipe set verified = true where name = 'Crème brûlée'")
    assert client.get(path).json()["name"] == "Crème brûlée"


def test_signed_in_reads_are_never_served_from_memory(client, member):
    assert client.get("/api/pwa/user-saved-recipes").status_code == 401
    assert client.get("/api/pwa/user-saved-recipes", headers=member.headers).status_code == 200
    assert client.get("/api/pwa/user-saved-recipes").status_code == 401


def test_with_no_memory_for_answers_every_read_runs(tmp_path, migrated_db):
    from litestar.testing import TestClient

    from larder.app import create_app
    from tests.support import make_settings

    settings = make_settings(str(tmp_path / "data"), template_db=migrated_db, LARDER_READ_CACHE_MB="0")
    seed(settings, write_catalogue(tmp_path / "catalogue"))
    with TestClient(create_app(settings)) as client:
        first = client.get("/api/pwa/recipes")
        with Statements() as sent:
            again = client.get("/api/pwa/recipes", headers={"If-None-Match": first.headers["etag"]})
        assert again.status_code == 304  # still answered with an ETag, made afresh
        assert len(sent) > 0
    with pytest.raises(SettingsError, match="LARDER_READ_CACHE_MB must be 0 or more"):
        Settings.from_env({"LARDER_READ_CACHE_MB": "-1"})
