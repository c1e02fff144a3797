"""Publish requests of the author: request, check failures kept as rejected, cancel, unpublish, edits."""

from __future__ import annotations

from tests.cookbook.support import (
    CREATOR,
    REQUESTS,
    approve,
    create,
    own,
    publish,
    published_copy,
    search_ids,
)
from tests.support import sql


def requests_of(client, who):
    response = client.get(REQUESTS + "/", headers=who.headers)
    assert response.status_code == 200
    return response.json()


def test_publishing_makes_a_pending_request(client, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    response = publish(client, author, recipe["user_recipe_id"])
    assert response.status_code == 201
    request = response.json()["data"]
    assert request["entity_id"] == recipe["user_recipe_id"]
    assert request["entity_type"] == "UserRecipe"
    assert request["status"] == "pending"
    assert request["error"] is None
    assert own(client, author, recipe["user_recipe_id"])["request"] == request
    assert requests_of(client, author) == [request]
    assert client.get(REQUESTS, headers=author.headers).json() == [request]  # without the slash too
    # A second request while one is pending.
    again = publish(client, author, recipe["user_recipe_id"])
    assert again.status_code == 409
    assert again.json()["message"] == "This recipe is already waiting for approval."


def failed_publish(client, who, recipe_id, message):
    response = publish(client, who, recipe_id)
    assert response.status_code == 409, response.text
    body = response.json()
    assert body["message"] == message
    assert body["error"] == message
    assert body["request"]["status"] == "rejected"
    assert body["request"]["error"] == message
    # Kept: the author sees the rejected request and why.
    assert own(client, who, recipe_id)["request"] == body["request"]
    assert requests_of(client, who)[0] == body["request"]
    return body["request"]


def test_custom_ingredients_block_publishing_but_not_saving(client, catalogue, author):
    recipe = create(
        client,
        author,
        catalogue.draft(ingredients=[{"value": None, "name": "Dragon fruit"}, {"value": 1, "name": "Tomato"}]),
    )
    failed_publish(
        client, author, recipe["user_recipe_id"], "This Recipe Cannot be published as it as unknown ingredients."
    )


def test_banned_words_block_publishing(client, catalogue, author):
    recipe = create(client, author, catalogue.draft(description="Really SH!T hot"))
    failed_publish(client, author, recipe["user_recipe_id"], "Contains banned words or symbols")
    scripted = create(client, author, catalogue.draft(name="Other", steps=[{"title": "<script>", "description": "x"}]))
    failed_publish(client, author, scripted["user_recipe_id"], "Contains banned words or symbols")


def test_banned_words_are_reported_before_custom_ingredients(client, catalogue, author):
    recipe = create(
        client, author, catalogue.draft(name="F*ck it", ingredients=[{"value": None, "name": "Dragon fruit"}])
    )
    failed_publish(client, author, recipe["user_recipe_id"], "Contains banned words or symbols")


def test_a_taken_name_blocks_publishing(client, catalogue, author, other, admin):
    recipe = create(client, author, catalogue.draft(name="Tomato Basil Pasta"))
    failed_publish(client, author, recipe["user_recipe_id"], "This name is already taken.")
    theirs = create(client, other, catalogue.draft(name="Shared name"))
    mine = create(client, author, catalogue.draft(name="shared name"))
    their_request = publish(client, other, theirs["user_recipe_id"])
    # Another household's request waiting for approval is private and blocks nobody...
    my_request = publish(client, author, mine["user_recipe_id"])
    assert my_request.status_code == 201
    # ...the catalogue decides: once theirs is approved, mine can no longer be.
    assert approve(client, admin, their_request.json()["data"]["id"]).status_code == 200
    refused = approve(client, admin, my_request.json()["data"]["id"])
    assert refused.status_code == 409
    assert refused.json()["message"] == "This name is already taken."


def test_an_invalid_stored_recipe_fails_with_the_first_section_5_message(client, settings, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    # A stored recipe whose step lost its title (data written before a rule existed, say).
    sql(settings, "update user_recipe_step set title = '' where step_key = 'step-b'")
    failed_publish(client, author, recipe["user_recipe_id"], "Step 2 title is required")


def test_a_rejected_recipe_may_be_published_again_after_a_fix(client, catalogue, author):
    recipe = create(client, author, catalogue.draft(ingredients=[{"value": None, "name": "Dragon fruit"}]))
    failed_publish(
        client, author, recipe["user_recipe_id"], "This Recipe Cannot be published as it as unknown ingredients."
    )
    fixed = client.put(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers, json=catalogue.draft())
    assert fixed.json()["data"]["request"] is None  # the edit cancelled the rejected request
    response = publish(client, author, recipe["user_recipe_id"])
    assert response.status_code == 201
    assert [r["status"] for r in requests_of(client, author)] == ["pending", "cancelled"]


def test_cancelling_a_request(client, catalogue, author, other):
    recipe = create(client, author, catalogue.draft())
    request = publish(client, author, recipe["user_recipe_id"]).json()["data"]
    cancel = f"{REQUESTS}/{request['id']}/cancel"
    assert client.get(cancel, headers=other.headers).status_code == 404
    response = client.get(cancel, headers=author.headers)
    assert response.status_code == 200
    assert response.json()["data"]["status"] == "cancelled"
    assert own(client, author, recipe["user_recipe_id"])["request"] is None
    assert client.get(cancel, headers=author.headers).status_code == 409
    assert client.get(f"{REQUESTS}/999999/cancel", headers=author.headers).status_code == 404
    assert client.get(f"{REQUESTS}/99999999999999999999999/cancel", headers=author.headers).status_code == 404
    # Publishing again after a cancel is fine.
    assert publish(client, author, recipe["user_recipe_id"]).status_code == 201


def test_a_rejected_request_can_be_cancelled(client, catalogue, author):
    recipe = create(client, author, catalogue.draft(name="Tomato basil pasta"))
    request = failed_publish(client, author, recipe["user_recipe_id"], "This name is already taken.")
    response = client.get(f"{REQUESTS}/{request['id']}/cancel", headers=author.headers)
    assert response.json()["data"]["status"] == "cancelled"
    assert own(client, author, recipe["user_recipe_id"])["request"] is None


def test_another_user_gets_404_on_publish_cancel_and_unpublish(client, catalogue, author, other, admin):
    recipe = published_copy(client, author, catalogue.draft(), admin)
    assert publish(client, other, recipe["user_recipe_id"]).status_code == 404
    draft = create(client, author, catalogue.draft(name="Second"))
    request = publish(client, author, draft["user_recipe_id"]).json()["data"]
    assert client.get(f"{REQUESTS}/{request['id']}/cancel", headers=other.headers).status_code == 404
    unpublish = client.put(f"{REQUESTS}/unpublish", headers=other.headers, json=recipe["user_recipe_id"])
    assert unpublish.status_code == 404
    assert own(client, author, recipe["user_recipe_id"])["published"] is True
    assert requests_of(client, other) == []


def test_publish_request_bodies_are_checked(client, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    for body, status in (
        ({"entity_id": recipe["user_recipe_id"], "entity_type": "Recipe"}, 422),
        ({"entity_type": "UserRecipe"}, 422),
        ({"entity_id": "one"}, 422),
        ({"entity_id": 999999, "entity_type": "UserRecipe"}, 404),
        # An id outside 1..2^63-1 is refused by the wire type, on its field.
        ({"entity_id": 2**70, "entity_type": "UserRecipe"}, 422),
        ({"entity_id": -1, "entity_type": "UserRecipe"}, 422),
    ):
        assert client.post(REQUESTS + "/", headers=author.headers, json=body).status_code == status, body
    json_body = {**author.headers, "Content-Type": "application/json"}
    assert client.post(REQUESTS + "/", headers=json_body, content=b"[").status_code == 400
    assert requests_of(client, author) == []


def test_publish_calls_need_a_token(client):
    assert client.get(REQUESTS + "/").status_code == 401
    assert client.post(REQUESTS + "/", json={"entity_id": 1, "entity_type": "UserRecipe"}).status_code == 401
    assert client.get(f"{REQUESTS}/1/cancel").status_code == 401
    assert client.put(f"{REQUESTS}/unpublish", json=1).status_code == 401


# -- the whole life cycle --------------------------------------------------------------------------------


def test_unpublishing_takes_the_recipe_out_of_the_catalogue_and_search(client, catalogue, author, admin):
    recipe = published_copy(client, author, catalogue.draft(name="Zesty courgette bake"), admin)
    recipe_id = recipe["recipe_id"]
    assert recipe["published"] is True
    assert client.get(f"/api/pwa/recipes/{recipe_id}").status_code == 200
    assert search_ids(client, "zesty") == [recipe_id]
    # Already published: no second request.
    assert publish(client, author, recipe["user_recipe_id"]).status_code == 409
    response = client.put(f"{REQUESTS}/unpublish", headers=author.headers, json=recipe["user_recipe_id"])
    assert response.status_code == 200
    data = response.json()["data"]
    assert (data["published"], data["recipe_id"], data["request"]) == (False, recipe_id, None)
    assert client.get(f"/api/pwa/recipes/{recipe_id}").status_code == 404
    assert search_ids(client, "zesty") == []
    assert recipe_id not in [r["recipe_id"] for r in client.get("/api/pwa/recipes").json()["data"]]
    # Not published any more.
    again = client.put(
        f"{REQUESTS}/unpublish", headers=author.headers, json={"user_recipe_id": recipe["user_recipe_id"]}
    )
    assert again.status_code == 409


def test_unpublish_takes_the_id_as_an_object_too(client, catalogue, author, admin):
    recipe = published_copy(client, author, catalogue.draft(), admin)
    response = client.put(
        f"{REQUESTS}/unpublish", headers=author.headers, json={"user_recipe_id": recipe["user_recipe_id"]}
    )
    assert response.status_code == 200
    assert response.json()["data"]["published"] is False
    for body in ({"id": 1}, [1], "x", None):
        assert client.put(f"{REQUESTS}/unpublish", headers=author.headers, json=body).status_code in (400, 422)
    # An id outside 1..2^63-1 is refused by the wire type (it was a 404 when it reached the service).
    assert client.put(f"{REQUESTS}/unpublish", headers=author.headers, json=2**80).status_code == 422


def test_editing_a_pending_recipe_cancels_its_request(client, catalogue, author):
    recipe = create(client, author, catalogue.draft())
    request = publish(client, author, recipe["user_recipe_id"]).json()["data"]
    edited = client.put(
        f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers, json=catalogue.draft(name="Renamed")
    )
    assert edited.status_code == 200
    assert edited.json()["data"]["request"] is None
    (latest,) = requests_of(client, author)
    assert (latest["id"], latest["status"]) == (request["id"], "cancelled")
    assert client.get(f"{REQUESTS}/{request['id']}/cancel", headers=author.headers).status_code == 409


def test_editing_a_published_recipe_makes_it_private_until_reapproved(client, catalogue, author, admin):
    recipe = published_copy(client, author, catalogue.draft(name="Courgette bake"), admin)
    recipe_id = recipe["recipe_id"]
    # A household member saved the catalogue copy.
    assert (
        client.post("/api/pwa/user-saved-recipes", headers=admin.headers, json={"recipe_id": recipe_id}).status_code
        == 201
    )
    edited = client.put(
        f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers, json=catalogue.draft(name="Marrow bake")
    )
    data = edited.json()["data"]
    assert (data["published"], data["recipe_id"]) == (False, recipe_id)
    assert client.get(f"/api/pwa/recipes/{recipe_id}").status_code == 404
    assert search_ids(client, "courgette") == []
    assert client.get("/api/pwa/user-saved-recipes", headers=admin.headers).json() == []
    # Re-approval rewrites the same catalogue row: saved links work again, with the new content.
    request = publish(client, author, recipe["user_recipe_id"]).json()["data"]
    assert approve(client, admin, request["id"]).status_code == 200
    assert own(client, author, recipe["user_recipe_id"])["recipe_id"] == recipe_id
    assert client.get(f"/api/pwa/recipes/{recipe_id}").json()["name"] == "Marrow bake"
    assert search_ids(client, "marrow") == [recipe_id]
    assert [r["recipe_id"] for r in client.get("/api/pwa/user-saved-recipes", headers=admin.headers).json()] == [
        recipe_id
    ]


def test_deleting_a_published_recipe_withdraws_it_and_cancels_requests(client, catalogue, author, admin):
    recipe = published_copy(client, author, catalogue.draft(name="Courgette bake"), admin)
    pending = create(client, author, catalogue.draft(name="Pending one"))
    publish(client, author, pending["user_recipe_id"])
    assert client.delete(f"{CREATOR}/{recipe['user_recipe_id']}", headers=author.headers).status_code == 204
    assert client.delete(f"{CREATOR}/{pending['user_recipe_id']}", headers=author.headers).status_code == 204
    assert client.get(f"/api/pwa/recipes/{recipe['recipe_id']}").status_code == 404
    assert search_ids(client, "courgette") == []
    assert [r["status"] for r in requests_of(client, author)] == ["cancelled", "approved"]


def test_a_catalogue_copy_removed_by_an_administrator_is_no_longer_published(client, catalogue, author, admin):
    recipe = published_copy(client, author, catalogue.draft(), admin)
    assert client.delete(f"/api/admin/recipes/{recipe['recipe_id']}", headers=admin.headers).status_code == 204
    mine = own(client, author, recipe["user_recipe_id"])
    assert (mine["published"], mine["recipe_id"]) == (False, None)
    assert publish(client, author, recipe["user_recipe_id"]).status_code == 201
