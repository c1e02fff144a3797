"""What every answer says about itself: caching of private answers, OPTIONS, and a document whose
numbers and media types are the ones the server uses."""

from __future__ import annotations

from typing import Any

import pytest

from larder.core.base.ids import ID_MAX
from larder.core.web.openapi import exact_integers


def test_a_signed_in_json_answer_is_stored_by_nobody(client, member):
    response = client.get("/api/pwa/user-shoppinglists", headers=member.headers)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"


def test_an_answer_with_its_own_caching_keeps_it(client, member):
    # The catalogue's public reads revalidate with their ETag, signed in or not.
    signed_in = client.get("/api/pwa/recipes", headers=member.headers)
    anonymous = client.get("/api/pwa/recipes")
    assert signed_in.headers["cache-control"] == anonymous.headers["cache-control"] == "no-cache"
    assert "etag" in signed_in.headers


def test_an_anonymous_answer_is_not_marked(client):
    assert "no-store" not in client.get("/api/health").headers.get("cache-control", "")


@pytest.mark.parametrize("path", ["/api/pwa/user-shoppinglists", "/api/health", "/api/admin/users"])
def test_options_names_the_methods_without_a_session(client, path):
    response = client.options(path)
    assert response.status_code == 204
    assert "OPTIONS" in response.headers["allow"]
    assert response.content == b""


def test_options_opens_nothing_else(client):
    # The methods a path allows still want their session.
    assert client.get("/api/pwa/user-shoppinglists").status_code == 401
    assert client.get("/api/admin/users").status_code == 401


def _integer_schemas(node: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found.append(node)
        for value in node.values():
            found += _integer_schemas(value)
    elif isinstance(node, list):
        for value in node:
            found += _integer_schemas(value)
    return found


def test_integer_bounds_are_written_as_integers(client):
    document = client.get("/api/schema/openapi.json").json()
    bounds = [
        (schema, key)
        for schema in _integer_schemas(document)
        for key in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum")
        if key in schema
    ]
    assert bounds
    assert [(schema, key) for schema, key in bounds if not isinstance(schema[key], int)] == []
    recipe = document["paths"]["/api/pwa/recipes/{recipe_id}"]["get"]["parameters"][0]["schema"]
    assert recipe["maximum"] == ID_MAX


def test_a_bound_beyond_64_bits_is_the_end_of_the_range():
    assert exact_integers({"type": "integer", "maximum": float(2**63)}) == {"type": "integer", "maximum": 2**63 - 1}
    assert exact_integers({"type": "number", "maximum": 1.5}) == {"type": "number", "maximum": 1.5}


def test_the_event_stream_is_documented_as_one(client):
    document = client.get("/api/schema/openapi.json").json()
    answers = document["paths"]["/api/pwa/events"]["get"]["responses"]
    assert list(answers["200"]["content"]) == ["text/event-stream"]
    assert "429" in answers
