"""No query per item: the statements a call sends do not grow with the number of items (issue "Speed").

Each call is made twice, on a small and on a large household, and every SQL statement of any
engine is counted while it runs (the session check of the bearer token included: it is the same
in both). The large household may not cost a single statement more.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.stores.support import LISTS, STORES, Kitchen, Statements, new_list, new_store, receive, seed_kitchen

STAPLES = 80


@pytest.fixture
def staples(settings, tmp_path: Path) -> Kitchen:
    """The kitchen catalogue with 80 more ingredients, enough for a shop of 80 catalogue items."""
    return seed_kitchen(settings, tmp_path, extra=STAPLES)


def staple_values(kitchen: Kitchen, count: int) -> list[str]:
    return [kitchen.value(f"Staple {n:02d}") for n in range(1, count + 1)]


def counted(call: Any) -> tuple[int, Any]:
    with Statements() as statements:
        response = call()
    assert response.status_code == 200, response.text
    return len(statements), response


def stock_stores(client, member, kitchen: Kitchen, per_store: int) -> None:
    for n in range(3):
        store = new_store(client, member, f"Store {n}")
        catalogue = [{"value": value, "quantity": 2} for value in staple_values(kitchen, per_store // 2)]
        custom = [{"name": f"Jar {n} {k}"} for k in range(per_store - len(catalogue))]
        assert len(receive(client, member, store["id"], catalogue + custom)["items"]) == per_store


def test_get_stores_costs_the_same_for_3_x_5_and_3_x_50_items(client, member_factory, staples):
    small = member_factory("small_1", "small@example.org")
    large = member_factory("large_1", "large@example.org")
    stock_stores(client, small, staples, 5)
    stock_stores(client, large, staples, 50)
    few, answer_small = counted(lambda: client.get(STORES, headers=small.headers))
    many, answer_large = counted(lambda: client.get(STORES, headers=large.headers))
    assert [len(s["items"]) for s in answer_small.json()["data"]] == [5, 5, 5]
    assert [len(s["items"]) for s in answer_large.json()["data"]] == [50, 50, 50]
    assert many == few, (few, many)
    # Notifications read every item of every store too.
    few, _ = counted(lambda: client.get("/api/pwa/notifications", headers=small.headers))
    many, _ = counted(lambda: client.get("/api/pwa/notifications", headers=large.headers))
    assert many == few, (few, many)


def test_get_one_list_costs_the_same_for_8_and_80_items(client, member, staples):
    short = new_list(
        client,
        member,
        "Short",
        [{"value": v} for v in staple_values(staples, 4)] + [{"name": f"Thing {n}"} for n in range(4)],
    )
    long = new_list(
        client,
        member,
        "Long",
        [{"value": v} for v in staple_values(staples, 40)] + [{"name": f"Thing {n}"} for n in range(40)],
    )
    few, answer_short = counted(lambda: client.get(f"{LISTS}/{short['user_shoppinglist_id']}", headers=member.headers))
    many, answer_long = counted(lambda: client.get(f"{LISTS}/{long['user_shoppinglist_id']}", headers=member.headers))
    assert len(answer_short.json()["shopping_list"]["ingredients"]) == 8
    assert len(answer_long.json()["shopping_list"]["ingredients"]) == 80
    assert many == few, (few, many)
    few, _ = counted(lambda: client.get(LISTS, headers=member.headers))
    new_list(client, member, "Another", [{"name": f"Other {n}"} for n in range(80)])
    many, _ = counted(lambda: client.get(LISTS, headers=member.headers))
    assert many == few, (few, many)


def shop_of(client, member, kitchen: Kitchen, size: int, tag: str) -> tuple[int, dict[str, Any]]:
    """A complete shop of `size` checked catalogue items into a stocked store, the rest moved to a list."""
    store = new_store(client, member, f"Pantry {tag}")
    values = staple_values(kitchen, size)
    # Half of it is already in the store today: those merge into the batch that is there.
    receive(client, member, store["id"], [{"value": v, "quantity": 1} for v in values[: size // 2]])
    shop = new_list(
        client,
        member,
        f"Shop {tag}",
        [{"value": v, "quantity": 3} for v in values] + [{"name": f"Extra {tag} {n}"} for n in range(size // 8)],
    )
    other = new_list(client, member, f"Later {tag}", [{"name": f"Extra {tag} 0"}])
    body = {
        "request_id": f"count-shop-{tag}",
        "checked": values,
        "store_id": store["id"],
        "move_unchecked_to": other["user_shoppinglist_id"],
    }
    statements, response = counted(
        lambda: client.post(f"{LISTS}/{shop['user_shoppinglist_id']}/complete", json=body, headers=member.headers)
    )
    assert response.json()["data"]["stored"] == size
    assert response.json()["data"]["moved"] == size // 8
    return statements, response.json()["data"]


def test_complete_shop_costs_the_same_for_8_and_80_items(client, member, staples):
    few, _ = shop_of(client, member, staples, 8, "small")
    many, _ = shop_of(client, member, staples, 80, "large")
    assert many == few, (few, many)


def test_receiving_and_editing_stock_costs_the_same_for_5_and_50_items(client, member, staples):
    counts = []
    for size in (5, 50):
        store = new_store(client, member, f"Store {size}")
        values = staple_values(staples, size)
        stocked, answer = counted(
            lambda store=store, values=values: client.post(
                f"{STORES}/{store['id']}/items", json={"items": [{"value": v} for v in values]}, headers=member.headers
            )
        )
        items = answer.json()["data"]["items"]
        edited, _ = counted(
            lambda store=store, items=items: client.put(
                f"{STORES}/{store['id']}",
                json={"items": [{"id": i["id"], "quantity": 2, "unit": "kg"} for i in items], "items_to_remove": []},
                headers=member.headers,
            )
        )
        counts.append((stocked, edited))
    assert counts[1] == counts[0], counts
