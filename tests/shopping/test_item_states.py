"""A change of a list's items answers from the state it started from and what it wrote, never from
a state somebody else's write left in between; what it answers is what a fresh read finds."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from larder.shopping import item_states
from larder.shopping.item_states import ItemsChange, after, item_out
from larder.shopping.repository import ShoppingListRepository
from larder.shopping.service import LIST_ANSWERS
from tests.stores.support import LISTS, new_list
from tests.support import sql


@pytest.fixture
def reads(monkeypatch: Any) -> list[int]:
    """The list ids whose items were read as rows, in order."""
    seen: list[int] = []
    original = ShoppingListRepository.item_rows

    async def counting(self: Any, list_ids: Any) -> Any:
        seen.extend(list_ids)
        return await original(self, list_ids)

    monkeypatch.setattr(ShoppingListRepository, "item_rows", counting)
    return seen


def fresh_read(client: Any, member: Any, list_id: int) -> list[dict[str, Any]]:
    """The list's items as the database holds them, read with nothing kept."""
    item_states.LIST_ITEMS.clear()
    LIST_ANSWERS.clear()
    answer = client.get(f"{LISTS}/{list_id}", headers=member.headers)
    assert answer.status_code == 200, answer.text
    return answer.json()["shopping_list"]["ingredients"]


def test_changes_answer_what_a_fresh_read_finds_and_read_no_item(client, member, kitchen, reads):
    egg, flour, milk, bacon = (kitchen.value(n) for n in ("Egg", "Flour", "Milk", "Bacon"))
    start = [{"value": egg, "quantity": 6}, {"value": flour, "quantity": 500}, {"value": milk, "quantity": 1}]
    list_id = new_list(client, member, ingredients=start)["user_shoppinglist_id"]
    url = f"{LISTS}/{list_id}"
    fresh_read(client, member, list_id)  # the state is kept from here on
    changes = [
        ("PUT", url, {"ingredients": [{"value": egg, "checked": True}]}),
        ("PUT", url, {"ingredients": [{"value": egg, "checked": True}]}),  # no value changed: no row written
        ("PUT", url, {"ingredients": [{"value": flour, "quantity": 750}]}),
        ("PUT", url, {"ingredients": [{"value": flour, "unit": "kg"}]}),  # 750 g is 0.75 kg
        ("PUT", url, {"ingredients": [{"value": egg, "change": -2}, {"value": milk, "checked": True}]}),
        ("POST", f"{url}/merge", {"ingredients": [{"value": milk, "quantity": 1}]}),
        ("PUT", url, {"name": "Renamed", "ingredients_to_remove": [milk]}),
    ]
    for method, path, body in changes:
        reads.clear()
        answer = client.request(method, path, json=body, headers=member.headers)
        assert answer.status_code == 200, answer.text
        answered = answer.json()["data"]["ingredients"]
        # The next read of the list answers from the kept state too.
        assert client.get(url, headers=member.headers).json()["shopping_list"]["ingredients"] == answered
        assert reads == [], (method, body)
        assert fresh_read(client, member, list_id) == answered
    assert [(i["value"], i["quantity"], i["unit"], i["checked"]) for i in fresh_read(client, member, list_id)] == [
        (egg, 4, "unit(s)", True),
        (flour, 0.75, "kg", False),
    ]
    # A new item has no id until it is read: the state it leaves is answered, not changed.
    reads.clear()
    added = client.post(f"{url}/merge", json={"ingredients": [{"value": bacon}]}, headers=member.headers)
    assert reads == []
    again = client.post(f"{url}/merge", json={"ingredients": [{"value": bacon}]}, headers=member.headers)
    assert reads == [list_id]  # read in its turn: the state it leaves is whole again
    reads.clear()
    ticked = client.put(url, json={"ingredients": [{"value": bacon, "checked": True}]}, headers=member.headers)
    assert reads == []
    assert added.status_code == again.status_code == ticked.status_code == 200
    assert ticked.json()["data"]["ingredients"] == fresh_read(client, member, list_id)
    assert [i["quantity"] for i in ticked.json()["data"]["ingredients"]][-1] == 2


