"""GET /user-shoppinglists/{id} is encoded once for each state of what it shows, and sent again
with an ETag: every change of the list, of its items (by anyone, in any process), of its shares or
of its owner's name shows at once."""

from __future__ import annotations

import pytest

from tests.mealplans.rows import share
from tests.stores.support import LISTS, new_list
from tests.support import drivers_of_statements, sql


def read(client, who, list_id, etag=None):
    headers = {**who.headers, **({"If-None-Match": etag} if etag else {})}
    return client.get(f"{LISTS}/{list_id}", headers=headers)


def test_an_unchanged_list_answers_the_same_and_a_304_to_its_etag(client, member, kitchen):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    first = read(client, member, list_id)
    assert first.status_code == 200
    again = read(client, member, list_id)
    assert again.content == first.content and again.headers["etag"] == first.headers["etag"]
    assert read(client, member, list_id, first.headers["etag"]).status_code == 304


def test_every_change_shows_at_once(client, settings, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    egg = kitchen.value("Egg")
    list_id = new_list(client, owner, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    etags = {read(client, owner, list_id).headers["etag"]}

    def shown():
        answer = read(client, owner, list_id)
        etags.add(answer.headers["etag"])
        return answer.json()["shopping_list"]

    client.post(
        f"{LISTS}/{list_id}/merge", json={"ingredients": [{"value": egg, "quantity": 1}]}, headers=owner.headers
    )
    assert [i["quantity"] for i in shown()["ingredients"]] == [3]
    # Another process (or a hand) changing an item: the item triggers count the list's version up.
    sql(settings, "update shopping_list_item set quantity = 7 where list_id = :id", id=list_id)
    assert [i["quantity"] for i in shown()["ingredients"]] == [7]
    share(client, owner, "UserShoppinglist", list_id, "friend@example.org", can_edit=False)
    assert shown()["shared_with"] == [{"email": "friend@example.org", "canEdit": False}]
    sql(settings, "update user_account set name = 'owner_renamed' where id = :id", id=owner.id)
    assert shown()["owner_name"] == "owner_renamed"
    assert len(etags) == 5


def test_each_member_is_answered_with_their_own_role(client, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    list_id = new_list(client, owner, ingredients=[])["user_shoppinglist_id"]
    share(client, owner, "UserShoppinglist", list_id, friend.email, can_edit=False)
    assert read(client, owner, list_id).json()["shopping_list"]["role"] == "owner"
    assert read(client, friend, list_id).json()["shopping_list"]["role"] == "viewer"
    assert read(client, friend, list_id).json()["shopping_list"]["shared_with"] == []


def test_a_share_changed_by_hand_decides_the_next_read(client, settings, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    list_id = new_list(client, owner, ingredients=[])["user_shoppinglist_id"]
    share(client, owner, "UserShoppinglist", list_id, friend.email, can_edit=False)
    assert read(client, friend, list_id).json()["shopping_list"]["role"] == "viewer"
    sql(settings, "update share set can_edit = true where entity_id = :id", id=list_id)
    assert read(client, friend, list_id).json()["shopping_list"]["role"] == "editor"
    sql(settings, "update user_account set email_verified_at = null where id = :id", id=friend.id)
    assert read(client, friend, list_id).status_code == 404
    sql(settings, "update user_account set email_verified_at = created_at where id = :id", id=friend.id)
    assert read(client, friend, list_id).status_code == 200
    sql(settings, "delete from share where entity_id = :id", id=list_id)
    assert read(client, friend, list_id).status_code == 404
    assert read(client, owner, list_id).json()["shopping_list"]["shared_with"] == []


@pytest.mark.sqlite_only
def test_a_list_read_again_unchanged_is_found_without_the_session(client, member, kitchen):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    first = read(client, member, list_id)
    answers = []
    drivers = drivers_of_statements(lambda: answers.append(read(client, member, list_id)))
    assert answers[0].content == first.content
    # The list's row, its shares, on the event loop's own connection; nothing through the session.
    assert drivers and set(drivers) == {"sqlite"}
