"""The dashboard counts its days in the instance's time zone, LARDER_TIMEZONE (DESIGN "Part 2").

The instance runs in Tokyo (UTC+9) and "now" is fixed at 23:00 UTC on 10 March, 08:00 on 11 March
in Tokyo.
"""

from __future__ import annotations

import pytest

from larder.core.base.settings import Settings
from tests.stores.support import new_store, receive


@pytest.fixture
def settings(tokyo_settings: Settings) -> Settings:
    return tokyo_settings


def test_the_default_store_badges_count_the_local_day(client, member, kitchen, tokyo_morning):
    store = new_store(client, member, "Fridge")
    # Put in at noon UTC on 10 March (21:00 in Tokyo) and kept 0 days: it expired when 10 March
    # ended. It is 11 March in Tokyo; in UTC it would still be 10 March, and the milk only expiring.
    receive(
        client,
        member,
        store["id"],
        [{"value": kitchen.value("Milk"), "date_added": "2026-03-10T12:00:00Z", "estimated_expiry_days": 0}],
    )
    response = client.get("/api/pwa/dashboard", headers=member.headers)
    assert response.status_code == 200, response.text
    card = response.json()["data"]["default_store"]
    assert (card["item_count"], card["expiring"], card["expired"]) == (1, 0, 1)