def test_a_row_written_by_somebody_else_in_between_is_read_not_guessed(client, member, kitchen, reads, monkeypatch):
    """On PostgreSQL a writer that does not take the list's turn (a category's deletion nulls its
    items' category) may write between a change's first read and its answer: the items_version
    then counts more rows than the change wrote, and the items are read."""
    egg, flour = kitchen.value("Egg"), kitchen.value("Flour")
    list_id = new_list(client, member, ingredients=[{"value": egg}, {"value": flour}])["user_shoppinglist_id"]
    fresh_read(client, member, list_id)
    original = ShoppingListRepository.date

    async def somebody_else_first(self: Any, wanted: int, stamp: Any) -> int:
        await self.session.execute(
            text("update shopping_list_item set category_id = null where list_id = :id and value = :flour"),
            {"id": wanted, "flour": flour},
        )
        return await original(self, wanted, stamp)

    monkeypatch.setattr(ShoppingListRepository, "date", somebody_else_first)
    reads.clear()
    ticked = client.put(
        f"{LISTS}/{list_id}", json={"ingredients": [{"value": egg, "checked": True}]}, headers=member.headers
    )
    assert ticked.status_code == 200, ticked.text
    assert reads == [list_id]
    answered = ticked.json()["data"]["ingredients"]
    assert [(i["value"], i["category_id"] is None) for i in answered] == [(egg, False), (flour, True)]
    monkeypatch.setattr(ShoppingListRepository, "date", original)
    assert fresh_read(client, member, list_id) == answered


def test_a_state_that_cannot_tell_what_a_change_leaves_says_so(client, member, kitchen):
    class Row:
        def __init__(self, row_id: int | None, value: str) -> None:
            self.id, self.value, self.name, self.quantity, self.unit = row_id, value, value, 1.0, "g"
            self.default_unit, self.default_quantity, self.image, self.checked = "g", 1.0, None, False
            self.date_added, self.category_id = None, None

    before = ((1, item_out(Row(1, "1"))), (2, item_out(Row(2, "2"))))
    moved = Row(2, "2")
    moved.checked = True
    assert after(before, ItemsChange(updated=[moved], deleted={1})) == ((2, item_out(moved)),)
    assert after(before, ItemsChange(updated=[Row(3, "3")])) is None  # a row it does not hold
    assert after(before, ItemsChange(deleted={7})) is None
    with_new = after(before, ItemsChange(inserted=[Row(None, "4")]))
    assert with_new is not None and with_new[-1][0] is None
    assert after(with_new, ItemsChange(updated=[moved])) is None  # the new row's id is not known


@pytest.fixture
def shop_reads(monkeypatch: Any) -> list[int]:
    """The list ids whose items a complete shop read as rows."""
    seen: list[int] = []
    original = ShoppingListRepository.item_amounts

    async def counting(self: Any, list_id: int) -> Any:
        seen.append(list_id)
        return await original(self, list_id)

    monkeypatch.setattr(ShoppingListRepository, "item_amounts", counting)
    return seen


def shop_list(client: Any, member: Any, kitchen: Any) -> tuple[int, int, list[str]]:
    egg, flour, milk = (kitchen.value(n) for n in ("Egg", "Flour", "Milk"))
    start = [{"value": egg, "quantity": 6}, {"value": flour, "quantity": 500}, {"value": milk, "quantity": 1}]
    list_id = new_list(client, member, ingredients=start)["user_shoppinglist_id"]
    store = client.post("/api/pwa/stores", json={"name": "Pantry", "description": "Home"}, headers=member.headers)
    assert store.status_code == 201, store.text
    return list_id, store.json()["data"]["id"], [str(egg), str(flour)]


def complete(client: Any, member: Any, list_id: int, store_id: int, checked: list[str]) -> dict[str, Any]:
    body = {"request_id": f"shop-of-{list_id}", "checked": checked, "store_id": store_id}
    answer = client.post(f"{LISTS}/{list_id}/complete", json=body, headers=member.headers)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def test_a_shop_takes_the_items_as_kept_when_the_list_was_read(client, member, kitchen, shop_reads):
    list_id, store_id, checked = shop_list(client, member, kitchen)
    fresh_read(client, member, list_id)  # the shopper's device has the list open
    assert complete(client, member, list_id, store_id, checked)["stored"] == 2
    assert shop_reads == []
    assert [item["name"] for item in fresh_read(client, member, list_id)] == ["Milk"]
    store = client.get(f"/api/pwa/stores/{store_id}", headers=member.headers).json()["data"]
    assert sorted((i["name"], i["quantity"]) for i in store["items"]) == [("Egg", 6), ("Flour", 500)]


def test_a_shop_reads_the_items_of_a_list_changed_since_it_was_kept(client, member, kitchen, settings, shop_reads):
    list_id, store_id, checked = shop_list(client, member, kitchen)
    fresh_read(client, member, list_id)
    # Another process's write: the triggers count the list's items_version up.
    sql(settings, "update shopping_list_item set quantity = 12 where list_id = :id", id=list_id)
    assert complete(client, member, list_id, store_id, checked)["stored"] == 2
    assert shop_reads == [list_id]
    store = client.get(f"/api/pwa/stores/{store_id}", headers=member.headers).json()["data"]
    assert sorted((i["name"], i["quantity"]) for i in store["items"]) == [("Egg", 12), ("Flour", 12)]
