"""The calendar feed never stalls the server and never fails for its member: it is written off the
event loop, a poll that finds nothing new is a 304 without a build, it shows a bounded window of
meals, no stored row can fail it, and its secret address never reaches the log."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from icalendar import Calendar

from larder.core.base import clock
from larder.core.base.logsafe import loggable
from larder.mealplans import calendar as feed_module
from larder.mealplans.calendar import CalendarFeedService
from larder.mealplans.ics import build_calendar, content_line, text
from tests.mealplans.feed import TODAY, add_plan, by_summary, events, feed_url, fetch
from tests.mealplans.support import PLANS, custom, day, new_plan, put_plan
from tests.mealplans.support import share_plan as share_by_api
from tests.support import sql

# How long a held build waits to be let go before it gives up: only reached when the server
# cannot answer anything else while a feed is written (the defect these tests are about).
HOLD_SECONDS = 20


@pytest.fixture(autouse=True)
def _today(frozen_today):
    """The feed shows the meals around "today": 1 March 2026 here."""


@pytest.fixture
def alice(member_factory):
    return member_factory("alice_1", "alice@example.org", verified=True)


def week(client: Any, member: Any, name: str = "Week", start: date = TODAY, **fields: Any) -> dict[str, Any]:
    """A plan of 3 days from `start` through the API, with a recipe on its first day."""
    end = start + timedelta(days=2)
    return new_plan(client, member, name, start_date=str(start), end_date=str(end), **fields)


class Calls:
    """Counts the calls of the feed's link function: one per event each time a feed is written."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = feed_module.recipe_link

        def counted(*args: Any, **kwargs: Any) -> str | None:
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(feed_module, "recipe_link", counted)


# -- off the event loop, and 304s without a build ----------------------------------------------------


def test_the_server_answers_others_while_a_feed_is_written(client, settings, alice, monkeypatch):
    add_plan(settings, alice.id, "Week", [(0, "Soup", "CUSTOM", None), (1, "Stew", "A9", "3")], start=TODAY)
    url = feed_url(client, alice)
    writing, let_go = threading.Event(), threading.Event()
    held: dict[str, bool] = {}
    real = feed_module.recipe_link

    def hold(*args: Any, **kwargs: Any) -> str | None:
        # The first event of the feed waits here until the test has had its health answer.
        if not writing.is_set():
            writing.set()
            held["let go"] = let_go.wait(HOLD_SECONDS)
        return real(*args, **kwargs)

    monkeypatch.setattr(feed_module, "recipe_link", hold)
    with ThreadPoolExecutor(max_workers=1) as other_client:
        feed = other_client.submit(fetch, client, url)
        assert writing.wait(HOLD_SECONDS)
        health = client.get("/api/health")  # while the feed is still being written
        let_go.set()
        answer = feed.result()
    assert health.status_code == 200
    assert held == {"let go": True}, "the health check waited for the feed to be written"
    assert answer.status_code == 200
    assert set(by_summary(list(Calendar.from_ical(answer.content).walk("VEVENT")))) == {"Soup", "Stew"}


