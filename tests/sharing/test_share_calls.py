"""PUT /share and PUT /share/remove (part 2 §4 'Sharing', §6, §7)."""

from __future__ import annotations

import pytest

from larder.sharing.service import MSG_OWN_ADDRESS
from tests.stores.support import LISTS, STORES
from tests.support import sql

SHARE = "/api/pwa/share"


@pytest.fixture
def owner_and_list(client, member_factory, kitchen):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    listed = client.post(LISTS, json={"name": "Weekly shop"}, headers=owner.headers).json()
    return owner, listed["data"]["user_shoppinglist_id"]


def put_share(client, who, entity_id, entity_type="UserShoppinglist", shared=(), unshared=()):
    body = {"entity_id": entity_id, "type": entity_type, "shared_with": list(shared), "unshared_with": list(unshared)}
    return client.put(SHARE, json=body, headers=who.headers)


def test_the_owner_adds_flips_and_removes(client, member_factory, owner_and_list):
    owner, list_id = owner_and_list
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    added = put_share(client, owner, list_id, shared=[{"email": "Friend@Example.org", "canEdit": False}])
    assert added.status_code == 200, added.text
    assert added.json()["data"]["shared_with"] == [{"email": "friend@example.org", "canEdit": False}]
    assert client.get(f"{LISTS}/{list_id}", headers=friend.headers).json()["shopping_list"]["role"] == "viewer"

    flipped = put_share(client, owner, list_id, shared=[{"email": "friend@example.org", "canEdit": True}])
    assert flipped.json()["data"]["shared_with"] == [{"email": "friend@example.org", "canEdit": True}]
    assert client.get(f"{LISTS}/{list_id}", headers=friend.headers).json()["shopping_list"]["role"] == "editor"

    removed = put_share(client, owner, list_id, unshared=[{"email": "friend@example.org", "canEdit": True}])
    assert removed.json()["data"]["shared_with"] == []
    assert client.get(f"{LISTS}/{list_id}", headers=friend.headers).status_code == 404


@pytest.mark.parametrize("email", ["not-an-address", "a@b"])
def test_an_invalid_address_is_refused(client, owner_and_list, email):
    owner, list_id = owner_and_list
    answer = put_share(client, owner, list_id, shared=[{"email": email, "canEdit": False}])
    assert answer.status_code == 422
    assert answer.json()["errors"]["shared_with"] == ["Invalid email address"]


@pytest.mark.parametrize("email", ["owner@example.org", " Owner@Example.ORG "])
def test_your_own_address_is_a_conflict(client, owner_and_list, settings, email):
    """A well-formed address the document cannot tell from any other: 409, and nothing shared."""
    owner, list_id = owner_and_list
    answer = put_share(client, owner, list_id, shared=[{"email": email}, {"email": "friend@example.org"}])
    assert answer.status_code == 409, answer.text
    assert answer.json() == {"message": MSG_OWN_ADDRESS}
    assert sql(settings, "select count(*) from share") == [(0,)]


def test_only_the_owner_shares_and_a_stranger_learns_nothing(client, member_factory, owner_and_list):
    owner, list_id = owner_and_list
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    put_share(client, owner, list_id, shared=[{"email": "editor@example.org", "canEdit": True}])
    assert put_share(client, editor, list_id, shared=[{"email": "x@example.org"}]).status_code == 403
    stranger = member_factory("stranger_1", "stranger@example.org", verified=True)
    assert put_share(client, stranger, list_id, shared=[{"email": "x@example.org"}]).status_code == 404
    assert put_share(client, owner, 999_999, shared=[{"email": "x@example.org"}]).status_code == 404


