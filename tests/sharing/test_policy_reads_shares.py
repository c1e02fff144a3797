"""The access policy reads shares: by verified e-mail only, with the role each gives (part 2 §6)."""

from __future__ import annotations

import pytest

from tests.stores.support import LISTS, STORES
from tests.support import sql


def share(settings, owner, entity_type: str, entity_id: int, email: str, can_edit: bool) -> None:
    sql(
        settings,
        "insert into share (entity_type, entity_id, owner_id, email, can_edit, created_at, updated_at) "
        "values (:t, :i, :o, :e, :c, '2026-01-01 00:00:00.000000', '2026-01-01 00:00:00.000000')",
        t=entity_type,
        i=entity_id,
        o=owner.id,
        e=email,
        c=can_edit,
    )


@pytest.fixture
def household(client, member_factory, kitchen, settings):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    store = client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=owner.headers).json()
    listed = client.post(LISTS, json={"name": "Weekly shop"}, headers=owner.headers).json()
    return owner, store["data"]["id"], listed["data"]["user_shoppinglist_id"]


def test_a_viewer_sees_but_may_not_write(client, member_factory, settings, household):
    owner, store_id, list_id = household
    viewer = member_factory("viewer_1", "viewer@example.org", verified=True)
    share(settings, owner, "UserFoodStore", store_id, "viewer@example.org", False)
    share(settings, owner, "UserShoppinglist", list_id, "viewer@example.org", False)

    stores = client.get(STORES, headers=viewer.headers).json()["data"]
    assert [(s["id"], s["role"], s["owner_name"]) for s in stores] == [(store_id, "viewer", "owner_1")]
    assert client.get(f"{LISTS}/{list_id}", headers=viewer.headers).json()["shopping_list"]["role"] == "viewer"
    refused = client.put(f"{STORES}/{store_id}", json={"name": "Mine now"}, headers=viewer.headers)
    assert refused.status_code == 403
    assert client.delete(f"{LISTS}/{list_id}", headers=viewer.headers).status_code == 403
    # The owner sees who it is shared with.
    assert client.get(f"{STORES}/{store_id}", headers=owner.headers).json()["data"]["shared_with"] == [
        {"email": "viewer@example.org", "canEdit": False}
    ]


def test_an_editor_writes_but_may_not_delete(client, member_factory, settings, household, kitchen):
    owner, store_id, _ = household
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    share(settings, owner, "UserFoodStore", store_id, "editor@example.org", True)
    stocked = client.post(
        f"{STORES}/{store_id}/items", json={"items": [{"value": kitchen.value("Flour")}]}, headers=editor.headers
    )
    assert stocked.status_code == 200 and stocked.json()["data"]["role"] == "editor"
    assert client.delete(f"{STORES}/{store_id}", headers=editor.headers).status_code == 403


def test_an_unverified_address_gets_nothing(client, member_factory, settings, household):
    owner, store_id, _ = household
    pretender = member_factory("pretender_1", "viewer@example.org", verified=False)
    share(settings, owner, "UserFoodStore", store_id, "viewer@example.org", True)
    assert client.get(STORES, headers=pretender.headers).json()["data"] == []
    assert client.get(f"{STORES}/{store_id}", headers=pretender.headers).status_code == 404


def test_deleting_an_entity_removes_its_shares(client, member_factory, settings, household):
    owner, _, list_id = household
    share(settings, owner, "UserShoppinglist", list_id, "viewer@example.org", False)
    other = client.post(STORES, json={"name": "Fridge", "description": "Kitchen"}, headers=owner.headers).json()
    share(settings, owner, "UserFoodStore", other["data"]["id"], "viewer@example.org", False)
    assert client.delete(f"{LISTS}/{list_id}", headers=owner.headers).status_code in (200, 204)
    assert client.delete(f"{STORES}/{other['data']['id']}", headers=owner.headers).status_code in (200, 204)
    assert sql(settings, "select count(*) from share") == [(0,)]
