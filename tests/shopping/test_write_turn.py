"""A list write takes its turn before the reads that decide it (the caller's right, the items); a
change of items answers from the rows it wrote, in that turn."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from larder.core.db.engine import standalone_session
from larder.core.db.uow import WriteTurns, unit_of_work
from larder.shopping.repository import ShoppingListRepository
from tests.mealplans.rows import share
from tests.stores.support import LISTS, new_list
from tests.support import sql


def test_a_change_of_items_answers_from_the_rows_it_wrote_and_a_new_list_after_its_turn(
    client, member, kitchen, monkeypatch
):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    turns: list[bool] = []
    original = ShoppingListRepository.item_rows

    async def watching(self: Any, list_ids: Any) -> Any:
        turns.append(unit_of_work(self.session).writing)
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
    # A change of items reads the rows it wrote in its own turn (no second transaction for the
    # answer); the next change starts from that state and reads no item (tests/shopping/
    # test_item_states.py); a new list, which has no items to read yet, answers once the turn is
    # handed on.
    assert turns == [True, False]
    # What was written is what was answered, and kept.
    kept = client.get(f"{LISTS}/{list_id}", headers=member.headers).json()["shopping_list"]
    assert kept["name"] == "Party food"
    assert [(item["value"], item["quantity"]) for item in kept["ingredients"]] == [(egg, 4)]


def meanwhile(monkeypatch: Any, settings: Any, statement: str, **params: Any) -> None:
    """Another writer commits `statement` while the request waits for its write turn (after every
    read it made before asking for the turn)."""
    original = WriteTurns.take
    done: list[bool] = []

    async def another_writer_first(self: WriteTurns, session: Any, scopes: Any) -> Any:
        if not done:
            done.append(True)
            async with standalone_session(settings) as elsewhere:  # another connection, committed here
                await elsewhere.execute(text(statement), params)
        return await original(self, session, scopes)

    monkeypatch.setattr(WriteTurns, "take", another_writer_first)


def test_a_right_revoked_while_a_write_waits_for_its_turn_is_not_used(
    client, member_factory, kitchen, settings, monkeypatch
):
    owner = member_factory("owner_1", "owner@example.org", verified=True)
    editor = member_factory("editor_1", "editor@example.org", verified=True)
    list_id = new_list(client, owner, ingredients=[])["user_shoppinglist_id"]
    share(client, owner, "UserShoppinglist", list_id, editor.email, can_edit=True)
    assert client.get(f"{LISTS}/{list_id}", headers=editor.headers).status_code == 200
    meanwhile(monkeypatch, settings, "delete from share where entity_id = :id", id=list_id)
    renamed = client.put(f"{LISTS}/{list_id}", json={"name": "Mine now"}, headers=editor.headers)
    # The right is checked in the turn, after the revoke: the list is a stranger's now.
    assert renamed.status_code == 404, renamed.text
    assert sql(settings, "select name from shopping_list where id = :id", id=list_id) == [("Weekly shop",)]


def test_a_change_made_while_a_write_waits_for_its_turn_is_not_lost(client, member, kitchen, settings, monkeypatch):
    egg = kitchen.value("Egg")
    list_id = new_list(client, member, ingredients=[{"value": egg, "quantity": 2}])["user_shoppinglist_id"]
    assert client.get(f"{LISTS}/{list_id}", headers=member.headers).status_code == 200
    meanwhile(monkeypatch, settings, "update shopping_list_item set quantity = 5 where list_id = :id", id=list_id)
    merged = client.post(
        f"{LISTS}/{list_id}/merge", json={"ingredients": [{"value": egg, "quantity": 1}]}, headers=member.headers
    )
    assert merged.status_code == 200, merged.text
    # 5 (written meanwhile) + 1, not 2 + 1 from what the request could have read before.
    assert [item["quantity"] for item in merged.json()["data"]["ingredients"]] == [6]
    assert sql(settings, "select quantity from shopping_list_item where list_id = :id", id=list_id) == [(6,)]


def test_a_change_outside_a_write_block_is_refused(client, member, kitchen, monkeypatch):
    """A service that changes rows without taking its turn fails before anything is sent."""
    from larder.shopping import service

    async def no_turn(self: Any, member: Any, list_id: int) -> None:
        shopping_list, _ = await self.open_list(member, list_id, service.Action.DELETE)
        await self.session.delete(shopping_list)
        await self.session.flush()

    list_id = new_list(client, member, ingredients=[])["user_shoppinglist_id"]
    monkeypatch.setattr(service.ShoppingService, "delete", no_turn)
    assert client.delete(f"{LISTS}/{list_id}", headers=member.headers).status_code == 500
    assert client.get(f"{LISTS}/{list_id}", headers=member.headers).status_code == 200


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