def test_a_poll_with_the_etag_is_a_304_without_writing_the_feed(client, settings, alice, monkeypatch):
    add_plan(settings, alice.id, "Week", [(0, "Soup", "CUSTOM", None), (1, "Stew", "CUSTOM", None)], start=TODAY)
    url = feed_url(client, alice)
    calls = Calls(monkeypatch)
    first = fetch(client, url)
    assert first.status_code == 200 and calls.count == 2
    again = fetch(client, url, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    assert calls.count == 2  # answered without writing the feed
    for sent in (first.headers["etag"], f"W/{first.headers['etag']}", f'"other", {first.headers["etag"]}', "*"):
        again = fetch(client, url, headers={"If-None-Match": sent})
        assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", first.headers["etag"])
    assert calls.count == 2  # no feed written for any of the 304s
    assert fetch(client, url, headers={"If-None-Match": '"other"'}).status_code == 200
    assert calls.count == 4


def test_every_change_the_feed_shows_gives_it_a_new_etag(client, settings, alice, member_factory, monkeypatch):
    bob = member_factory("bobby_1", "bob@example.org", verified=True)
    plan = week(client, alice, recipes=[day(0, custom("Soup"))])
    plan_id = plan["user_mealplan_id"]
    url = feed_url(client, alice)
    seen = [fetch(client, url).headers["etag"]]

    def changed() -> str:
        etag = fetch(client, url).headers["etag"]
        assert etag != seen[-1]
        seen.append(etag)
        return etag

    # An autosave that changes nothing writes nothing, and the feed stays the same.
    put_plan(client, alice, plan_id, {"recipes": [day(0, custom("Soup"))]})
    assert fetch(client, url, headers={"If-None-Match": seen[-1]}).status_code == 304
    put_plan(client, alice, plan_id, {"recipes": [day(0, custom("Soup"), custom("Bread"))]})  # entries
    changed()
    put_plan(client, alice, plan_id, {"name": "Holiday"})  # the plan's name: each event's description
    changed()
    put_plan(client, alice, plan_id, {"start_date": str(TODAY + timedelta(days=7))})  # rescheduled
    changed()
    sql(settings, "update meal_plan_entry set name = 'Broth' where plan_id = :id", id=plan_id)  # any writer
    changed()
    theirs = week(client, bob, "Bobs", recipes=[day(1, custom("Curry"))])
    assert fetch(client, url, headers={"If-None-Match": seen[-1]}).status_code == 304  # not alice's plan
    share_by_api(client, bob, theirs["user_mealplan_id"], "alice@example.org")  # shared with her
    assert "Curry" in by_summary(events(client, url))
    changed()
    assert client.delete(f"{PLANS}/{theirs['user_mealplan_id']}", headers=bob.headers).status_code == 204
    assert changed() == seen[-3]  # the same feed as before the share, so the same ETag
    monkeypatch.setattr(clock, "now", lambda: datetime(2026, 3, 2, 12, tzinfo=UTC))
    changed()  # a new day moves the window


# -- a bounded window -------------------------------------------------------------------------------


def test_the_feed_shows_the_meals_from_92_days_back_to_a_year_ahead(client, settings, alice):
    for name, start in (
        ("Too old", TODAY - timedelta(days=93)),
        ("Oldest shown", TODAY - timedelta(days=92)),
        ("Last week", TODAY - timedelta(days=7)),
        ("Next month", TODAY + timedelta(days=31)),
        ("Latest shown", TODAY + timedelta(days=366)),
        ("Too far", TODAY + timedelta(days=367)),
    ):
        add_plan(settings, alice.id, name, [(0, name, "CUSTOM", None)], start=start, days=1)
    # A plan that started before the window shows its days inside it.
    add_plan(
        settings,
        alice.id,
        "Long",
        [(0, "Before", "CUSTOM", None), (1, "Inside", "CUSTOM", None)],
        start=TODAY - timedelta(days=93),
        days=2,
    )
    assert set(by_summary(events(client, feed_url(client, alice)))) == {
        "Oldest shown",
        "Last week",
        "Next month",
        "Latest shown",
        "Inside",
    }


def test_a_full_feed_keeps_the_upcoming_meals_first_then_the_latest_past(client, settings, alice, monkeypatch):
    monkeypatch.setattr(feed_module, "FEED_EVENTS_MAX", 4)
    past = [(n, f"Past {n}", "CUSTOM", None) for n in range(3)]
    add_plan(settings, alice.id, "Before", past, start=TODAY - timedelta(days=3), days=3)  # 3 days ago to yesterday
    coming = [(n, f"Coming {n}", "CUSTOM", None) for n in range(3)]
    add_plan(settings, alice.id, "After", coming, start=TODAY, days=3)
    assert set(by_summary(events(client, feed_url(client, alice)))) == {"Coming 0", "Coming 1", "Coming 2", "Past 2"}
    monkeypatch.setattr(feed_module, "FEED_EVENTS_MAX", 2)
    assert set(by_summary(events(client, feed_url(client, alice)))) == {"Coming 0", "Coming 1"}


# -- no stored row fails the feed ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end", "days", "entry_day"),
    [
        (date(9999, 12, 31), date(9999, 12, 31), 1, 0),  # its all-day event would end on 1/1/10000
        (date(9999, 12, 25), date(9999, 12, 31), 10, 8),  # an end that disagrees with its days
        (TODAY, date(9999, 12, 31), 2_000_000_001, 2_000_000_000),  # a day far past any date
        (TODAY, TODAY, 1, -1),  # a day before the plan
    ],
)
def test_a_stored_row_past_the_calendar_does_not_fail_the_feed(client, settings, alice, start, end, days, entry_day):
    add_plan(settings, alice.id, "Fine", [(0, "Soup", "CUSTOM", None)], start=TODAY)
    broken = add_plan(settings, alice.id, "Broken", [(0, "Lost", "CUSTOM", None)], start=None)
    sql(
        settings,
        "update meal_plan set start_date = :start, end_date = :end, days = :days where id = :id",
        start=start,
        end=end,
        days=days,
        id=broken,
    )
    sql(settings, "update meal_plan_entry set day = :day where plan_id = :id", day=entry_day, id=broken)
    assert set(by_summary(events(client, feed_url(client, alice)))) == {"Soup"}


