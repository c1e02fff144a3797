"""The dashboard's Today and Tomorrow (part 2 §2 'Dashboard and notifications', §4 'Dashboard'):
the recipes of the caller's own and shared plans dated on those days, in the instance's time zone
(LARDER_TIMEZONE), here Auckland (UTC+13 in March), where a day starts 11 hours before it does
in UTC: at 11:30 UTC on 10 March it is already 00:30 on 11 March.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from larder.core.base import clock
from larder.core.base.settings import Settings
from tests.mealplans.support import catalogue_recipe, custom, day, new_plan, put_plan, share_plan
from tests.support import MailCatcher, make_settings

ZONE = "Pacific/Auckland"
BEFORE_MIDNIGHT = datetime(2026, 3, 10, 10, 30, tzinfo=UTC)  # 23:30 on 10 March in Auckland
AFTER_MIDNIGHT = datetime(2026, 3, 10, 11, 30, tzinfo=UTC)  # 00:30 on 11 March in Auckland


@pytest.fixture
def settings(tmp_path: Path, mail: MailCatcher, migrated_db: Path) -> Settings:
    return make_settings(
        str(tmp_path / "data"),
        template_db=migrated_db,
        LARDER_SMTP_HOST="127.0.0.1",
        LARDER_SMTP_PORT=str(mail.port),
        LARDER_TIMEZONE=ZONE,
    )


@pytest.fixture
def household(member_factory):
    return (
        member_factory("alice_1", "alice@example.org", verified=True),
        member_factory("bobby_1", "bob@example.org", verified=True),
        member_factory("eveline_1", "eve@example.org", verified=True),
    )


def meals(client: Any, member: Any, moment: datetime, monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    monkeypatch.setattr(clock, "now", lambda: moment)
    response = client.get("/api/pwa/dashboard", headers=member.headers)
    assert response.status_code == 200, response.text
    data = response.json()["data"]
    return {when: [f"{meal['plan_name']}: {meal['name']}" for meal in data[when]] for when in ("today", "tomorrow")}


def test_today_and_tomorrow_are_the_days_of_the_instance_time_zone(client, household, monkeypatch):
    alice, _, _ = household
    new_plan(
        client,
        alice,
        "Week",
        start_date="2026-03-09",
        end_date="2026-03-12",
        recipes=[day(0, custom("Mon")), day(1, custom("Tue")), day(2, custom("Wed")), day(3, custom("Thu"))],
    )
    assert meals(client, alice, BEFORE_MIDNIGHT, monkeypatch) == {"today": ["Week: Tue"], "tomorrow": ["Week: Wed"]}
    # In UTC it is still 10 March; in Auckland the next day has begun.
    assert meals(client, alice, AFTER_MIDNIGHT, monkeypatch) == {"today": ["Week: Wed"], "tomorrow": ["Week: Thu"]}


def test_own_and_shared_plans_count_and_nothing_else(client, household, settings, monkeypatch):
    alice, bob, eve = household
    pancakes = catalogue_recipe(settings, "Pancakes", image="catalogue/pancakes.webp")
    own = new_plan(
        client,
        alice,
        "Mine",
        start_date="2026-03-11",
        end_date="2026-03-11",
        recipes=[day(0, {"type": "A9", "value": pancakes}, custom("Tea"))],
    )
    bobs = new_plan(
        client, bob, "Bobs", start_date="2026-03-10", end_date="2026-03-12", recipes=[day(1, custom("Curry"))]
    )
    share_plan(client, bob, bobs["user_mealplan_id"], alice.email)
    new_plan(client, eve, "Eves", start_date="2026-03-11", end_date="2026-03-11", recipes=[day(0, custom("Secret"))])
    new_plan(client, alice, "Undated", recipes=[day(0, custom("Someday"))])
    # A plan that ended and one that has not begun.
    new_plan(client, alice, "Past", start_date="2026-03-01", end_date="2026-03-10", recipes=[day(9, custom("Old"))])
    new_plan(client, alice, "Later", start_date="2026-03-13", end_date="2026-03-14", recipes=[day(0, custom("New"))])

    assert meals(client, alice, AFTER_MIDNIGHT, monkeypatch) == {
        "today": ["Bobs: Curry", "Mine: Pancakes", "Mine: Tea"],
        "tomorrow": [],
    }
    monkeypatch.setattr(clock, "now", lambda: AFTER_MIDNIGHT)
    today = client.get("/api/pwa/dashboard", headers=alice.headers).json()["data"]["today"]
    assert today[1] == {
        "user_mealplan_id": own["user_mealplan_id"],
        "plan_name": "Mine",
        "name": "Pancakes",
        "value": pancakes,
        "image": "catalogue/pancakes.webp",
        "type": "A9",
    }
    # Scheduled to start tomorrow, the plan's first day moves there.
    put_plan(client, alice, own["user_mealplan_id"], {"start_date": "2026-03-12"})
    assert meals(client, alice, AFTER_MIDNIGHT, monkeypatch) == {
        "today": ["Bobs: Curry"],
        "tomorrow": ["Mine: Pancakes", "Mine: Tea"],
    }
    # Bob stops sharing: his plan leaves Alice's dashboard.
    body = {
        "entity_id": bobs["user_mealplan_id"],
        "type": "UserMealplan",
        "shared_with": [],
        "unshared_with": [alice.email],
    }
    assert client.put("/api/pwa/share", json=body, headers=bob.headers).status_code == 200
    assert meals(client, alice, AFTER_MIDNIGHT, monkeypatch)["today"] == []


def test_a_plan_across_a_year_end_in_the_zone(client, household, monkeypatch):
    alice, _, _ = household
    new_plan(
        client,
        alice,
        "Holidays",
        start_date="2026-12-31",
        end_date="2027-01-01",
        recipes=[day(0, custom("Party")), day(1, custom("Brunch"))],
    )
    # 11:30 UTC on 31 December is 00:30 on 1 January in Auckland (UTC+13).
    new_year = datetime(2026, 12, 31, 11, 30, tzinfo=UTC)
    assert meals(client, alice, new_year, monkeypatch) == {"today": ["Holidays: Brunch"], "tomorrow": []}
    assert meals(client, alice, datetime(2026, 12, 30, 11, 30, tzinfo=UTC), monkeypatch) == {
        "today": ["Holidays: Party"],
        "tomorrow": ["Holidays: Brunch"],
    }
