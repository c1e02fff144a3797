"""The default store (DESIGN "Part 2"): a member's first store, set with PUT /share/default, never deleted."""

from __future__ import annotations

import pytest

from larder.stores.messages import MSG_DEFAULT_UNDELETABLE
from tests.stores.support import STORES, get_store, new_store, snapshot

SET_DEFAULT = "/api/pwa/share/default"


def set_default(client, member, store_id, entity_type="UserFoodStore"):
    return client.put(SET_DEFAULT, json={"entity_id": store_id, "entity_type": entity_type}, headers=member.headers)


def default_of(client, member, store_id):
    response = client.get(f"{STORES}/{store_id}/default", headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_first_store_becomes_the_default(client, member):
    first = new_store(client, member, "Pantry")
    second = new_store(client, member, "Fridge")
    assert (first["default"], second["default"]) == (True, False)
    assert default_of(client, member, first["id"]) == {"data": {"id": first["id"], "default": True}}
    assert default_of(client, member, second["id"]) == {"data": {"id": second["id"], "default": False}}
    listed = client.get(STORES, headers=member.headers).json()["data"]
    assert [(s["name"], s["default"]) for s in listed] == [("Pantry", True), ("Fridge", False)]


def test_put_share_default_moves_the_default(client, member):
    first = new_store(client, member, "Pantry")
    second = new_store(client, member, "Fridge")
    response = set_default(client, member, second["id"])
    assert response.status_code == 200, response.text
    assert response.json() == {"data": {"id": second["id"], "default": True}}
    assert default_of(client, member, first["id"])["data"]["default"] is False
    assert default_of(client, member, second["id"])["data"]["default"] is True
    assert get_store(client, member, second["id"])["default"] is True
    assert get_store(client, member, first["id"])["default"] is False
    # Setting it again changes nothing.
    assert set_default(client, member, second["id"]).status_code == 200
    listed = client.get(STORES, headers=member.headers).json()["data"]
    assert [s["default"] for s in listed] == [False, True]


def test_the_default_store_cannot_be_deleted_another_can(client, member, settings):
    first = new_store(client, member, "Pantry")
    second = new_store(client, member, "Fridge")
    before = snapshot(settings)
    refused = client.delete(f"{STORES}/{first['id']}", headers=member.headers)
    assert refused.status_code == 409
    assert refused.json() == {"message": MSG_DEFAULT_UNDELETABLE}
    assert snapshot(settings) == before
    assert client.delete(f"{STORES}/{second['id']}", headers=member.headers).status_code == 204
    # Once another store is the default, the first may go.
    third = new_store(client, member, "Freezer")
    assert third["default"] is False
    assert set_default(client, member, third["id"]).status_code == 200
    assert client.delete(f"{STORES}/{first['id']}", headers=member.headers).status_code == 204
    assert client.delete(f"{STORES}/{third['id']}", headers=member.headers).status_code == 409


def test_each_member_has_their_own_default(client, member_factory):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    alices = new_store(client, alice, "Pantry")
    bobs = new_store(client, bob, "Pantry")
    assert alices["default"] is True and bobs["default"] is True


@pytest.mark.parametrize(
    "body",
    [
        {"entity_id": 1, "entity_type": "UserShoppinglist"},
        {"entity_id": 1, "entity_type": "userfoodstore"},
        {"entity_id": 1},
        {"entity_type": "UserFoodStore"},
        {"entity_id": 0, "entity_type": "UserFoodStore"},
        {"entity_id": "1", "entity_type": "UserFoodStore"},
        {"entity_id": 2**63, "entity_type": "UserFoodStore"},
    ],
)
def test_set_default_refuses_bad_input(client, member, settings, body):
    new_store(client, member, "Pantry")
    before = snapshot(settings)
    response = client.put(SET_DEFAULT, json=body, headers=member.headers)
    assert response.status_code == 422, response.text
    assert snapshot(settings) == before


def test_set_default_of_no_store_is_a_404(client, member, settings):
    new_store(client, member, "Pantry")
    before = snapshot(settings)
    response = set_default(client, member, 999_999)
    assert response.status_code == 404
    assert snapshot(settings) == before
