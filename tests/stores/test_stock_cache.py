"""Cached stock answers never outlive a change of the items, whoever makes it."""

from __future__ import annotations

from tests.stores.support import STORES
from tests.support import sql


def test_a_change_made_outside_the_service_shows_at_once(client, member, kitchen, settings):
    store = client.post(STORES, json={"name": "Pantry", "description": "Cupboard"}, headers=member.headers).json()
    store_id = store["data"]["id"]
    stocked = client.post(
        f"{STORES}/{store_id}/items",
        json={"items": [{"value": kitchen.value("Flour"), "quantity": 500}]},
        headers=member.headers,
    )
    assert stocked.json()["data"]["items"][0]["quantity"] == 500
    assert client.get(STORES, headers=member.headers).json()["data"][0]["items"][0]["quantity"] == 500  # cached now

    # Another server process, or a hand-made fix: nothing in this process hears about it.
    sql(settings, "update store_item set quantity = 250")
    assert client.get(STORES, headers=member.headers).json()["data"][0]["items"][0]["quantity"] == 250
    sql(settings, "delete from store_item")
    assert client.get(STORES, headers=member.headers).json()["data"][0]["items"] == []
    assert client.get("/api/pwa/notifications", headers=member.headers).json()["data"] == {
        "expired": [],
        "expiring": [],
    }
