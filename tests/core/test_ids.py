"""One id type, checked at the edge: a path id outside 1..2^63-1 is a 404, a body id a 422 on its field.

The path test walks the app's own route table, so an id route added later is covered without
being listed; the wire test walks every input type, so a new body id must use `Id` too.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from litestar.routes import HTTPRoute

from larder.core.base.ids import ID_MAX, MSG_NOT_AN_ID
from tests.admin.test_admin import make_admin
from tests.core.wire_types import input_fields

OUT_OF_RANGE_PATH_IDS = ("0", "-1", str(ID_MAX + 1), "1" + "0" * 30)
_INT_PARAM = re.compile(r"\{[a-z_]+:int\}")


def id_routes(app: Any) -> list[tuple[str, str]]:
    found = []
    for route in app.routes:
        if isinstance(route, HTTPRoute) and _INT_PARAM.search(route.path):
            found += [(method, route.path) for method in route.route_handler_map if method not in ("HEAD", "OPTIONS")]
    return sorted(found)


def test_every_path_id_outside_the_range_is_not_found(client, settings, member):
    make_admin(settings, member)  # so /api/admin routes get past their guard to the id
    routes = id_routes(client.app)
    assert len(routes) >= 14
    for method, path in routes:
        for value in OUT_OF_RANGE_PATH_IDS:
            url = _INT_PARAM.sub(value, path)
            response = client.request(method, url, headers=member.headers)
            assert response.status_code == 404, (method, url, response.text)
            assert response.json() == {"message": "Not found."}, (method, url)


def test_the_largest_id_is_looked_up_and_simply_not_found(client, member):
    for url in (f"/api/pwa/recipes/{ID_MAX}", f"/api/pwa/user-imported-recipes/{ID_MAX}"):
        assert client.get(url, headers=member.headers).status_code == 404


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/pwa/user-saved-recipes", {"recipe_id": ID_MAX + 1}, "recipe_id"),
        ("/api/pwa/publish-requests/", {"entity_id": 2**70}, "entity_id"),
        ("/api/pwa/user-recipe-validate", {"category_id": ID_MAX + 1}, "category_id"),
        ("/api/pwa/user-recipe-validate", {"user_recipe_id": 10**30}, "user_recipe_id"),
        ("/api/pwa/user-recipe-validate", {"ingredients": [{"value": ID_MAX + 1}]}, "ingredients"),
        ("/api/pwa/recipe-filter", {"filters": [{"value": ID_MAX + 1, "type": "ingredient"}]}, "filters"),
    ],
)
def test_a_body_id_beyond_64_bits_is_a_422_on_its_field(client, member, path, body, field):
    response = client.post(path, headers=member.headers, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["errors"] == {field: [MSG_NOT_AN_ID]}


@pytest.mark.parametrize("value", [0, -1, -5])
def test_a_body_id_below_one_is_a_422(client, member, value):
    for path, body, field in (
        ("/api/pwa/user-saved-recipes", {"recipe_id": value}, "recipe_id"),
        ("/api/pwa/publish-requests/", {"entity_id": value}, "entity_id"),
        ("/api/pwa/user-recipe-validate", {"category_id": value}, "category_id"),
    ):
        response = client.post(path, headers=member.headers, json=body)
        assert response.status_code == 422, (path, response.text)
        assert list(response.json()["errors"]) == [field]


def test_an_admin_body_id_beyond_64_bits_is_a_422(client, settings, member):
    make_admin(settings, member)
    recipe = {
        "name": "Soup",
        "ingredients": [{"ingredient_id": ID_MAX + 1, "measurement": "g"}],
        "steps": [{"title": "Cook"}],
    }
    response = client.post("/api/admin/recipes", headers=member.headers, json=recipe)
    assert response.status_code == 422
    assert response.json()["errors"] == {"ingredients": [MSG_NOT_AN_ID]}


def test_an_id_body_out_of_range_is_a_422(client, member):
    response = client.put("/api/pwa/publish-requests/unpublish", headers=member.headers, json=2**80)
    assert response.status_code == 422
    assert response.json()["message"] == MSG_NOT_AN_ID


@pytest.mark.parametrize("value", [-5, 0])
@pytest.mark.parametrize("kind", ["ingredient", "category"])
def test_a_negative_filter_id_never_reaches_the_search_expression(client, value, kind):
    # It used to become the FTS5 token `i-5`, a syntax error answered as "The database is busy".
    response = client.post("/api/pwa/recipe-filter", json={"filters": [{"value": value, "type": kind}]})
    assert response.status_code == 422, response.text
    assert "filters" in response.json()["errors"]


@pytest.mark.parametrize("value", ["-5", "²", "0", "99999999999999999999"])
def test_a_filter_value_that_is_no_id_is_text_not_a_search_token(client, value):
    response = client.post("/api/pwa/recipe-filter", json={"filters": [{"value": value, "type": "ingredient"}]})
    assert response.status_code in (200, 422), response.text


def test_every_input_id_field_uses_the_id_type():
    """An int field named like an id, in any request body of the app, is bounded to 1..2^63-1."""
    id_fields = [f for f in input_fields() if f.is_int and (f.name == "id" or f.name.endswith("_id"))]
    assert len(id_fields) >= 8
    unbounded = [f.where for f in id_fields if (f.meta.get("ge"), f.meta.get("le")) != (1, ID_MAX)]
    assert unbounded == []
