"""The calendar feed's test helpers: plans written as rows, the member's feed address, its events
read back with a standard iCalendar parser, and "today" for the feed's window."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from icalendar import Calendar

from larder.core.base import clock
from larder.mealplans.models import MealPlan, MealPlanEntry
from larder.sharing.models import Share
from tests.support import run_db

FEED = "/api/pwa/calendar-feed"
PUBLIC_URL = "http://127.0.0.1:8000"  # tests' LARDER_PUBLIC_URL default (host and port of the settings)
# "Today" of the feed tests: the feed shows the meals from 92 days before it to 366 days after.
TODAY = date(2026, 3, 1)


@pytest.fixture
def frozen_today(monkeypatch: pytest.MonkeyPatch) -> date:
    """The server's clock stopped at noon (UTC) on TODAY."""
    monkeypatch.setattr(clock, "now", lambda: datetime(TODAY.year, TODAY.month, TODAY.day, 12, tzinfo=UTC))
    return TODAY


def add_plan(
    settings: Any,
    owner_id: int,
    name: str,
    entries: list[tuple[int, str, str, str | None]],
    *,
    start: date | None,
    days: int = 3,
) -> int:
    """A plan written straight to the database: entries are (day, name, type, value)."""

    async def work(session: Any) -> int:
        plan = MealPlan(user_id=owner_id, name=name, days=days)
        if start is not None:
            plan.schedule(start)
        session.add(plan)
        await session.flush()
        for position, (day, entry_name, entry_type, value) in enumerate(entries):
            session.add(
                MealPlanEntry(
                    plan_id=plan.id, day=day, position=position, name=entry_name, type=entry_type, value=value
                )
            )
        await session.flush()
        return plan.id

    return run_db(settings, work)


def share_plan(settings: Any, plan_id: int, owner_id: int, email: str) -> None:
    async def work(session: Any) -> None:
        session.add(Share(entity_type="UserMealplan", entity_id=plan_id, owner_id=owner_id, email=email))
        await session.flush()

    run_db(settings, work)


def feed_url(client: Any, member: Any) -> str:
    response = client.post(FEED, headers=member.headers)
    assert response.status_code == 200, response.text
    url = response.json()["data"]["url"]
    assert url.startswith(f"{client.app.state['settings'].public_url}/api/pwa/calendar/") and url.endswith(".ics")
    return url


def fetch(client: Any, url: str, **kwargs: Any) -> Any:
    return client.get(url.removeprefix(client.app.state["settings"].public_url), **kwargs)


def events(client: Any, url: str) -> list[Any]:
    response = fetch(client, url)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "text/calendar; charset=utf-8"  # the charset once
    calendar = Calendar.from_ical(response.content)
    assert str(calendar["VERSION"]) == "2.0"
    return list(calendar.walk("VEVENT"))


def by_summary(found: list[Any]) -> dict[str, Any]:
    return {str(event["SUMMARY"]): event for event in found}
