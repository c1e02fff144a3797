"""The calendar feed: a secret, revocable per-member address of every dated meal as all-day events,
read back with a standard iCalendar parser."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from icalendar import Calendar

from larder.mealplans.calendar import feed_mac, recipe_link
from tests.mealplans.feed import FEED, PUBLIC_URL, add_plan, by_summary, events, feed_url, fetch, share_plan
from tests.support import sql

PLANNED_AFTER = datetime(2026, 11, 1, tzinfo=UTC)  # the plans are written at the real time of the run


@pytest.fixture(autouse=True)
def _today(frozen_today):
    """The feed shows the meals around "today": 1 March 2026 here."""


@pytest.fixture
def alice(member_factory):
    return member_factory("alice_1", "alice@example.org", verified=True)


def test_the_feed_has_every_dated_meal_of_own_and_shared_plans_only(client, settings, alice, member_factory):
    bob = member_factory("bobby_1", "bob@example.org", verified=True)
    carol = member_factory("carol_11", "carol@example.org", verified=True)
    add_plan(
        settings,
        alice.id,
        "Week one",
        [(0, "Pasta bake", "A9", "12"), (2, "Leftovers", "CUSTOM", None)],
        start=date(2026, 2, 27),  # day 2 is 1 March: dates cross the month end
    )
    add_plan(settings, alice.id, "Template", [(0, "Undated soup", "A9", "3")], start=None)
    shared = add_plan(settings, bob.id, "Bob's week", [(1, "Curry", "USER", "7")], start=date(2026, 3, 10))
    share_plan(settings, shared, bob.id, "alice@example.org")
    add_plan(settings, carol.id, "Carol's week", [(0, "Secret stew", "A9", "4")], start=date(2026, 3, 1))

    found = by_summary(events(client, feed_url(client, alice)))

    assert set(found) == {"Pasta bake", "Leftovers", "Curry"}
    assert found["Pasta bake"].decoded("DTSTART") == date(2026, 2, 27)
    assert found["Leftovers"].decoded("DTSTART") == date(2026, 3, 1)
    assert found["Curry"].decoded("DTSTART") == date(2026, 3, 11)
    for event in found.values():
        # All-day: a DATE value, no time and no zone, ending the next day.
        assert event["DTSTART"].params["VALUE"] == "DATE"
        assert type(event.decoded("DTSTART")) is date
        assert event.decoded("DTEND") == event.decoded("DTSTART") + timedelta(days=1)
        assert event.decoded("DTSTAMP").tzinfo is not None
        assert event.decoded("DTSTAMP") >= PLANNED_AFTER  # when the plan was written, read back
    assert str(found["Pasta bake"]["DESCRIPTION"]) == "Week one"
    assert str(found["Curry"]["DESCRIPTION"]) == "Bob's week"
    assert len({str(event["UID"]) for event in found.values()}) == 3


def test_an_entry_beyond_the_last_day_of_its_plan_is_left_out(client, settings, alice):
    add_plan(
        settings,
        alice.id,
        "Short",
        [(2, "Last day", "CUSTOM", None), (3, "Past the end", "CUSTOM", None)],
        start=date(2026, 3, 2),
        days=3,
    )
    assert set(by_summary(events(client, feed_url(client, alice)))) == {"Last day"}


def test_the_text_of_the_feed_is_rfc_5545(client, settings, alice):
    add_plan(settings, alice.id, "Week", [(0, "Fish, chips; peas", "CUSTOM", None)], start=date(2026, 3, 2))
    body = fetch(client, feed_url(client, alice)).content
    assert body.startswith(b"BEGIN:VCALENDAR\r\n") and body.endswith(b"END:VCALENDAR\r\n")
    assert b"DTSTART;VALUE=DATE:20260302\r\n" in body
    assert b"SUMMARY:Fish\\, chips\\; peas\r\n" in body
    assert all(len(line) <= 75 for line in body.split(b"\r\n"))


def test_entries_keep_their_uid_when_the_plan_is_rescheduled(client, settings, alice):
    plan = add_plan(
        settings,
        alice.id,
        "Week",
        [(0, "Porridge", "CUSTOM", None), (0, "Salad", "CUSTOM", None)],
        start=date(2026, 3, 2),
    )
    url = feed_url(client, alice)
    before = {str(e["SUMMARY"]): str(e["UID"]) for e in events(client, url)}
    sql(settings, "update meal_plan set start_date = '2026-04-06', end_date = '2026-04-08' where id = :id", id=plan)
    after = by_summary(events(client, url))
    assert {name: str(event["UID"]) for name, event in after.items()} == before
    assert after["Porridge"].decoded("DTSTART") == date(2026, 4, 6)
    assert before["Porridge"] != before["Salad"]


def test_each_event_links_back_to_its_recipe_by_type(client, settings, alice):
    add_plan(
        settings,
        alice.id,
        "Links",
        [
            (0, "Catalogue", "A9", "12"),
            (0, "By category", "5", "13"),
            (0, "Own", "USER", "7"),
            (1, "Imported", "IMPORTED", "8"),
            (1, "Elsewhere", "EXTERNAL_LINK", "https://example.org/stew?x=1"),
            (2, "Custom", "CUSTOM", None),
        ],
        start=date(2026, 3, 2),
    )
    found = by_summary(events(client, feed_url(client, alice)))
    links = {name: str(event["URL"]) if "URL" in event else None for name, event in found.items()}
    base = client.app.state["settings"].public_url
    assert links == {
        "Catalogue": f"{base}/recipes/12",
        "By category": f"{base}/recipes/13",
        "Own": f"{base}/user-recipes/7",
        "Imported": f"{base}/imported-recipes/8",
        "Elsewhere": "https://example.org/stew?x=1",
        "Custom": None,
    }


@pytest.mark.parametrize(
    ("entry_type", "value"),
    [("EXTERNAL_LINK", "javascript:alert(1)"), ("EXTERNAL_LINK", "https://"), ("A9", "12abc"), ("USER", "٣")],
)
def test_a_value_that_names_no_recipe_gets_no_link(entry_type, value):
    assert recipe_link(entry_type, value, PUBLIC_URL) is None


def test_the_settings_show_the_same_link_until_it_is_renewed(client, alice):
    assert client.get(FEED, headers=alice.headers).json() == {"data": {"url": None, "created_at": None}}
    url = feed_url(client, alice)
    shown = client.get(FEED, headers=alice.headers).json()["data"]
    assert shown["url"] == url and shown["created_at"]
    assert fetch(client, url).status_code == 200


def test_a_new_link_makes_the_old_one_404(client, alice):
    old = feed_url(client, alice)
    new = feed_url(client, alice)
    assert new != old
    assert fetch(client, old).status_code == 404
    assert fetch(client, new).status_code == 200
    assert client.get(FEED, headers=alice.headers).json()["data"]["url"] == new


def test_turning_the_feed_off_makes_its_link_404(client, alice):
    url = feed_url(client, alice)
    assert client.delete(FEED, headers=alice.headers).status_code == 204
    missing = fetch(client, url)
    assert missing.status_code == 404
    assert missing.json() == {"message": "No such calendar."}
    assert client.get(FEED, headers=alice.headers).json()["data"]["url"] is None
    assert client.delete(FEED, headers=alice.headers).status_code == 204  # already off: nothing to do


def test_the_database_holds_only_the_lookup_half_of_the_link(client, settings, alice):
    url = feed_url(client, alice)
    ((key,),) = sql(settings, "select key from calendar_feed")
    token = url.rsplit("/", 1)[1].removesuffix(".ics")
    assert token.startswith(key) and len(token) > len(key) + 40
    stored = " ".join(str(value) for row in sql(settings, "select * from calendar_feed") for value in row)
    assert token not in stored


@pytest.mark.parametrize(
    "forge",
    [
        lambda key, mac: f"{key}{mac[:-1]}{'A' if mac[-1] != 'A' else 'B'}.ics",  # a wrong MAC for a live key
        lambda key, mac: f"{key}{mac}",  # without .ics
        lambda key, mac: f"{key}{mac}.ics.ics",
        lambda key, mac: f"{key}.ics",  # the stored key alone
        lambda key, mac: f"{key}{feed_mac('a guessed secret', key)}.ics",  # the key, MACed without the secret
        lambda key, mac: f"{'A' * len(key + mac)}.ics",
    ],
)
def test_any_other_address_is_a_404(client, settings, alice, forge):
    url = feed_url(client, alice)
    ((key,),) = sql(settings, "select key from calendar_feed")
    mac = url.rsplit("/", 1)[1].removesuffix(".ics").removeprefix(key)
    path = f"/api/pwa/calendar/{forge(key, mac)}"
    response = client.get(path)
    assert response.status_code == 404, path
    assert response.json() == {"message": "No such calendar."}


def test_a_deleted_account_takes_its_feed_with_it(client, settings, alice):
    url = feed_url(client, alice)
    sql(settings, "delete from user_account where id = :id", id=alice.id)
    assert fetch(client, url).status_code == 404


def test_a_share_counts_only_for_a_verified_address(client, settings, member_factory):
    unverified = member_factory("danny_1", "dan@example.org", verified=False)
    owner = member_factory("erin_11", "erin@example.org", verified=True)
    plan = add_plan(settings, owner.id, "Erin's", [(0, "Shared dish", "CUSTOM", None)], start=date(2026, 3, 2))
    share_plan(settings, plan, owner.id, "dan@example.org")
    add_plan(settings, unverified.id, "Own", [(0, "Own dish", "CUSTOM", None)], start=date(2026, 3, 2))
    assert set(by_summary(events(client, feed_url(client, unverified)))) == {"Own dish"}


def test_the_feed_is_cached_privately_and_polls_get_304_while_unchanged(client, settings, alice):
    plan = add_plan(settings, alice.id, "Week", [(0, "Soup", "CUSTOM", None)], start=date(2026, 3, 2))
    url = feed_url(client, alice)
    first = fetch(client, url)
    assert first.headers["cache-control"] == "private, max-age=300"
    etag = first.headers["etag"]
    again = fetch(client, url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    sql(settings, "update meal_plan_entry set name = 'Stew' where plan_id = :id", id=plan)
    changed = fetch(client, url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert set(by_summary(list(Calendar.from_ical(changed.content).walk("VEVENT")))) == {"Stew"}


def test_an_empty_feed_is_still_a_calendar(client, alice):
    assert events(client, feed_url(client, alice)) == []


@pytest.mark.parametrize("method", ["GET", "POST", "DELETE"])
def test_the_link_calls_need_a_session(client, method):
    response = client.request(method, FEED)
    assert response.status_code == 401
