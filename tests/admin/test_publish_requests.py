"""Administrators moderate publish requests: list, approve into the catalogue (credited), reject with a reason."""

from __future__ import annotations

from tests.cookbook.support import (
    ADMIN_REQUESTS,
    CREATOR,
    REQUESTS,
    approve,
    create,
    own,
    publish,
    search_ids,
)

# The cookbook fixtures (an explicit re-export, so pytest finds them here).
from tests.cookbook.support import admin as admin
from tests.cookbook.support import author as author
from tests.cookbook.support import catalogue as catalogue
from tests.cookbook.support import other as other


def pending_request(client, who, body) -> tuple[dict, dict]:
    recipe = create(client, who, body)
    response = publish(client, who, recipe["user_recipe_id"])
    assert response.status_code == 201, response.text
    return recipe, response.json()["data"]


def test_moderation_needs_a_token(client):
    assert client.get(ADMIN_REQUESTS).status_code == 401
    assert client.post(f"{ADMIN_REQUESTS}/1/approve").status_code == 401
    assert client.post(f"{ADMIN_REQUESTS}/1/reject", json={"reason": "No."}).status_code == 401


def test_moderation_is_for_administrators_only(client, catalogue, author):
    _, request = pending_request(client, author, catalogue.draft())
    listed = client.get(ADMIN_REQUESTS, headers=author.headers)
    assert listed.status_code == 403
    assert listed.json()["message"] == "Only an administrator may do this."
    assert approve(client, author, request["id"]).status_code == 403
    rejected = client.post(f"{ADMIN_REQUESTS}/{request['id']}/reject", headers=author.headers, json={"reason": "x"})
    assert rejected.status_code == 403
    assert own(client, author, request["entity_id"])["request"]["status"] == "pending"


def test_the_list_shows_pending_requests_with_author_recipe_and_check(client, catalogue, author, other, admin):
    recipe, request = pending_request(client, author, catalogue.draft())
    _, second = pending_request(client, other, catalogue.draft(name="Bob's bake"))
    decided = client.get(f"{REQUESTS}/{second['id']}/cancel", headers=other.headers)
    assert decided.status_code == 200
    listed = client.get(ADMIN_REQUESTS, headers=admin.headers)
    assert listed.status_code == 200
    (item,) = listed.json()
    assert {k: item[k] for k in request} == request
    assert item["author"] == {"id": author.id, "name": author.name, "email": author.email}
    assert item["recipe"] == own(client, author, recipe["user_recipe_id"])
    assert item["check"]["banned_words"] == []
    assert item["check"]["name_taken"] is False
    assert item["check"]["errors"] == []
    every = client.get(ADMIN_REQUESTS, headers=admin.headers, params={"status": "all"}).json()
    assert [(r["id"], r["status"]) for r in every] == [(second["id"], "cancelled"), (request["id"], "pending")]
    cancelled = client.get(ADMIN_REQUESTS, headers=admin.headers, params={"status": "cancelled"}).json()
    assert [r["id"] for r in cancelled] == [second["id"]]
    wrong = client.get(ADMIN_REQUESTS, headers=admin.headers, params={"status": "everything"})
    assert wrong.status_code == 422
    assert "status" in wrong.json()["errors"]


def test_approval_puts_the_recipe_in_the_catalogue_credited_to_its_author(client, catalogue, author, admin):
    recipe, request = pending_request(client, author, catalogue.draft(name="Zesty courgette bake"))
    response = approve(client, admin, request["id"])
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    assert data["status"] == "approved"
    assert data["error"] is None
    recipe_id = data["recipe"]["recipe_id"]
    assert data["recipe"]["published"] is True
    assert data["recipe"]["request"] is None
    # The author's view.
    mine = own(client, author, recipe["user_recipe_id"])
    assert (mine["published"], mine["recipe_id"], mine["request"]) == (True, recipe_id, None)
    assert client.get(f"{REQUESTS}/", headers=author.headers).json()[0]["status"] == "approved"
    # Discover: the list, the detail, search and filters.
    listed = client.get("/api/pwa/recipes").json()["data"]
    summary = next(r for r in listed if r["recipe_id"] == recipe_id)
    assert summary["author"] == author.name
    assert summary["verified"] is True
    detail = client.get(f"/api/pwa/recipes/{recipe_id}").json()
    assert detail["author"] == author.name
    assert [i["ingredient_id"] for i in detail["recipe_ingredients"]] == [
        catalogue.ingredients["Tomato"],
        catalogue.ingredients["Pasta"],
    ]
    assert [(s["title"], s["timer"]) for s in detail["recipe_steps"]] == [("Boil", "00:10:00"), ("Bake", None)]
    assert detail["category_id"] == catalogue.categories["Mains"]
    found = client.get("/api/pwa/recipe-search", params={"search": "zesty courgette"}).json()["data"]
    assert [(r["recipe_id"], r["author"]) for r in found] == [(recipe_id, author.name)]
    filtered = client.post(
        "/api/pwa/recipe-filter",
        json={
            "pageToRequest": 1,
            "searchString": "",
            "filters": [{"value": catalogue.ingredients["Tomato"], "type": "ingredient", "name": "Tomato"}],
        },
    ).json()["data"]
    assert (recipe_id, author.name) in [(r["recipe_id"], r["author"]) for r in filtered]
    by_text = client.post(
        "/api/pwa/recipe-filter", json={"pageToRequest": 1, "searchString": "courgette", "filters": []}
    ).json()["data"]
    assert [r["recipe_id"] for r in by_text] == [recipe_id]
    # Decided once.
    assert approve(client, admin, request["id"]).status_code == 409
    assert (
        client.post(f"{ADMIN_REQUESTS}/{request['id']}/reject", headers=admin.headers, json={"reason": "x"}).status_code
        == 409
    )


