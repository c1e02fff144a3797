"""GET /stores is encoded once per state of what it shows: gzip or plain, an ETag and 304, and
never an answer older than a change of the stores, the default, an owner's name or the day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.mealplans.rows import share
from tests.stores.support import STORES, new_store, receive
from tests.support import drivers_of_statements, sql


def stores_of(client, member, **headers):
    return client.get(STORES, headers={**member.headers, **headers})


def test_gzip_when_accepted_plain_otherwise_and_the_same_answer(client, member, kitchen):
    client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=member.headers)
    zipped = stores_of(client, member, **{"Accept-Encoding": "gzip"})
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["vary"] == "Accept-Encoding"
    plain = client.get(STORES, headers={**member.headers, "Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert zipped.json() == plain.json()
    assert plain.json()["data"][0]["name"] == "Pantry"
    assert zipped.headers["etag"] == plain.headers["etag"]


def test_an_unchanged_answer_is_a_304(client, member, kitchen):
    client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=member.headers)
    first = stores_of(client, member)
    tag = first.headers["etag"]
    again = stores_of(client, member, **{"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    assert stores_of(client, member, **{"If-None-Match": '"something-else"'}).status_code == 200


def test_every_change_it_shows_makes_a_new_answer(client, member, member_factory, kitchen, settings):
    made = client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=member.headers)
    store_id = made.json()["data"]["id"]
    tags = [stores_of(client, member).headers["etag"]]

    def changed() -> dict:
        answer = stores_of(client, member)
        assert answer.headers["etag"] not in tags
        tags.append(answer.headers["etag"])
        return answer.json()["data"]

    client.post(
        f"{STORES}/{store_id}/items", json={"items": [{"value": kitchen.value("Flour")}]}, headers=member.headers
    )
    assert changed()[0]["items"][0]["name"] == "Flour"
    client.put(f"{STORES}/{store_id}", json={"name": "Larder cupboard"}, headers=member.headers)
    assert changed()[0]["name"] == "Larder cupboard"
    other = client.post(STORES, json={"name": "Fridge", "description": "Kitchen"}, headers=member.headers).json()
    assert [s["name"] for s in changed()] == ["Larder cupboard", "Fridge"]
    client.put(
        "/api/pwa/share/default",
        json={"entity_id": other["data"]["id"], "entity_type": "UserFoodStore"},
        headers=member.headers,
    )
    assert [s["default"] for s in changed()] == [False, True]
    sql(settings, "update user_account set name = 'alice_renamed' where id = :id", id=member.id)
    assert changed()[0]["owner_name"] == "alice_renamed"
    sql(settings, "update store_item set quantity = 7")  # by hand: the trigger counts the version up
    assert changed()[0]["items"][0]["quantity"] == 7

    # Another member's answer is their own, even with the same stores' state.
    stranger = member_factory("bobby_1", "bob@example.org")
    assert stores_of(client, stranger).json()["data"] == []


def store_of(client, member, store_id):
    return client.get(f"{STORES}/{store_id}", headers=member.headers)


def test_one_store_shows_every_change_made_by_hand(client, member_factory, kitchen, settings):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    store_id = new_store(client, owner)["id"]
    receive(client, owner, store_id, [{"value": kitchen.value("Flour")}])
    share(client, owner, "UserFoodStore", store_id, friend.email, can_edit=False)
    assert store_of(client, friend, store_id).json()["data"]["role"] == "viewer"
    sql(settings, "update store_item set quantity = 7")
    assert store_of(client, friend, store_id).json()["data"]["items"][0]["quantity"] == 7
    sql(settings, "update share set can_edit = true where entity_id = :id", id=store_id)
    assert store_of(client, friend, store_id).json()["data"]["role"] == "editor"
    sql(
        settings,
        "insert into default_store (user_id, store_id, created_at, updated_at) values (:u, :s, :t, :t)",
        u=friend.id,
        s=store_id,
        t=datetime(2026, 1, 1, tzinfo=UTC),
    )
    assert store_of(client, friend, store_id).json()["data"]["default"] is True
    sql(settings, "update user_account set name = 'owner_renamed' where id = :id", id=owner.id)
    assert store_of(client, friend, store_id).json()["data"]["owner_name"] == "owner_renamed"
    assert store_of(client, owner, store_id).json()["data"]["shared_with"] == [{"email": friend.email, "canEdit": True}]
    sql(settings, "delete from share where entity_id = :id", id=store_id)
    assert store_of(client, friend, store_id).status_code == 404
    assert store_of(client, owner, store_id).json()["data"]["shared_with"] == []


@pytest.mark.sqlite_only
def test_a_store_read_again_unchanged_is_found_without_the_session(client, member, kitchen):
    store_id = new_store(client, member)["id"]
    receive(client, member, store_id, [{"value": kitchen.value("Flour")}])
    first = store_of(client, member, store_id)
    answers = []
    drivers = drivers_of_statements(lambda: answers.append(store_of(client, member, store_id)))
    assert answers[0].content == first.content
    assert drivers and set(drivers) == {"sqlite"}
