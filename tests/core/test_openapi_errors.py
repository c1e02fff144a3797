"""The OpenAPI document tells the truth about errors and signing in.

Every error answer it lists is `ErrorOut` (the app's `{message, errors?}`), never Litestar's
`{status_code, detail}`; each kind of route lists what it can answer; the bearer scheme guards
exactly the routes that are not public. Real error answers are checked against the document.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from litestar.routes import HTTPRoute

from larder.cookbook.schemas import PublishRejectedOut
from larder.core.web.access import IDENTIFY_KEY, PUBLIC_KEY
from larder.core.web.openapi import ErrorOut

ERROR_REF = {"$ref": "#/components/schemas/ErrorOut"}


@pytest.fixture
def document(client) -> dict[str, Any]:
    return client.get("/api/schema/openapi.json").json()


def documented_routes(client) -> list[tuple[str, str, dict[str, Any], dict[str, Any]]]:
    """(method, path as the route table has it, handler opt, operation) for every documented route."""
    paths = client.get("/api/schema/openapi.json").json()["paths"]
    found = []
    for route in client.app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for method, (handler, _) in route.route_handler_map.items():
            if handler.resolve_include_in_schema():
                found.append((method, route.path, handler.opt, paths[route.path_format][method.lower()]))
    assert len(found) > 40
    return found


def declared_raises(client) -> dict[tuple[str, str], set[int]]:
    """The statuses each route's handler declares it raises (Litestar's `raises`)."""
    return {
        (method, route.path): {exc.status_code for exc in handler.raises or ()}
        for route in client.app.routes
        if isinstance(route, HTTPRoute)
        for method, (handler, _) in route.route_handler_map.items()
    }


def error_answers(operation: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {int(status): answer for status, answer in operation["responses"].items() if int(status) >= 400}


def test_error_out_is_the_one_error_shape(document):
    error_out = document["components"]["schemas"]["ErrorOut"]
    assert error_out["required"] == ["message"]
    assert set(error_out["properties"]) == {"message", "errors", "error", "request"}
    assert error_out["properties"]["message"]["type"] == "string"
    errors = json.dumps(error_out["properties"]["errors"])
    assert '"additionalProperties": {"items": {"type": "string"}, "type": "array"}' in errors
    # Litestar's own error shape appears nowhere in the document.
    assert '"status_code"' not in json.dumps(document)


def test_every_error_answer_is_error_out(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            answers = error_answers(operation)
            assert 503 in answers, f"{method} {path}"
            for status, answer in answers.items():
                assert answer["content"] == {"application/json": {"schema": ERROR_REF}}, f"{method} {path} {status}"
                assert answer["description"]


def test_the_bearer_scheme_guards_exactly_the_routes_that_need_a_session(client, document):
    scheme = document["components"]["securitySchemes"]["bearer"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    for method, path, opt, operation in documented_routes(client):
        statuses = error_answers(operation)
        if not opt.get(PUBLIC_KEY):
            assert operation["security"] == [{"bearer": []}], f"{method} {path}"
            assert 401 in statuses, f"{method} {path}"
        elif opt.get(IDENTIFY_KEY):
            assert operation["security"] == [{}, {"bearer": []}], f"{method} {path}: the token is optional"
            assert 401 in statuses, f"{method} {path} answers 401 to a dead token"
        else:
            assert "security" not in operation, f"{method} {path} is public"
            # A public route answers 401 only when it says so (signing in with a wrong password).
            raises_401 = 401 in declared_raises(client)[(method, path)]
            assert (401 in statuses) == raises_401, f"{method} {path} is public"


def test_each_kind_of_route_lists_what_it_can_answer(client):
    for method, path, _, operation in documented_routes(client):
        statuses = set(error_answers(operation))
        where = f"{method} {path}"
        raised = declared_raises(client)[(method, path)]
        # 403: the role guard of /api/admin, or a route that says it refuses a member without the right.
        assert (403 in statuses) == (path.startswith("/api/admin/") or 403 in raised), where
        if "{" in path:
            assert 404 in statuses, where
        if "requestBody" in operation:
            assert {400, 413, 422} <= statuses, where
        else:
            assert 400 not in statuses and 413 not in statuses, where
        if any(parameter["in"] == "query" for parameter in operation.get("parameters", [])):
            assert 422 in statuses, where
        # What only the handler knows (a state that refuses, counted attempts, an id read from the
        # body) is listed exactly when the route declares it raises it.
        for status in (409, 429):
            assert (status in statuses) == (status in raised), where
        if "{" not in path:
            assert (404 in statuses) == (404 in raised), where


def test_publishing_and_verification_extras_are_error_out_fields():
    fields = set(ErrorOut.__struct_fields__)
    assert set(PublishRejectedOut.__struct_fields__) <= fields
    assert "error" in fields


def _operation(document: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    return document["paths"][path][method.lower()]


def _matches(document: dict[str, Any], method: str, path: str, response: Any) -> dict[str, Any]:
    """The answer's status is one the document lists for the route, and its body is an ErrorOut."""
    assert str(response.status_code) in _operation(document, method, path)["responses"], (
        f"{method} {path} answered {response.status_code}, which the document does not list"
    )
    body = response.json()
    assert set(body) <= set(ErrorOut.__struct_fields__), body
    msgspec.convert(body, ErrorOut)
    return body


JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def test_real_error_answers_are_what_the_document_says(client, member, document):
    bearer = member.headers
    cases = [
        ("GET", "/api/pwa/account", "/api/pwa/account", {}, 401),
        ("GET", "/api/admin/users", "/api/admin/users", {"headers": bearer}, 403),
        ("GET", "/api/pwa/recipes/999999", "/api/pwa/recipes/{recipe_id}", {}, 404),
        ("GET", "/api/pwa/recipes?page=abc", "/api/pwa/recipes", {}, 422),
        ("POST", "/api/pwa/login", "/api/pwa/login", {"content": b"{oops", "headers": JSON}, 400),
        ("POST", "/api/pwa/login", "/api/pwa/login", {"content": b"email=a", "headers": FORM}, 415),
        ("POST", "/api/pwa/login", "/api/pwa/login", {"json": {}}, 422),
        ("POST", "/api/pwa/user-saved-recipes", "/api/pwa/user-saved-recipes", {"json": {"recipe_id": 999999}}, 404),
    ]
    for method, url, path, kwargs, status in cases:
        kwargs.setdefault("headers", bearer if path.startswith("/api/pwa/user") else {})
        response = client.request(method, url, **kwargs)
        assert response.status_code == status, (url, response.text)
        body = _matches(document, method, path, response)
        assert ("errors" in body) == (status == 422), body

    failed = client.post("/api/pwa/verify-email", json={"token": "not-a-link"})
    assert _matches(document, "POST", "/api/pwa/verify-email", failed)["error"]

    for _ in range(10):
        throttled = client.post("/api/pwa/forgot-email", json={"email": "nobody@example.org"})
        if throttled.status_code == 429:
            break
    assert throttled.status_code == 429
    _matches(document, "POST", "/api/pwa/forgot-email", throttled)