def test_a_shared_member_leaves_and_the_owner_cannot(client, member_factory, owner_and_list, kitchen):
    owner, _ = owner_and_list
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    store = client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=owner.headers).json()
    store_id = store["data"]["id"]
    put_share(client, owner, store_id, "UserFoodStore", shared=[{"email": "friend@example.org"}])
    assert [s["id"] for s in client.get(STORES, headers=friend.headers).json()["data"]] == [store_id]

    own = client.put(
        f"{SHARE}/remove", json={"entity_id": store_id, "entity_type": "UserFoodStore"}, headers=owner.headers
    )
    assert own.status_code == 403
    left = client.put(
        f"{SHARE}/remove", json={"entity_id": store_id, "entity_type": "UserFoodStore"}, headers=friend.headers
    )
    assert left.status_code == 200, left.text
    assert client.get(STORES, headers=friend.headers).json()["data"] == []
    assert client.get(f"{STORES}/{store_id}", headers=owner.headers).json()["data"]["shared_with"] == []


def test_get_share_lists_what_is_shared_with_me(client, member_factory, owner_and_list, kitchen):
    owner, list_id = owner_and_list
    friend = member_factory("friend_1", "friend@example.org", verified=True)
    store = client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=owner.headers).json()
    put_share(client, owner, list_id, shared=[{"email": "friend@example.org", "canEdit": True}])
    put_share(client, owner, store["data"]["id"], "UserFoodStore", shared=[{"email": "friend@example.org"}])
    mine = client.get(SHARE, headers=friend.headers).json()["data"]
    assert sorted((item["type"], item["name"], item["canEdit"]) for item in mine) == [
        ("UserFoodStore", "Pantry", False),
        ("UserShoppinglist", "Weekly shop", True),
    ]
    assert all(item["owner_id"] == owner.id for item in mine)
    assert client.get(SHARE, headers=owner.headers).json()["data"] == []
    unverified = member_factory("late_1", "late@example.org", verified=False)
    put_share(client, owner, list_id, shared=[{"email": "late@example.org"}])
    assert client.get(SHARE, headers=unverified.headers).json()["data"] == []


def test_the_invitee_is_told_by_mail_the_same_way_with_or_without_an_account(
    client, member_factory, owner_and_list, mail
):
    owner, list_id = owner_and_list
    member_factory("friend_1", "friend@example.org", verified=True)
    with_account = put_share(client, owner, list_id, shared=[{"email": "friend@example.org"}])
    to_friend = mail.next_mail("friend@example.org")
    without_account = put_share(client, owner, list_id, shared=[{"email": "nobody@example.org"}])
    to_nobody = mail.next_mail("nobody@example.org")

    assert to_friend.subject == "owner_1 shared the list 'Weekly shop' with you"
    assert f"/user-shopping-lists/{list_id}?view=readonly" in to_friend.body
    assert "invite code" in to_friend.body
    assert to_nobody.subject == to_friend.subject and to_nobody.body == to_friend.body
    assert with_account.status_code == without_account.status_code == 200
    # Changing canEdit of someone already there tells nobody again.
    put_share(client, owner, list_id, shared=[{"email": "friend@example.org", "canEdit": True}])
    mail.assert_empty()


def test_a_share_waits_for_its_address_and_an_email_change_suspends_it(
    client, member_factory, owner_and_list, settings
):
    owner, list_id = owner_and_list
    put_share(client, owner, list_id, shared=[{"email": "later@example.org", "canEdit": True}])
    # The account comes later and sees the list once its address is verified.
    late = member_factory("later_1", "later@example.org", verified=False)
    assert client.get(LISTS, headers=late.headers).json()["data"] == []
    sql(settings, "update user_account set email_verified_at = '2026-01-01 00:00:00.000000' where id = :id", id=late.id)
    assert [x["role"] for x in client.get(LISTS, headers=late.headers).json()["data"]] == ["editor"]

    # Changing the address (unverified until its link is opened) suspends the share.
    changed = client.put(
        "/api/pwa/account/update",
        json={"name": "later_1", "email": "elsewhere@example.org", "current_password": late.password},
        headers=late.headers,
    )
    assert changed.status_code == 200, changed.text
    assert client.get(LISTS, headers=late.headers).json()["data"] == []
