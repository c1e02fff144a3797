"""A list write hands on the write turn once its rows are written: its answer is read after the
commit, while the next writer may already write (writers queue on that turn)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from larder.core import db
from larder.core.db import standalone_session
from larder.shopping import service
from larder.shopping.service import ShoppingListRepository
from tests.stores.support import LISTS, new_list
from tests.support import sql


def test_the_answer_of_a_list_write_is_read_after_the_write_turn_is_handed_on(client, member, kitchen, monkeypatch):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    turns: list[bool] = []
    original = ShoppingListRepository.item_rows

    async def watching(self: Any, list_ids: Any) -> Any:
        turns.append(client.app.state[db._WRITE_GATE].locked())
        return await original(self, list_ids)

    monkeypatch.setattr(ShoppingListRepository, "item_rows", watching)
    for method, path, body in (
        (
            "PUT",
            f"{LISTS}/{list_id}",
            {"name": "Party food", "ingredients": [{"value": kitchen.value("Egg"), "quantity": 3}]},
        ),
        ("POST", f"{LISTS}/{list_id}/merge", {"ingredients": [{"value": kitchen.value("Egg")}]}),
        ("POST", LISTS, {"name": "Second", "ingredients": []}),
    ):
        answer = client.request(method, path, json=body, headers=member.headers)
        assert answer.status_code in (200, 201), answer.text
    assert turns == [False, False, False]
    # What was written is what was answered, and kept.
    kept = client.get(f"{LISTS}/{list_id}", headers=member.headers).json()["shopping_list"]
    assert kept["name"] == "Party food"
    assert [(item["value"], item["quantity"]) for item in kept["ingredients"]] == [(egg, 4)]


def test_a_list_write_reads_before_it_takes_the_write_turn(client, member, kitchen, monkeypatch):
    """The list, the caller's right and the catalogue's facts are read before this process's write
    turn is taken; only the writes wait for it."""
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    held_during_reads: list[bool] = []
    original = service.take_write_turn

    async def watching(request_state: Any, session: Any) -> bool:
        held_during_reads.append(client.app.state[db._WRITE_GATE].locked())
        return await original(request_state, session)

    monkeypatch.setattr(service, "take_write_turn", watching)
    answer = client.put(
        f"{LISTS}/{list_id}", json={"ingredients": [{"value": egg, "checked": True}]}, headers=member.headers
    )
    assert answer.status_code == 200, answer.text
    assert held_during_reads == [False]
    assert answer.json()["data"]["ingredients"][0]["checked"] is True


def test_a_change_made_between_the_reads_and_the_write_turn_is_not_lost(client, member, kitchen, settings, monkeypatch):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    original = service.take_write_turn

    async def another_writer_first(request_state: Any, session: Any) -> bool:
        async with standalone_session(settings) as elsewhere:  # another connection, committed here
            await elsewhere.execute(
                text("update shopping_list_item set quantity = 5 where list_id = :id"), {"id": list_id}
            )
        return await original(request_state, session)

    monkeypatch.setattr(service, "take_write_turn", another_writer_first)
    merged = client.post(
        f"{LISTS}/{list_id}/merge", json={"ingredients": [{"value": egg, "quantity": 1}]}, headers=member.headers
    )
    assert merged.status_code == 200, merged.text
    # 5 (written meanwhile) + 1, not 2 + 1 from what the request had read before.
    assert [item["quantity"] for item in merged.json()["data"]["ingredients"]] == [6]
    assert sql(settings, "select quantity from shopping_list_item where list_id = :id", id=list_id) == [(6,)]


def test_every_change_of_a_lists_items_counts_up_its_version(client, member, kitchen, settings):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]

    def version() -> int:
        return sql(settings, "select items_version from shopping_list where id = :id", id=list_id)[0][0]

    before = version()
    sql(settings, "update shopping_list_item set checked = true where list_id = :id", id=list_id)
    assert version() == before + 1
    sql(settings, "delete from shopping_list_item where list_id = :id", id=list_id)
    assert version() == before + 2
    client.post(f"{LISTS}/{list_id}/merge", json={"ingredients": [{"value": egg}]}, headers=member.headers)
    assert version() == before + 3
