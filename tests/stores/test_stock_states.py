"""Stock put into a store answers from the stock kept before it and the rows it wrote (read again),
never from a stock somebody else's write left in between; what it answers is what a fresh read of
the store finds."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from larder.stores.repository import StoreRepository
from larder.stores.stock_cache import ANSWER_CACHE, STOCK_CACHE
from tests.stores.support import STORES, Statements, new_store
from tests.support import sql


@pytest.fixture
def full_reads(monkeypatch: Any) -> list[int]:
    """The stores whose every item was read, in order."""
    seen: list[int] = []
    original = StoreRepository.item_rows

    async def counting(self: Any, store_ids: Any) -> Any:
        seen.extend(store_ids)
        return await original(self, store_ids)

    monkeypatch.setattr(StoreRepository, "item_rows", counting)
    return seen


def fresh_read(client: Any, member: Any, store_id: int) -> dict[str, Any]:
    STOCK_CACHE.clear()
    ANSWER_CACHE.clear()
    answer = client.get(f"{STORES}/{store_id}", headers=member.headers)
    assert answer.status_code == 200, answer.text
    return answer.json()["data"]


def test_stock_put_in_answers_what_a_fresh_read_finds_and_reads_no_whole_store(client, member, kitchen, full_reads):
    egg, flour, milk = (kitchen.value(n) for n in ("Egg", "Flour", "Milk"))
    store_id = new_store(client, member)["id"]
    url = f"{STORES}/{store_id}/items"
    first = client.post(url, json={"items": [{"value": egg, "quantity": 6}]}, headers=member.headers)
    assert first.status_code == 200, first.text
    fresh_read(client, member, store_id)  # the stock is kept from here on
    puts = [
        [{"value": egg, "quantity": 6}],  # into the day's batch
        [{"value": flour, "quantity": 500}, {"value": milk, "quantity": 1}],  # new batches
        [{"value": milk, "quantity": 1}, {"value": egg, "quantity": 2}],  # a new batch's row, then the first
        [{"name": "Birthday candles", "quantity": 2}],  # a custom item
        [{"value": egg, "quantity": 1, "date_added": "2026-01-03T10:00:00Z"}],  # an older day: expired
    ]
    for items in puts:
        full_reads.clear()
        answer = client.post(url, json={"items": items}, headers=member.headers)
        assert answer.status_code == 200, answer.text
        answered = answer.json()["data"]
        # The next read of the store answers from the kept stock too.
        assert client.get(f"{STORES}/{store_id}", headers=member.headers).json()["data"] == answered
        assert full_reads == [], items
        assert fresh_read(client, member, store_id) == answered
    stock = fresh_read(client, member, store_id)
    assert [(i["name"], i["quantity"]) for i in stock["items"]] == [
        ("Egg", 14),
        ("Flour", 500),
        ("Milk", 2),
        ("Birthday candles", 2),
        ("Egg", 1),
    ]
    assert stock["expired"] == 1


def test_a_row_written_by_somebody_else_in_between_is_read_not_guessed(
    client, member, kitchen, full_reads, monkeypatch
):
    egg, flour = kitchen.value("Egg"), kitchen.value("Flour")
    store_id = new_store(client, member)["id"]
    url = f"{STORES}/{store_id}/items"
    client.post(url, json={"items": [{"value": egg}, {"value": flour}]}, headers=member.headers)
    fresh_read(client, member, store_id)
    original = StoreRepository.date

    async def somebody_else_first(self: Any, wanted: int, stamp: Any) -> int:
        await self.session.execute(
            text("update store_item set quantity = 40 where store_id = :id and value = :flour"),
            {"id": wanted, "flour": flour},
        )
        return await original(self, wanted, stamp)

    monkeypatch.setattr(StoreRepository, "date", somebody_else_first)
    full_reads.clear()
    answer = client.post(url, json={"items": [{"value": egg, "quantity": 2}]}, headers=member.headers)
    assert answer.status_code == 200, answer.text
    assert full_reads == [store_id]
    answered = answer.json()["data"]
    assert [(i["name"], i["quantity"]) for i in answered["items"]] == [("Egg", 3), ("Flour", 40)]
    monkeypatch.setattr(StoreRepository, "date", original)
    assert fresh_read(client, member, store_id) == answered


def batch_reads(statements: Statements) -> list[str]:
    """The statements that read a store's batches to merge into them."""
    return [s for s in statements.sent if s.lstrip().upper().startswith("SELECT") and "FROM store_item" in s]


def test_stock_merges_into_the_kept_batches_without_reading_them(client, member, kitchen):
    egg = kitchen.value("Egg")
    store_id = new_store(client, member)["id"]
    url = f"{STORES}/{store_id}/items"
    client.post(url, json={"items": [{"value": egg, "quantity": 6}]}, headers=member.headers)
    fresh_read(client, member, store_id)  # the stock is kept from here on
    with Statements() as statements:
        answer = client.post(url, json={"items": [{"value": egg, "quantity": 2}]}, headers=member.headers)
    assert answer.status_code == 200, answer.text
    assert batch_reads(statements) == []
    assert [(i["name"], i["quantity"]) for i in answer.json()["data"]["items"]] == [("Egg", 8)]
    assert fresh_read(client, member, store_id) == answer.json()["data"]


def test_a_batch_changed_by_somebody_else_is_read_before_merging(client, member, kitchen, settings):
    egg = kitchen.value("Egg")
    store_id = new_store(client, member)["id"]
    url = f"{STORES}/{store_id}/items"
    client.post(url, json={"items": [{"value": egg, "quantity": 6}]}, headers=member.headers)
    fresh_read(client, member, store_id)
    # Another process's write: the triggers count the store's stock version up, so what is kept
    # no longer names the store as it is.
    sql(settings, "update store_item set quantity = 10 where store_id = :id", id=store_id)
    with Statements() as statements:
        answer = client.post(url, json={"items": [{"value": egg, "quantity": 2}]}, headers=member.headers)
    assert answer.status_code == 200, answer.text
    assert len(batch_reads(statements)) >= 1
    assert [(i["name"], i["quantity"]) for i in answer.json()["data"]["items"]] == [("Egg", 12)]