def test_approval_checks_again(client, catalogue, author, admin):
    _, request = pending_request(client, author, catalogue.draft(name="Summer bake"))
    # Meanwhile an administrator put a recipe of that name into the catalogue.
    body = {
        "name": "Summer Bake",
        "description": "Theirs.",
        "ingredients": [{"ingredient_id": catalogue.ingredients["Rice"], "measurement": "g"}],
        "steps": [{"title": "Cook", "description": "Cook."}],
    }
    assert client.post("/api/admin/recipes", headers=admin.headers, json=body).status_code == 201
    response = approve(client, admin, request["id"])
    assert response.status_code == 409
    assert response.json()["message"] == "This name is already taken."
    listed = client.get(ADMIN_REQUESTS, headers=admin.headers).json()
    assert [r["id"] for r in listed] == [request["id"]]  # still pending
    assert listed[0]["check"]["name_taken"] is True


def test_rejection_keeps_the_reason_for_the_author(client, catalogue, author, admin):
    recipe, request = pending_request(client, author, catalogue.draft())
    path = f"{ADMIN_REQUESTS}/{request['id']}/reject"
    for body in ({"reason": ""}, {"reason": "   "}, {"reason": "x" * 501}, {}, {"reason": 5}):
        assert client.post(path, headers=admin.headers, json=body).status_code == 422, body
    response = client.post(path, headers=admin.headers, json={"reason": "  Please add the oven temperature.  "})
    assert response.status_code == 200
    data = response.json()["data"]
    assert (data["status"], data["error"]) == ("rejected", "Please add the oven temperature.")
    mine = own(client, author, recipe["user_recipe_id"])
    assert mine["published"] is False
    assert mine["request"]["status"] == "rejected"
    assert mine["request"]["error"] == "Please add the oven temperature."
    assert client.get(ADMIN_REQUESTS, headers=admin.headers).json() == []
    assert approve(client, admin, request["id"]).status_code == 409
    # The author may cancel the rejected request, or edit and ask again.
    assert client.get(f"{REQUESTS}/{request['id']}/cancel", headers=author.headers).status_code == 200
    assert publish(client, author, recipe["user_recipe_id"]).status_code == 201


def test_unknown_and_cancelled_requests_cannot_be_decided(client, catalogue, author, admin):
    _, request = pending_request(client, author, catalogue.draft())
    assert client.get(f"{REQUESTS}/{request['id']}/cancel", headers=author.headers).status_code == 200
    assert approve(client, admin, request["id"]).status_code == 409
    for request_id in ("999999", "99999999999999999999999"):
        assert approve(client, admin, request_id).status_code == 404
        reject = client.post(f"{ADMIN_REQUESTS}/{request_id}/reject", headers=admin.headers, json={"reason": "x"})
        assert reject.status_code == 404


def test_a_deleted_recipe_leaves_the_moderation_list(client, catalogue, author, admin):
    recipe, _ = pending_request(client, author, catalogue.draft())
    assert client.delete(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers).status_code == 204
    assert client.get(ADMIN_REQUESTS, headers=admin.headers).json() == []
    assert client.get(ADMIN_REQUESTS, headers=admin.headers, params={"status": "all"}).json() == []


def test_re_approval_after_an_edit_keeps_the_catalogue_id(client, catalogue, author, admin):
    recipe, request = pending_request(client, author, catalogue.draft(name="Courgette bake"))
    recipe_id = approve(client, admin, request["id"]).json()["data"]["recipe"]["recipe_id"]
    client.put(
        f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers, json=catalogue.draft(name="Marrow bake")
    )
    again = publish(client, author, recipe["user_recipe_id"]).json()["data"]
    approved = approve(client, admin, again["id"]).json()["data"]
    assert approved["recipe"]["recipe_id"] == recipe_id
    assert client.get(f"/api/pwa/recipes/{recipe_id}").json()["name"] == "Marrow bake"
    assert search_ids(client, "courgette") == []
    assert search_ids(client, "marrow") == [recipe_id]
