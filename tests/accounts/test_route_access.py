"""Deny by default: every route of the app is either marked public or refuses a caller without a session.

The test walks the app's own route table, so a route added later is covered without being listed:
it fails for a route that is neither public nor answers 401 without a token, and for an /api/admin
route that a signed-in household member (not an administrator) can reach.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from litestar import Litestar
from litestar.routes import HTTPRoute

from larder.core.web.access import PUBLIC_KEY

# The routes anyone may call. A new public route is a decision: add it here on purpose.
PUBLIC_ROUTES = {
    ("GET", "/api/health"),
    ("GET", "/latest-version.json"),
    ("GET", "/uploads/{name:str}"),
    ("POST", "/api/pwa/login"),
    ("POST", "/api/pwa/forgot-email"),
    ("POST", "/api/pwa/register-beta"),
    ("POST", "/api/pwa/reset-password"),
    ("POST", "/api/pwa/verify-email"),
    ("POST", "/api/pwa/contact"),
    ("GET", "/api/pwa/recipes"),
    ("GET", "/api/pwa/recipes/{recipe_id:int}"),
    ("GET", "/api/pwa/recipe-search"),
    ("POST", "/api/pwa/recipe-filter"),
    ("GET", "/api/form-options/categories"),
    ("GET", "/api/form-options/ingredients"),
    ("GET", "/api/form-options/recipes"),
    ("GET", "/api/pwa/calendar/{file_name:str}"),  # behind its secret token; a wrong one is a 404
    ("GET", "/api/pwa/imported-images/{signature:str}"),  # an <img> sends no token; unsigned links are 404
}
PUBLIC_PREFIXES = ("/api/schema", "/assets")  # the OpenAPI document and the built web app
PUBLIC_CATCH_ALLS = {"/", "/{path:path}", "/api/{path:path}"}  # the web app's client routes; unknown API paths
_PARAM = re.compile(r"\{([a-z_]+):([a-z]+)\}")
_SAMPLE = {"int": "1", "str": "x", "path": "x"}
_IGNORED_METHODS = {"HEAD", "OPTIONS"}


def http_routes(app: Litestar) -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for route in app.routes:
        if not isinstance(route, HTTPRoute):
            continue
        for method, (handler, _) in route.route_handler_map.items():
            if method not in _IGNORED_METHODS:
                found.append((method, route.path, handler.opt))
    return found


def concrete(path: str) -> str:
    return _PARAM.sub(lambda m: _SAMPLE[m.group(2)], path)


def is_declared_public(method: str, path: str) -> bool:
    return (method, path) in PUBLIC_ROUTES or path.startswith(PUBLIC_PREFIXES) or path in PUBLIC_CATCH_ALLS


@pytest.fixture
def routes(client) -> list[tuple[str, str, dict[str, Any]]]:
    found = http_routes(client.app)
    assert len(found) > 40, "the route table was not read"
    return found


def test_public_routes_are_exactly_the_declared_ones(routes):
    marked = {(method, path) for method, path, opt in routes if opt.get(PUBLIC_KEY)}
    undeclared = {(m, p) for m, p in marked if not is_declared_public(m, p)}
    assert not undeclared, f"routes marked public without being declared here: {sorted(undeclared)}"
    missing = PUBLIC_ROUTES - marked
    assert not missing, f"declared public but not marked so: {sorted(missing)}"


def test_every_other_route_answers_401_without_a_token(client, routes):
    closed = [(m, p) for m, p, opt in routes if not opt.get(PUBLIC_KEY)]
    assert len(closed) > 25
    for method, path in closed:
        response = client.request(method, concrete(path), json={})
        assert response.status_code == 401, f"{method} {path} answered {response.status_code} without a token"
        assert response.json()["message"] == "Please log in to continue."
        dead = client.request(method, concrete(path), json={}, headers={"Authorization": "Bearer not-a-token"})
        assert dead.status_code == 401, f"{method} {path} answered {dead.status_code} to a forged token"


def test_every_admin_route_answers_403_to_a_household_member(client, member, routes):
    admin_routes = [(m, p) for m, p, _ in routes if p.startswith("/api/admin")]
    assert len(admin_routes) >= 10
    for method, path in admin_routes:
        response = client.request(method, concrete(path), json={}, headers=member.headers)
        assert response.status_code == 403, f"{method} {path} answered {response.status_code} to a non-admin"
        assert response.json()["message"] == "Only an administrator may do this."


def test_a_signed_in_member_passes_the_guard(client, member):
    assert client.get("/api/pwa/account", headers=member.headers).json()["email"] == member.email


def test_a_public_route_ignores_a_dead_token(client):
    # A stale token left in the browser must not lock anyone out of signing in again.
    response = client.post(
        "/api/pwa/login",
        json={"email": "nobody@example.org", "password": "whatever1"},
        headers={"Authorization": "Bearer stale"},
    )
    assert response.status_code == 401
    assert response.json()["message"] == "Invalid email or password."
