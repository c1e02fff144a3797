"""Days are calendar days in the instance's time zone, LARDER_TIMEZONE (DESIGN "Part 2").

The instance here runs in Tokyo (UTC+9, no summer time) and "now" is fixed at 23:00 UTC, 08:00 the
next morning in Tokyo: what was put in the fridge at 20:00 UTC, late in the evening by UTC's
reckoning, was put there on the Tokyo day that is "today".
"""

from __future__ import annotations

import pytest

from larder.core.base.settings import Settings
from tests.stores.support import new_store, receive
from tests.support import TOKYO


@pytest.fixture
def settings(tokyo_settings: Settings) -> Settings:
    return tokyo_settings


LATE_EVENING_UTC = "2026-03-10T20:00:00Z"  # 2026-03-11 05:00 in Tokyo


def test_the_instance_runs_in_its_zone(settings):
    assert settings.timezone == TOKYO


def test_an_item_added_late_in_the_evening_utc_counts_on_the_local_day(client, member, kitchen, tokyo_morning):
    store = new_store(client, member, "Fridge")
    (milk,) = receive(
        client,
        member,
        store["id"],
        [{"value": kitchen.value("Milk"), "date_added": LATE_EVENING_UTC, "estimated_expiry_days": 0}],
    )["items"]
    # Added on 11 March in Tokyo, kept 0 days: it expires today, not yesterday (10 March in UTC).
    assert milk["expiry_date"] == "2026-03-11"
    assert milk["freshness"] == "expiring"
    data = client.get("/api/pwa/notifications", headers=member.headers).json()["data"]
    assert data["expired"] == []
    assert [(e["name"], e["expiry_date"]) for e in data["expiring"]] == [("Milk", "2026-03-11")]


def test_today_is_the_local_day_for_the_windows(client, member, kitchen, tokyo_morning):
    store = new_store(client, member, "Fridge")
    # Both added at noon on 8 March in Tokyo; "today" is 11 March there and still 10 March in UTC.
    receive(
        client,
        member,
        store["id"],
        [
            {"value": kitchen.value("Milk"), "date_added": "2026-03-08T03:00:00Z", "estimated_expiry_days": 2},
            {"value": kitchen.value("Egg"), "date_added": "2026-03-08T03:00:00Z", "estimated_expiry_days": 5},
        ],
    )
    data = client.get("/api/pwa/notifications", headers=member.headers).json()["data"]
    # Milk expired on 10 March: yesterday in Tokyo (it would still be "today" in UTC).
    assert [(e["name"], e["expiry_date"]) for e in data["expired"]] == [("Milk", "2026-03-10")]
    # Egg expires 13 March: two days left in Tokyo.
    assert [(e["name"], e["expiry_date"]) for e in data["expiring"]] == [("Egg", "2026-03-13")]


def test_a_date_added_without_a_zone_is_read_in_the_instance_zone(client, member, kitchen, tokyo_morning):
    store = new_store(client, member, "Fridge")
    (milk,) = receive(
        client,
        member,
        store["id"],
        [{"value": kitchen.value("Milk"), "date_added": "2026-03-11T01:00:00", "estimated_expiry_days": 1}],
    )["items"]
    # 01:00 in Tokyo on 11 March is 16:00 UTC on 10 March; the day that counts is Tokyo's.
    assert milk["date_added"].startswith("2026-03-10T16:00:00")
    assert milk["expiry_date"] == "2026-03-12"


def test_stock_received_today_merges_by_the_local_day(client, member, kitchen, tokyo_morning):
    store = new_store(client, member, "Fridge")
    receive(
        client,
        member,
        store["id"],
        [{"value": kitchen.value("Milk"), "quantity": 1, "unit": "l", "date_added": LATE_EVENING_UTC}],
    )
    # 23:00 UTC on the 10th is also the 11th in Tokyo: one batch, not two.
    items = receive(client, member, store["id"], [{"value": kitchen.value("Milk"), "quantity": 1, "unit": "l"}])[
        "items"
    ]
    assert [(i["quantity"], i["unit"]) for i in items] == [(2, "l")]