def test_the_writer_leaves_out_rows_it_cannot_make_an_event_of():
    good = (1, "Week", "2026-03-02", "2026-03-01 10:00:00.000000", 0, 0, "Soup", "CUSTOM", None, None)
    rows = [
        good,
        (2, "Week", "not a date", None, 0, 0, "Bad start", "CUSTOM", None, None),
        (3, "Week", "9999-12-31", None, 0, 0, "No day after", "CUSTOM", None, None),
        (4, "Week", date(2026, 3, 2), None, "one", 0, "Bad day", "CUSTOM", None, None),
        (5, "Week"),  # not a row at all
        (6, "Week", date(2026, 3, 3), "garbage", 1, 0, "Unknown times", "A9", "12", b"\x00"),
    ]
    body = build_calendar(rows, "larder.example", lambda kind, value: None)
    found = by_summary(list(Calendar.from_ical(body).walk("VEVENT")))
    assert set(found) == {"Soup", "Unknown times"}
    assert found["Unknown times"].decoded("DTSTART") == date(2026, 3, 4)
    assert str(found["Soup"]["UID"]) == "meal-1-0-0@larder.example"
    assert found["Soup"].decoded("DTSTAMP") == datetime(2026, 3, 1, 10, tzinfo=UTC)  # SQLite's text of a time
    assert found["Unknown times"].decoded("DTSTAMP") == datetime(2000, 1, 1, tzinfo=UTC)  # none to read


def test_text_is_escaped_and_long_lines_fold_between_characters():
    assert text("Fish, chips; peas\\ and\r\nmore\x00\x1b\tend") == "Fish\\, chips\\; peas\\\\ and\\nmore\tend"
    line = "SUMMARY:" + "Crème brûlée 🍮 " * 20
    folded = content_line(line).encode()
    parts = folded.split(b"\r\n")
    assert all(len(part) <= 75 for part in parts) and all(part.startswith(b" ") for part in parts[1:])
    assert b"".join(part.removeprefix(b" ") for part in parts).decode() == line  # no character was cut


# -- the secret address stays out of the log ---------------------------------------------------------


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines += self.format(record).splitlines()


@pytest.fixture
def larder_log():
    logger = logging.getLogger("larder")
    handler, level = Records(), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_a_failing_feed_logs_its_path_without_the_secret(client, settings, alice, larder_log, monkeypatch):
    url = feed_url(client, alice)
    token = url.rsplit("/", 1)[1].removesuffix(".ics")

    async def fail(*args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError(f"writing {url} failed")

    monkeypatch.setattr(CalendarFeedService, "calendar", fail)
    assert fetch(client, url).status_code == 500
    logged = "\n".join(larder_log.lines)
    assert "unhandled error on GET /api/pwa/calendar/***.ics" in logged
    assert f"RuntimeError: writing {settings.public_url}/api/pwa/calendar/***.ics failed" in logged
    assert token not in logged and token[:22] not in logged


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("/api/pwa/calendar/abcDEF_123-xyz.ics", "/api/pwa/calendar/***.ics"),
        ("GET http://host/api/pwa/calendar/abc.ics?x=1 done", "GET http://host/api/pwa/calendar/***.ics?x=1 done"),
        ("/api/pwa/calendar/abc", "/api/pwa/calendar/***"),
        ("/api/pwa/calendar-feed", "/api/pwa/calendar-feed"),
    ],
)
def test_feed_tokens_are_masked_in_every_logged_text(value, shown):
    assert loggable(value) == shown
