"""Completing a shop (part 2 §4 'Store Items'; DESIGN "Part 2"): one transaction, applied once per request id."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from larder.core.base.ids import ID_MAX
from larder.shopping.complete_shop import (
    MSG_CUSTOM_UNTICKABLE,
    MSG_NO_STORE,
    MSG_NOT_IN_LIST,
    MSG_REQUEST_ID,
    MSG_REQUEST_ID_USED,
    MSG_SAME_LIST,
)
from larder.shopping.service import MSG_NOT_FOUND, ShoppingService
from larder.stores.service import StoresService
from tests.stores.support import (
    LISTS,
    added_on,
    get_list,
    get_store,
    items_by_name,
    local_today,
    new_list,
    new_store,
    receive,
    snapshot,
)
from tests.support import sql

SHARE = "/api/pwa/share"


def complete(client, member, list_id, **body: Any):
    body.setdefault("request_id", "shop-0001")
    return client.post(f"{LISTS}/{list_id}/complete", json=body, headers=member.headers)


@pytest.fixture
def shop(client, member, kitchen):
    """A pantry (the default), a freezer, a list to shop from and another list."""
    pantry = new_store(client, member, "Pantry")
    freezer = new_store(client, member, "Freezer")
    weekly = new_list(
        client,
        member,
        "Weekly shop",
        [
            {"value": kitchen.value("Chicken breast"), "quantity": 500, "unit": "g"},
            {"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"},
            {"value": kitchen.value("Milk"), "quantity": 2, "unit": "l"},
            {"name": "Candles", "quantity": 2},
        ],
    )
    later = new_list(client, member, "Next week", [{"value": kitchen.value("Milk"), "quantity": 500, "unit": "ml"}])
    return {
        "pantry": pantry["id"],
        "freezer": freezer["id"],
        "weekly": weekly["user_shoppinglist_id"],
        "later": later["user_shoppinglist_id"],
        "candles": weekly["ingredients"][3]["value"],
    }


def test_checked_items_go_into_the_store_dated_now_and_leave_the_list(client, member, kitchen, settings, shop):
    response = complete(
        client,
        member,
        shop["weekly"],
        store_id=shop["freezer"],
        checked=[kitchen.value("Chicken breast"), kitchen.ingredients["Flour"]],
    )
    assert response.status_code == 200, response.text
    assert response.json() == {
        "data": {
            "request_id": "shop-0001",
            "stored": 2,
            "store_id": shop["freezer"],
            "moved": 0,
            "moved_to": None,
            "list_deleted": False,
        }
    }
    stored = items_by_name(get_store(client, member, shop["freezer"]))
    today = local_today(settings)
    assert set(stored) == {"Chicken breast", "Flour"}
    chicken = stored["Chicken breast"]
    assert (chicken["quantity"], chicken["unit"], chicken["estimated_expiry_days"]) == (500, "g", 270)
    assert chicken["expiry_date"] == (today + timedelta(days=270)).isoformat()
    assert (stored["Flour"]["quantity"], stored["Flour"]["unit"]) == (1, "kg")
    assert get_store(client, member, shop["pantry"])["items"] == []
    remaining = get_list(client, member, shop["weekly"])
    assert [i["name"] for i in remaining["ingredients"]] == ["Milk", "Candles"]


def test_stock_merges_with_what_is_in_the_store_that_day(client, member, kitchen, settings, shop):
    receive(
        client,
        member,
        shop["pantry"],
        [
            {"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"},
            {"value": kitchen.value("Milk"), "quantity": 1, "unit": "tbsp"},
            {
                "value": kitchen.value("Chicken breast"),
                "quantity": 1,
                "unit": "kg",
                "date_added": added_on(local_today(settings) - timedelta(days=1)),
            },
        ],
    )
    response = complete(
        client,
        member,
        shop["weekly"],
        store_id=shop["pantry"],
        checked=[kitchen.value("Flour"), kitchen.value("Milk"), kitchen.value("Chicken breast")],
    )
    assert response.status_code == 200, response.text
    items = get_store(client, member, shop["pantry"])["items"]
    found = {(i["name"], i["quantity"], i["unit"]) for i in items}
    assert found == {
        ("Flour", 1.5, "kg"),  # 500 g + 1 kg: convertible, into kg
        ("Milk", 2.015, "l"),  # 1 tbsp + 2 l: convertible, into l
        ("Chicken breast", 1, "kg"),  # yesterday's batch stays as it was
        ("Chicken breast", 500, "g"),  # today's batch
    }


def test_incompatible_units_merge_into_unit_and_the_quantity_counts(client, member, kitchen, shop):
    receive(client, member, shop["pantry"], [{"value": kitchen.value("Bacon"), "quantity": 3}])
    extra = new_list(client, member, "Bacon run", [{"value": kitchen.value("Bacon"), "quantity": 200, "unit": "g"}])
    response = complete(client, member, extra["user_shoppinglist_id"], checked=[kitchen.value("Bacon")])
    assert response.status_code == 200, response.text
    (bacon,) = get_store(client, member, shop["pantry"])["items"]
    assert (bacon["quantity"], bacon["unit"]) == (203, "unit")


def test_unchecked_items_are_merged_into_the_other_list(client, member, kitchen, shop):
    response = complete(
        client,
        member,
        shop["weekly"],
        store_id=shop["pantry"],
        checked=[kitchen.value("Flour")],
        move_unchecked_to=shop["later"],
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"] == {
        "request_id": "shop-0001",
        "stored": 1,
        "store_id": shop["pantry"],
        "moved": 3,
        "moved_to": shop["later"],
        "list_deleted": False,
    }
    assert get_list(client, member, shop["weekly"])["ingredients"] == []
    later = items_by_name(get_list(client, member, shop["later"]), "ingredients")
    assert set(later) == {"Chicken breast", "Milk", "Candles"}
    assert (later["Milk"]["quantity"], later["Milk"]["unit"]) == (2.5, "l")  # 500 ml + 2 l
    assert (later["Candles"]["quantity"], later["Candles"]["unit"], later["Candles"]["value"]) == (
        2,
        "unit",
        shop["candles"],
    )
    assert (later["Chicken breast"]["quantity"], later["Chicken breast"]["unit"]) == (500, "g")
    assert [i["name"] for i in get_store(client, member, shop["pantry"])["items"]] == ["Flour"]


def test_delete_list_deletes_it_after_storing_and_moving(client, member, kitchen, shop):
    response = complete(
        client,
        member,
        shop["weekly"],
        checked=[kitchen.value("Milk")],
        move_unchecked_to=shop["later"],
        delete_list=True,
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"]["list_deleted"] is True
    assert client.get(f"{LISTS}/{shop['weekly']}", headers=member.headers).status_code == 404
    assert [i["name"] for i in get_store(client, member, shop["pantry"])["items"]] == ["Milk"]
    assert {i["name"] for i in get_list(client, member, shop["later"])["ingredients"]} == {
        "Milk",
        "Chicken breast",
        "Flour",
        "Candles",
    }


def test_without_a_store_id_the_default_store_is_used(client, member, kitchen, shop):
    response = complete(client, member, shop["weekly"], checked=[kitchen.value("Flour")])
    assert response.status_code == 200, response.text
    assert response.json()["data"]["store_id"] == shop["pantry"]
    assert [i["name"] for i in get_store(client, member, shop["pantry"])["items"]] == ["Flour"]
    client.put(
        "/api/pwa/share/default",
        json={"entity_id": shop["freezer"], "entity_type": "UserFoodStore"},
        headers=member.headers,
    )
    response = complete(client, member, shop["weekly"], checked=[kitchen.value("Milk")], request_id="shop-0002")
    assert response.json()["data"]["store_id"] == shop["freezer"]


def test_store_checked_false_leaves_checked_items_on_the_list(client, member, kitchen, shop, settings):
    response = complete(
        client,
        member,
        shop["weekly"],
        checked=[kitchen.value("Flour")],
        store_checked=False,
        move_unchecked_to=shop["later"],
    )
    assert response.status_code == 200, response.text
    assert response.json()["data"]["stored"] == 0
    assert response.json()["data"]["store_id"] is None
    assert [i["name"] for i in get_list(client, member, shop["weekly"])["ingredients"]] == ["Flour"]
    assert get_store(client, member, shop["pantry"])["items"] == []


def test_nothing_checked_and_nowhere_to_move_changes_only_the_date(client, member, shop):
    response = complete(client, member, shop["weekly"])
    assert response.status_code == 200, response.text
    assert response.json()["data"] == {
        "request_id": "shop-0001",
        "stored": 0,
        "store_id": None,
        "moved": 0,
        "moved_to": None,
        "list_deleted": False,
    }
    assert len(get_list(client, member, shop["weekly"])["ingredients"]) == 4


def test_without_a_default_store_the_only_store_is_used(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    sql(settings, "delete from default_store")
    weekly = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour")}])
    response = complete(client, member, weekly["user_shoppinglist_id"], checked=[kitchen.value("Flour")])
    assert response.status_code == 200, response.text
    assert response.json()["data"]["store_id"] == store["id"]


def test_without_any_store_a_store_must_be_chosen(client, member, kitchen, settings):
    weekly = new_list(client, member, "Weekly", [{"value": kitchen.value("Flour")}])
    before = snapshot(settings)
    response = complete(client, member, weekly["user_shoppinglist_id"], checked=[kitchen.value("Flour")])
    # A well-formed shop the member's stores cannot take as they are: a conflict, not invalid input.
    assert response.status_code == 409
    assert response.json() == {"message": MSG_NO_STORE}
    assert snapshot(settings) == before


# -- bad input ----------------------------------------------------------------------------------


def test_custom_items_cannot_be_checked(client, member, shop, settings):
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], checked=[shop["candles"]])
    assert response.status_code == 422
    assert response.json()["errors"] == {"checked": [MSG_CUSTOM_UNTICKABLE]}
    assert snapshot(settings) == before


@pytest.mark.parametrize("value", ["CUSTOM-nothere", "flour", "12a", "1234567890123456789"])
def test_values_that_name_no_ingredient_are_invalid(client, member, shop, settings, kitchen, value):
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], checked=[kitchen.value("Flour"), value])
    assert response.status_code == 422, response.text
    assert list(response.json()["errors"]) == ["checked"]
    assert snapshot(settings) == before


@pytest.mark.parametrize("value", ["999999", 999_999, ID_MAX])
def test_ingredient_ids_not_on_the_list_are_a_conflict(client, member, shop, settings, kitchen, value):
    """The document allows any ingredient id: one the list does not hold (now) is a 409."""
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], checked=[kitchen.value("Flour"), value])
    assert response.status_code == 409, response.text
    assert response.json() == {"message": MSG_NOT_IN_LIST.format(value=value)}
    assert snapshot(settings) == before


def test_an_ingredient_of_the_catalogue_not_on_the_list_is_refused(client, member, shop, settings, kitchen):
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], checked=[kitchen.value("Egg")])
    assert response.status_code == 409
    assert snapshot(settings) == before


def test_moving_to_the_same_list_is_refused(client, member, shop, settings):
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], move_unchecked_to=shop["weekly"])
    assert response.status_code == 409
    assert response.json() == {"message": MSG_SAME_LIST}
    assert snapshot(settings) == before


@pytest.mark.parametrize("request_id", ["has space 1", "shop/0001", "shop.0001", "café-0001", "shop-0001\n"])
def test_a_request_id_is_letters_digits_dashes_and_underscores(client, member, shop, settings, request_id):
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], request_id=request_id)
    assert response.status_code == 422, response.text
    assert list(response.json()["errors"]) == ["request_id"]
    assert snapshot(settings) == before


def test_a_bad_request_id_gets_its_message(client, member, shop):
    response = complete(client, member, shop["weekly"], request_id="shop 0001")
    assert response.json() == {"message": MSG_REQUEST_ID, "errors": {"request_id": [MSG_REQUEST_ID]}}


@pytest.mark.parametrize(
    "body",
    [
        {"request_id": "short"},
        {"request_id": "x" * 65},
        {"request_id": "has space!"},
        {"request_id": "shop/0001"},
        {},
        {"request_id": "shop-0001", "store_id": 0},
        {"request_id": "shop-0001", "store_id": 2**63},
        {"request_id": "shop-0001", "move_unchecked_to": -1},
        {"request_id": "shop-0001", "checked": "1"},
        {"request_id": "shop-0001", "checked": [0]},
        {"request_id": "shop-0001", "delete_list": "yes"},
    ],
)
def test_malformed_requests_are_a_422(client, member, shop, settings, body):
    before = snapshot(settings)
    response = client.post(f"{LISTS}/{shop['weekly']}/complete", json=body, headers=member.headers)
    assert response.status_code == 422, response.text
    assert snapshot(settings) == before


@pytest.mark.parametrize("field", ["store_id", "move_unchecked_to"])
def test_a_store_or_list_that_does_not_exist_is_a_404_and_nothing_changes(
    client, member, kitchen, shop, settings, field
):
    before = snapshot(settings)
    response = complete(client, member, shop["weekly"], checked=[kitchen.value("Flour")], **{field: 999_999})
    assert response.status_code == 404, response.text
    assert snapshot(settings) == before


# -- once, and all or nothing -------------------------------------------------------------------


def test_the_same_request_id_twice_stocks_once_and_answers_the_same(client, member, kitchen, shop, settings):
    body = {"checked": [kitchen.value("Flour")], "move_unchecked_to": shop["later"], "request_id": "offline-shop-42"}
    first = complete(client, member, shop["weekly"], **body)
    assert first.status_code == 200, first.text
    after_first = snapshot(settings)
    second = complete(client, member, shop["weekly"], **body)
    assert second.status_code == 200
    assert second.json() == first.json()
    assert snapshot(settings) == after_first
    (flour,) = get_store(client, member, shop["pantry"])["items"]
    assert (flour["quantity"], flour["unit"]) == (1, "kg")


def test_a_replay_after_the_list_was_deleted_answers_the_same(client, member, kitchen, shop, settings):
    body = {"checked": [kitchen.value("Flour")], "delete_list": True, "request_id": "offline-shop-43"}
    first = complete(client, member, shop["weekly"], **body)
    assert first.status_code == 200, first.text
    after_first = snapshot(settings)
    second = complete(client, member, shop["weekly"], **body)
    assert (second.status_code, second.json()) == (200, first.json())
    assert snapshot(settings) == after_first


def test_another_request_id_is_another_shop(client, member, kitchen, shop):
    complete(client, member, shop["weekly"], checked=[kitchen.value("Flour")], request_id="shop-a-0001")
    client.put(
        f"{LISTS}/{shop['weekly']}",
        json={"ingredients": [{"value": kitchen.value("Flour"), "quantity": 1, "unit": "kg"}]},
        headers=member.headers,
    )
    complete(client, member, shop["weekly"], checked=[kitchen.value("Flour")], request_id="shop-b-0001")
    (flour,) = get_store(client, member, shop["pantry"])["items"]
    assert (flour["quantity"], flour["unit"]) == (2, "kg")


def test_a_refused_request_id_is_not_used_up(client, member, kitchen, shop):
    refused = complete(client, member, shop["weekly"], checked=[shop["candles"]], request_id="shop-retry-1")
    assert refused.status_code == 422
    accepted = complete(client, member, shop["weekly"], checked=[kitchen.value("Flour")], request_id="shop-retry-1")
    assert accepted.status_code == 200
    assert accepted.json()["data"]["stored"] == 1


def test_request_ids_belong_to_their_member(client, member_factory, kitchen):
    alice = member_factory("alice_1", "alice@example.org")
    bob = member_factory("bobby_1", "bob@example.org")
    answers = []
    for who in (alice, bob):
        new_store(client, who, "Pantry")
        weekly = new_list(client, who, "Weekly", [{"value": kitchen.value("Flour")}])
        answers.append(
            complete(
                client, who, weekly["user_shoppinglist_id"], checked=[kitchen.value("Flour")], request_id="same-id-01"
            )
        )
    assert [a.status_code for a in answers] == [200, 200]
    assert answers[0].json()["data"]["store_id"] != answers[1].json()["data"]["store_id"]


def test_a_request_id_is_bound_to_its_list(client, member, kitchen, shop, settings):
    first = complete(client, member, shop["weekly"], checked=[kitchen.value("Flour")], request_id="shop-bound-1")
    assert first.status_code == 200, first.text
    before = snapshot(settings)
    elsewhere = complete(client, member, shop["later"], checked=[kitchen.value("Milk")], request_id="shop-bound-1")
    # Never the other list's answer: the id names a shop of the first list.
    assert elsewhere.status_code == 409, elsewhere.text
    assert elsewhere.json() == {"message": MSG_REQUEST_ID_USED}
    assert snapshot(settings) == before
    again = complete(client, member, shop["later"], checked=[kitchen.value("Milk")], request_id="shop-bound-2")
    assert again.status_code == 200
    assert again.json()["data"]["stored"] == 1


@pytest.fixture
def shared_shop(client, member_factory, kitchen):
    """A list its owner shares with an editor, who completes a shop of it into their own pantry."""
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    new_store(client, editor, "Pantry")
    weekly = new_list(
        client, owner, "Weekly shop", [{"value": kitchen.value("Flour")}, {"value": kitchen.value("Egg")}]
    )
    list_id = weekly["user_shoppinglist_id"]
    body = {"entity_id": list_id, "type": "UserShoppinglist", "shared_with": [{"email": editor.email, "canEdit": True}]}
    assert client.put(SHARE, json=body, headers=owner.headers).status_code == 200
    done = complete(client, editor, list_id, checked=[kitchen.value("Flour")], request_id="shared-shop-1")
    assert done.status_code == 200, done.text
    return owner, editor, list_id


def test_a_replay_on_a_list_no_longer_shared_answers_as_the_list_does(client, kitchen, shared_shop, settings):
    owner, editor, list_id = shared_shop
    body = {"entity_id": list_id, "type": "UserShoppinglist", "unshared_with": [editor.email]}
    assert client.put(SHARE, json=body, headers=owner.headers).status_code == 200
    before = snapshot(settings)
    replay = complete(client, editor, list_id, checked=[kitchen.value("Flour")], request_id="shared-shop-1")
    assert replay.status_code == 404, replay.text
    assert replay.json() == {"message": MSG_NOT_FOUND}
    assert snapshot(settings) == before


def test_a_replay_on_a_list_now_shared_to_view_is_a_403(client, kitchen, shared_shop, settings):
    owner, editor, list_id = shared_shop
    body = {
        "entity_id": list_id,
        "type": "UserShoppinglist",
        "shared_with": [{"email": editor.email, "canEdit": False}],
    }
    assert client.put(SHARE, json=body, headers=owner.headers).status_code == 200
    replay = complete(client, editor, list_id, checked=[kitchen.value("Flour")], request_id="shared-shop-1")
    assert replay.status_code == 403, replay.text


def test_a_replay_on_a_list_deleted_by_someone_else_is_a_404(client, kitchen, shared_shop):
    owner, editor, list_id = shared_shop
    assert client.delete(f"{LISTS}/{list_id}", headers=owner.headers).status_code == 204
    replay = complete(client, editor, list_id, checked=[kitchen.value("Flour")], request_id="shared-shop-1")
    assert replay.status_code == 404, replay.text


class Injected(RuntimeError):
    """A failure made on purpose halfway through a shop."""


def fail_after_stocking(monkeypatch):
    original = StoresService.stock

    async def stock_then_fail(self, *args, **kwargs):
        await original(self, *args, **kwargs)
        raise Injected("after the store was written")

    monkeypatch.setattr(StoresService, "stock", stock_then_fail)


def fail_while_moving(monkeypatch):
    original = ShoppingService.put_items

    async def put_then_fail(self, shopping_list, sent, *, add):
        await original(self, shopping_list, sent, add=add)
        raise Injected("after the unchecked items were merged into the other list")

    monkeypatch.setattr(ShoppingService, "put_items", put_then_fail)


def fail_at_the_record(monkeypatch):
    """Everything done, and the request id's record fails to be written."""
    original = ShoppingService.touch

    async def touch_then_fail(self, shopping_list):
        await original(self, shopping_list)
        if shopping_list.name == "Weekly shop":
            raise Injected("after the list was changed")

    monkeypatch.setattr(ShoppingService, "touch", touch_then_fail)


@pytest.mark.parametrize("inject", [fail_after_stocking, fail_while_moving, fail_at_the_record])
def test_a_failure_midway_changes_nothing(client, member, kitchen, shop, settings, monkeypatch, inject):
    before = snapshot(settings)
    inject(monkeypatch)
    response = complete(
        client,
        member,
        shop["weekly"],
        checked=[kitchen.value("Flour"), kitchen.value("Chicken breast")],
        move_unchecked_to=shop["later"],
        request_id="doomed-shop-1",
    )
    assert response.status_code == 500
    assert response.json() == {"message": "An unexpected error occurred."}
    assert snapshot(settings) == before
    # The request id was not used up: the same shop sent again is applied in full.
    monkeypatch.undo()
    retried = complete(
        client,
        member,
        shop["weekly"],
        checked=[kitchen.value("Flour"), kitchen.value("Chicken breast")],
        move_unchecked_to=shop["later"],
        request_id="doomed-shop-1",
    )
    assert retried.status_code == 200, retried.text
    assert retried.json()["data"]["stored"] == 2
    assert {i["name"] for i in get_store(client, member, shop["pantry"])["items"]} == {"Flour", "Chicken breast"}
