"""A list write hands on the write turn once its rows are written: its answer is read after the
commit, while the next writer may already write (writers queue on that turn)."""

from __future__ import annotations

from typing import Any

from larder.core import db
from larder.shopping.service import ShoppingListRepository
from tests.stores.support import LISTS, new_list


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
