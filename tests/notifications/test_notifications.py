"""GET /notifications (DESIGN "Part 2"): expired items, and items expiring within 0 to 2 days (30-day fallback)."""

from __future__ import annotations

from datetime import timedelta

from tests.stores.support import added_on, local_today, new_store, receive
from tests.support import sql

NOTIFICATIONS = "/api/pwa/notifications"


def notifications(client, member):
    response = client.get(NOTIFICATIONS, headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


def stock_expiring_in(client, member, kitchen, settings, store_id, days_left: dict[str, int]):
    """Each ingredient added ten days ago with the shelf life that leaves it `days_left` days."""
    ten_days_ago = added_on(local_today(settings) - timedelta(days=10))
    return receive(
        client,
        member,
        store_id,
        [
            {"value": kitchen.value(name), "date_added": ten_days_ago, "estimated_expiry_days": 10 + left}
            for name, left in days_left.items()
        ],
    )


def test_nothing_stocked_nothing_to_tell(client, member):
    assert notifications(client, member) == {"expired": [], "expiring": []}
    new_store(client, member, "Pantry")
    assert notifications(client, member) == {"expired": [], "expiring": []}


def test_the_windows_are_exact_at_zero_two_and_three_days(client, member, kitchen, settings):
    store = new_store(client, member, "Fridge")
    stock_expiring_in(
        client,
        member,
        kitchen,
        settings,
        store["id"],
        {"Chicken breast": -1, "Milk": 0, "Egg": 2, "Flour": 3, "Bacon": -10},
    )
    today = local_today(settings)
    data = notifications(client, member)
    assert [(e["name"], e["expiry_date"]) for e in data["expired"]] == [
        ("Bacon", (today - timedelta(days=10)).isoformat()),
        ("Chicken breast", (today - timedelta(days=1)).isoformat()),
    ]
    assert [(e["name"], e["expiry_date"]) for e in data["expiring"]] == [
        ("Milk", today.isoformat()),
        ("Egg", (today + timedelta(days=2)).isoformat()),
    ]
    # Flour, three days left, is not yet in the notifications, though the store badge counts it.
    stored = client.get(f"/api/pwa/stores/{store['id']}", headers=member.headers).json()["data"]
    assert (stored["expired"], stored["expiring"]) == (2, 3)


def test_entries_name_the_item_and_its_store(client, member, kitchen, settings):
    pantry = new_store(client, member, "Pantry")
    fridge = new_store(client, member, "Fridge")
    (milk,) = stock_expiring_in(client, member, kitchen, settings, fridge["id"], {"Milk": 1})["items"]
    client.put(
        f"/api/pwa/stores/{fridge['id']}",
        json={"items": [{"id": milk["id"], "quantity": 2, "unit": "l"}]},
        headers=member.headers,
    )
    stock_expiring_in(client, member, kitchen, settings, pantry["id"], {"Flour": -3})
    data = notifications(client, member)
    today = local_today(settings)
    assert data == {
        "expired": [
            {
                "id": data["expired"][0]["id"],
                "name": "Flour",
                "quantity": 1,
                "unit": "g",
                "expiry_date": (today - timedelta(days=3)).isoformat(),
                "store_id": pantry["id"],
                "store_name": "Pantry",
            }
        ],
        "expiring": [
            {
                "id": milk["id"],
                "name": "Milk",
                "quantity": 2,
                "unit": "l",
                "expiry_date": (today + timedelta(days=1)).isoformat(),
                "store_id": fridge["id"],
                "store_name": "Fridge",
            }
        ],
    }


def test_missing_days_fall_back_to_thirty_here_and_fourteen_in_the_store(client, member, kitchen, settings):
    store = new_store(client, member, "Pantry")
    today = local_today(settings)
    receive(
        client,
        member,
        store["id"],
        [
            {"value": kitchen.value("Flour"), "date_added": added_on(today - timedelta(days=20))},  # 10 days left of 30
            {"value": kitchen.value("Egg"), "date_added": added_on(today - timedelta(days=28))},  # 2 left of 30
            {"value": kitchen.value("Milk"), "date_added": added_on(today - timedelta(days=31))},  # expired a day ago
            {"value": kitchen.value("Bacon"), "date_added": added_on(today - timedelta(days=27))},  # 3 left of 30
        ],
    )
    # The API fills the days in; a batch without them (older data, a cleared field) is what is tested.
    sql(settings, "update store_item set estimated_expiry_days = null")
    data = notifications(client, member)
    assert [(e["name"], e["expiry_date"]) for e in data["expired"]] == [
        ("Milk", (today - timedelta(days=1)).isoformat())
    ]
    assert [(e["name"], e["expiry_date"]) for e in data["expiring"]] == [
        ("Egg", (today + timedelta(days=2)).isoformat())
    ]
    # The store counts 14 days: all four have expired there, and its expiry dates say so.
    stored = client.get(f"/api/pwa/stores/{store['id']}", headers=member.headers).json()["data"]
    assert (stored["expired"], stored["expiring"]) == (4, 0)
    assert {i["name"]: i["freshness"] for i in stored["items"]} == dict.fromkeys(
        ("Flour", "Egg", "Milk", "Bacon"), "expired"
    )


def test_custom_items_are_told_about_too(client, member, settings):
    store = new_store(client, member, "Pantry")
    today = local_today(settings)
    receive(client, member, store["id"], [{"name": "Jam", "date_added": added_on(today - timedelta(days=13))}])
    data = notifications(client, member)
    assert [(e["name"], e["expiry_date"]) for e in data["expiring"]] == [
        ("Jam", (today + timedelta(days=1)).isoformat())
    ]


def test_notifications_sort_by_expiry_then_name(client, member, kitchen, settings):
    store = new_store(client, member, "Fridge")
    stock_expiring_in(
        client,
        member,
        kitchen,
        settings,
        store["id"],
        {"Milk": 1, "Egg": 0, "Bacon": 1, "Flour": -2, "Chicken breast": -5},
    )
    data = notifications(client, member)
    assert [e["name"] for e in data["expired"]] == ["Chicken breast", "Flour"]
    assert [e["name"] for e in data["expiring"]] == ["Egg", "Bacon", "Milk"]
