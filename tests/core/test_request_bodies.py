"""How every JSON body is read (core/web/requests.py): JSON only, strict types, and never a 500.

The endpoint-wide tests walk the app's route table: every handler that takes a JSON body is sent
the bad body, so an endpoint added later is covered without being listed here.
"""

from __future__ import annotations

import re

import pytest
from litestar.enums import RequestEncodingType
from litestar.routes import HTTPRoute

from larder.core.web.requests import MSG_NOT_JSON, MSG_NOT_UTF8, MSG_TOO_DEEP
from tests.admin.test_admin import make_admin

_PARAM = re.compile(r"\{[a-z_]+:int\}")
DEPTH = 1000


def json_endpoints(app) -> list[tuple[str, str]]:
    found = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for method, (handler, _) in route.route_handler_map.items():
            data = handler.parsed_fn_signature.parameters.get("data")
            media_type = getattr(data.kwarg_definition, "media_type", None) if data is not None else None
            if data is not None and media_type in (None, RequestEncodingType.JSON):
                found.append((method, _PARAM.sub("1", route.path)))
    return sorted(found)


@pytest.fixture
def admin(settings, member):
    make_admin(settings, member)  # so /api/admin handlers read their body too
    return member


def send(client, admin, method, path, content, content_type="application/json"):
    headers = {**admin.headers, "Content-Type": content_type}
    return client.request(method, path, content=content, headers=headers)


def test_the_route_table_has_json_endpoints(client):
    assert len(json_endpoints(client.app)) >= 20


def test_every_json_endpoint_refuses_a_body_nested_a_thousand_deep(client, admin):
    deep = "[" * DEPTH + "]" * DEPTH
    for body in (deep, *(f'{{"{key}": {deep}}}' for key in ("unknown", "steps", "filters"))):
        for method, path in json_endpoints(client.app):
            response = send(client, admin, method, path, body.encode())
            assert response.status_code == 400, (method, path, body[:20], response.text)
            assert response.json() == {"message": MSG_TOO_DEEP}


def test_deep_nesting_gets_its_own_message(client, admin):
    deep = "[" * DEPTH + "]" * DEPTH
    response = send(client, admin, "POST", "/api/pwa/recipe-filter", f'{{"unknown": {deep}}}'.encode())
    assert response.status_code == 400
    assert response.json() == {"message": MSG_TOO_DEEP}


def test_every_json_endpoint_refuses_a_body_that_is_not_utf8(client, admin):
    for method, path in json_endpoints(client.app):
        response = send(client, admin, method, path, b'{"name": "\xff\xfe caf\xe9"}')
        assert response.status_code == 400, (method, path, response.text)
        assert response.json() == {"message": MSG_NOT_UTF8}


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", ""])
def test_every_json_endpoint_refuses_a_body_that_is_not_sent_as_json(client, admin, content_type):
    for method, path in json_endpoints(client.app):
        response = send(client, admin, method, path, b'{"name": "x"}', content_type)
        assert response.status_code == 415, (method, path, response.text)
        assert response.json() == {"message": MSG_NOT_JSON}


@pytest.mark.parametrize("content_type", ["application/json; charset=utf-8", "application/merge-patch+json"])
def test_json_content_types_with_parameters_or_a_suffix_are_json(client, content_type):
    response = client.post(
        "/api/pwa/recipe-filter", content=b'{"searchString": ""}', headers={"Content-Type": content_type}
    )
    assert response.status_code == 200, response.text


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/pwa/user-recipe-validate", {"serves": "2"}, "serves"),
        ("/api/pwa/user-recipe-validate", {"published": "true"}, "published"),
        ("/api/pwa/user-recipe-validate", {"ingredients": [{"quantity": "1.5"}]}, "ingredients"),
        ("/api/pwa/user-saved-recipes", {"recipe_id": "3"}, "recipe_id"),
        ("/api/pwa/recipe-filter", {"pageToRequest": "1"}, "pageToRequest"),
        ("/api/pwa/publish-requests/", {"entity_id": 1.5}, "entity_id"),
        ("/api/pwa/recipe-filter", {"pageToRequest": 1e30}, "pageToRequest"),
    ],
)
def test_values_of_the_wrong_json_type_are_not_coerced(client, member, path, body, field):
    response = client.post(path, headers=member.headers, json=body)
    assert response.status_code == 422, response.text
    assert list(response.json()["errors"]) == [field]


def test_a_whole_number_written_with_a_fraction_is_that_integer(client, member):
    # JSON has one kind of number, and JSON Schema calls 2.0 an integer: so does the server.
    response = client.post(
        "/api/pwa/user-recipe-validate", headers=member.headers, json={"name": "Soup", "serves": 2.0}
    )
    assert response.status_code == 200, response.text
    assert "serves" not in response.json().get("errors", {})


def test_a_well_typed_body_is_still_accepted(client, member):
    response = client.post("/api/pwa/user-recipe-validate", headers=member.headers, json={"name": "Soup", "serves": 2})
    assert response.status_code == 200, response.text


@pytest.mark.parametrize("content", [b"", b"null"])
def test_an_empty_body_is_a_400(client, content):
    response = client.post("/api/pwa/login", content=content, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json() == {"message": "The request body must be a JSON object."}
