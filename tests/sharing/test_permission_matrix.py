"""Part 2 §6 on every endpoint of lists, stores, meal plans and shares: anonymous, stranger,
shared to view, shared to edit and owner, each against a fresh household. A new endpoint without a
row fails."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.stores.support import LISTS, STORES

SHARE = "/api/pwa/share"
PLANS = "/api/pwa/user-mealplans"
ROLES = ("anonymous", "stranger", "viewer", "editor", "owner")


@dataclass(frozen=True)
class Call:
    method: str
    route: str  # as the app's route table names it
    path: str  # with {store}, {list} and {plan} for the household's shared store, list and plan
    body: Any = None


OK = (200, 201, 204)
# Expected status per role, in ROLES' order; OK stands for any success.
MATRIX: list[tuple[Call, tuple[Any, ...]]] = [
    (Call("GET", "/api/pwa/user-shoppinglists/{list_id:int}", LISTS + "/{list}"), (401, 404, OK, OK, OK)),
    (
        Call("PUT", "/api/pwa/user-shoppinglists/{list_id:int}", LISTS + "/{list}", {"name": "Renamed"}),
        (401, 404, 403, OK, OK),
    ),
    (Call("DELETE", "/api/pwa/user-shoppinglists/{list_id:int}", LISTS + "/{list}"), (401, 404, 403, 403, OK)),
    (
        Call(
            "POST",
            "/api/pwa/user-shoppinglists/{list_id:int}/merge",
            LISTS + "/{list}/merge",
            {"ingredients": [{"name": "Candles"}]},
        ),
        (401, 404, 403, OK, OK),
    ),
    (
        Call(
            "POST",
            "/api/pwa/user-shoppinglists/{list_id:int}/complete",
            LISTS + "/{list}/complete",
            {"request_id": "matrix-0001", "checked": []},
        ),
        (401, 404, 403, OK, OK),
    ),
    (Call("GET", "/api/pwa/stores/{store_id:int}", STORES + "/{store}"), (401, 404, OK, OK, OK)),
    (Call("PUT", "/api/pwa/stores/{store_id:int}", STORES + "/{store}", {"name": "Renamed"}), (401, 404, 403, OK, OK)),
    (Call("DELETE", "/api/pwa/stores/{store_id:int}", STORES + "/{store}"), (401, 404, 403, 403, OK)),
    (Call("GET", "/api/pwa/stores/{store_id:int}/default", STORES + "/{store}/default"), (401, 404, OK, OK, OK)),
    (
        Call("POST", "/api/pwa/stores/{store_id:int}/items", STORES + "/{store}/items", {"items": [{"name": "Jam"}]}),
        (401, 404, 403, OK, OK),
    ),
    (Call("GET", "/api/pwa/user-mealplans/{plan_id:int}", PLANS + "/{plan}"), (401, 404, OK, OK, OK)),
    (
        Call("PUT", "/api/pwa/user-mealplans/{plan_id:int}", PLANS + "/{plan}", {"name": "Renamed"}),
        (401, 404, 403, OK, OK),
    ),
    (
        Call("PUT", "/api/pwa/user-mealplans/{plan_id:int}", PLANS + "/{plan}", {"start_date": "2028-02-29"}),
        (401, 404, 403, OK, OK),
    ),
    (Call("DELETE", "/api/pwa/user-mealplans/{plan_id:int}", PLANS + "/{plan}"), (401, 404, 403, 403, OK)),
    (
        Call("GET", "/api/pwa/user-mealplans/{plan_id:int}/ingredients", PLANS + "/{plan}/ingredients"),
        (401, 404, OK, OK, OK),
    ),
    (
        Call(
            "POST",
            "/api/pwa/user-mealplans/{plan_id:int}/complete",
            PLANS + "/{plan}/complete",
            {"recipes": [{"day": 0, "index": 0}]},
        ),
        (401, 404, 403, OK, OK),
    ),
    (
        Call(
            "PUT",
            "/api/pwa/share",
            SHARE,
            {"entity_id": "{plan}", "type": "UserMealplan", "shared_with": [{"email": "new@example.org"}]},
        ),
        (401, 404, 403, 403, OK),
    ),
    (
        Call(
            "PUT",
            "/api/pwa/share/default",
            SHARE + "/default",
            {"entity_id": "{store}", "entity_type": "UserFoodStore"},
        ),
        (401, 404, 403, OK, OK),
    ),
    (
        Call(
            "PUT",
            "/api/pwa/share",
            SHARE,
            {"entity_id": "{list}", "type": "UserShoppinglist", "shared_with": [{"email": "new@example.org"}]},
        ),
        (401, 404, 403, 403, OK),
    ),
    (
        Call(
            "PUT",
            "/api/pwa/share/remove",
            SHARE + "/remove",
            {"entity_id": "{list}", "entity_type": "UserShoppinglist"},
        ),
        (401, 404, OK, OK, 403),
    ),
]
# Calls about no one entity (the caller's own collections): any signed-in member, nobody else.
COLLECTIONS = {
    ("GET", "/api/pwa/user-shoppinglists"),
    ("POST", "/api/pwa/user-shoppinglists"),
    ("GET", "/api/pwa/stores"),
    ("POST", "/api/pwa/stores"),
    ("GET", "/api/pwa/share"),
    ("GET", "/api/pwa/user-mealplans"),
    ("POST", "/api/pwa/user-mealplans"),
    # A receipt is read for the caller, and what they confirm is learned for them alone.
    ("POST", "/api/pwa/receipt-scan"),
    ("POST", "/api/pwa/receipt-scan/matches"),
}


def fill(value: Any, ids: dict[str, int]) -> Any:
    if isinstance(value, dict):
        return {k: fill(v, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [fill(v, ids) for v in value]
    if isinstance(value, str) and value in ("{store}", "{list}", "{plan}"):
        return ids[value[1:-1]]
    return value


@pytest.fixture
def household(client, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    people = {
        "owner": owner,
        "viewer": member_factory("viewer_1", "viewer@example.org", verified=True),
        "editor": member_factory("editor_1", "editor@example.org", verified=True),
        "stranger": member_factory("stranger_1", "stranger@example.org", verified=True),
    }
    client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=owner.headers)  # the default
    store = client.post(STORES, json={"name": "Fridge", "description": "Kitchen"}, headers=owner.headers).json()
    listed = client.post(LISTS, json={"name": "Weekly shop"}, headers=owner.headers).json()
    plan = client.post(
        PLANS + "/",
        json={"name": "Family week", "recipes": [{"day": 0, "recipes": [{"name": "Soup", "type": "CUSTOM"}]}]},
        headers=owner.headers,
    ).json()
    ids = {
        "store": store["data"]["id"],
        "list": listed["data"]["user_shoppinglist_id"],
        "plan": plan["data"]["user_mealplan_id"],
    }
    shared = (("UserFoodStore", ids["store"]), ("UserShoppinglist", ids["list"]), ("UserMealplan", ids["plan"]))
    for entity_type, entity_id in shared:
        body = {
            "entity_id": entity_id,
            "type": entity_type,
            "shared_with": [
                {"email": "viewer@example.org", "canEdit": False},
                {"email": "editor@example.org", "canEdit": True},
            ],
        }
        assert client.put(SHARE, json=body, headers=owner.headers).status_code == 200
    return people, ids


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize(("call", "expected"), MATRIX, ids=[f"{c.method} {c.path}" for c, _ in MATRIX])
def test_matrix(client, household, call, expected, role):
    people, ids = household
    headers = people[role].headers if role in people else {}
    path = call.path.format(**ids)
    answer = client.request(call.method, path, json=fill(call.body, ids), headers=headers)
    wanted = expected[ROLES.index(role)]
    if wanted == OK:
        assert answer.status_code in OK, answer.text
    else:
        assert answer.status_code == wanted, answer.text
    if role == "stranger":
        assert "Weekly shop" not in answer.text and "Fridge" not in answer.text and "Family" not in answer.text


def test_every_endpoint_of_lists_stores_plans_shares_and_receipts_has_a_row(client):
    routes = {
        (method, route.path)
        for route in client.app.routes
        if route.path.startswith(
            (
                "/api/pwa/user-shoppinglists",
                "/api/pwa/stores",
                "/api/pwa/user-mealplans",
                "/api/pwa/share",
                "/api/pwa/receipt-scan",
            )
        )
        for method in getattr(route, "methods", ())
        if method not in ("HEAD", "OPTIONS")
    }
    covered = {(call.method, call.route) for call, _ in MATRIX} | COLLECTIONS
    assert len(routes) >= len(covered), f"the route table was not read: {sorted(routes)}"
    assert routes - covered == set(), "endpoints without a row in the permission matrix"
