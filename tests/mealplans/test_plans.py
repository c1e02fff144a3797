"""Meal plans over HTTP: create, read, edit, schedule and delete, their validation messages and
their calendar arithmetic (part 2 §3 'Meal plan', 'Day entry', §4 'Meal plan creation',
'Editing', 'Schedule', §5, §7)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.mealplans.support import (
    PLANS,
    custom,
    dates,
    day,
    get_plan,
    names,
    new_plan,
    put_plan,
)
from tests.stores.support import Statements
from tests.support import sql

NAME_REQUIRED = "The name field is required."
PLAIN = "No special characters allowed"
END_REQUIRED = "An end date is required"
START_REQUIRED = "A start date is required"
END_BEFORE_START = "The end date cannot be before the start date"
STALE = "This meal plan was changed elsewhere. Reload and try again."
OUT_OF_RANGE = "A meal plan's days must fall between 01/01/2000 and 31/12/2099"


def refused(client: Any, member: Any, body: dict[str, Any], plan_id: int | None = None) -> dict[str, list[str]]:
    """The 422's field errors of a create (or of a PUT of `plan_id`), in the error shape."""
    if plan_id is None:
        response = client.post(PLANS + "/", json=body, headers=member.headers)
    else:
        response = client.put(f"{PLANS}/{plan_id}", json=body, headers=member.headers)
    assert response.status_code == 422, response.text
    answer = response.json()
    assert set(answer) == {"message", "errors"}
    assert answer["message"] == next(iter(answer["errors"].values()))[0]
    return answer["errors"]


# -- create and read ------------------------------------------------------------------------------


def test_create_answers_the_plan_with_every_day_and_the_spec_fields(client, member):
    created = new_plan(client, member, "Family week", recipes=[day(1, custom("Pizza night", checked=True))])
    assert set(created) == {
        "user_mealplan_id",
        "user_id",
        "name",
        "days",
        "number_of_days",
        "start_date",
        "end_date",
        "recipes",
        "shared_with",
        "owner_name",
        "role",
        "updated_at",
    }
    # Nothing says how long: the spec's draft of 3 days, undated, empty days included.
    assert (created["days"], created["number_of_days"]) == (3, 3)
    assert (created["start_date"], created["end_date"]) == (None, None)
    assert created["recipes"] == [
        {"date": None, "day": 0, "recipes": []},
        {
            "date": None,
            "day": 1,
            "recipes": [{"name": "Pizza night", "value": None, "image": None, "type": "CUSTOM", "checked": True}],
        },
        {"date": None, "day": 2, "recipes": []},
    ]
    assert (created["user_id"], created["owner_name"], created["role"]) == (member.id, member.name, "owner")
    assert created["shared_with"] == []
    assert get_plan(client, member, created["user_mealplan_id"]) == created


def test_days_or_number_of_days_set_the_length_of_an_undated_plan(client, member):
    assert new_plan(client, member, days=5)["days"] == 5
    assert new_plan(client, member, number_of_days=7)["number_of_days"] == 7
    assert new_plan(client, member, days=2, number_of_days=2)["days"] == 2


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        # Across a month end.
        ("2027-01-30", "2027-02-02", ["2027-01-30", "2027-01-31", "2027-02-01", "2027-02-02"]),
        # A leap year's February has a 29th...
        ("2028-02-27", "2028-03-01", ["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]),
        # ...another year's does not.
        ("2027-02-27", "2027-03-01", ["2027-02-27", "2027-02-28", "2027-03-01"]),
        # Across a year end.
        ("2027-12-30", "2028-01-02", ["2027-12-30", "2027-12-31", "2028-01-01", "2028-01-02"]),
        # One day.
        ("2028-02-29", "2028-02-29", ["2028-02-29"]),
    ],
)
def test_a_dated_plan_has_end_minus_start_plus_one_days_each_dated(client, member, start, end, expected):
    plan = new_plan(client, member, start_date=start, end_date=end)
    assert (plan["days"], plan["number_of_days"]) == (len(expected), len(expected))
    assert dates(plan) == expected
    assert [entry["day"] for entry in plan["recipes"]] == list(range(len(expected)))


def test_a_count_that_matches_the_dates_is_accepted(client, member):
    plan = new_plan(client, member, start_date="2027-12-30", end_date="2028-01-02", number_of_days=4, days=4)
    assert plan["days"] == 4


def test_three_whole_months_are_the_longest_plan(client, member):
    assert new_plan(client, member, start_date="2028-07-01", end_date="2028-09-30")["days"] == 92
    errors = refused(client, member, {"name": "Long", "start_date": "2028-07-01", "end_date": "2028-10-01"})
    assert errors == {"end_date": ["A meal plan has at most 92 days"]}


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", NAME_REQUIRED),
        ("   ", NAME_REQUIRED),
        ("Week #1", PLAIN),
        ("Mum's week", PLAIN),
        ("week_one", PLAIN),
        ("Lunch, dinner", PLAIN),
    ],
)
def test_a_name_is_required_and_only_letters_digits_and_spaces(client, member, name, message):
    assert refused(client, member, {"name": name}) == {"name": [message]}


def test_names_in_any_alphabet_with_digits_and_spaces_are_plain(client, member):
    for name in ("Week 12", "Semaine de Noël", "Неделя", "  Trimmed  "):
        assert new_plan(client, member, name)["name"] == name.strip()


def test_a_name_longer_than_100_characters_is_refused(client, member):
    errors = refused(client, member, {"name": "a" * 101})
    assert list(errors) == ["name"]


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"start_date": "2028-03-01"}, {"end_date": [END_REQUIRED]}),
        ({"end_date": "2028-03-01"}, {"start_date": [START_REQUIRED]}),
        ({"start_date": "2028-03-02", "end_date": "2028-03-01"}, {"end_date": [END_BEFORE_START]}),
        (
            {"start_date": "2028-02-28", "end_date": "2028-03-01", "number_of_days": 2},
            {"number_of_days": ["The dates make 3 days; the number of days must match them"]},
        ),
        (
            {"start_date": "2028-02-28", "end_date": "2028-03-01", "days": 4},
            {"days": ["The dates make 3 days; the number of days must match them"]},
        ),
        ({"days": 3, "number_of_days": 4}, {"number_of_days": ["days and number_of_days must be the same number"]}),
    ],
)
def test_dates_and_counts_must_agree(client, member, fields, errors):
    assert refused(client, member, {"name": "Week", **fields}) == errors
    assert sql(client.app.state["settings"], "select count(*) from meal_plan") == [(0,)]


@pytest.mark.parametrize("days", [0, -1, 93, 2**40])
def test_a_plan_has_1_to_92_days(client, member, days):
    assert "days" in refused(client, member, {"name": "Week", "days": days})


def test_every_problem_of_a_create_is_reported_at_once(client, member):
    errors = refused(
        client, member, {"name": "Week!", "start_date": "2028-03-01", "recipes": [day(0, {"type": "CUSTOM"})]}
    )
    assert errors == {"name": [PLAIN], "end_date": [END_REQUIRED], "recipes": ["A custom entry needs a name"]}


def test_day_entries_must_be_days_of_the_plan_and_each_sent_once(client, member):
    errors = refused(client, member, {"name": "Week", "days": 3, "recipes": [day(3, custom("Late"))]})
    assert errors == {"recipes": ["Day 3 is not a day of this plan: it has 3 days, numbered from 0"]}
    errors = refused(
        client, member, {"name": "Week", "start_date": "2028-02-28", "end_date": "2028-02-29", "recipes": [day(2)]}
    )
    assert errors == {"recipes": ["Day 2 is not a day of this plan: it has 2 days, numbered from 0"]}
    errors = refused(client, member, {"name": "Week", "recipes": [day(1, custom("A")), day(1, custom("B"))]})
    assert errors == {"recipes": ["Day 1 is sent more than once"]}
    assert "recipes" in refused(client, member, {"name": "Week", "recipes": [day(-1)]})


def test_a_day_holds_at_most_20_recipes(client, member):
    assert new_plan(client, member, recipes=[day(0, *[custom(f"Dish {n}") for n in range(20)])])
    assert "recipes" in refused(client, member, {"name": "Week", "recipes": [day(0, *[custom("D")] * 21)]})


def test_the_sent_dates_of_day_entries_are_recomputed_from_the_start(client, member):
    body = {"start_date": "2028-02-28", "end_date": "2028-03-01", "recipes": [{**day(1), "date": "1999-01-01"}]}
    assert dates(new_plan(client, member, **body)) == ["2028-02-28", "2028-02-29", "2028-03-01"]


def test_recipes_keep_their_order_within_a_day(client, member):
    plan = new_plan(client, member, recipes=[day(2, custom("Soup"), custom("Bread")), day(0, custom("Eggs"))])
    assert names(plan) == [["Eggs"], [], ["Soup", "Bread"]]


def test_an_unknown_plan_is_404_in_the_error_shape(client, member):
    for method in ("GET", "PUT", "DELETE"):
        response = client.request(method, f"{PLANS}/987654", json={}, headers=member.headers)
        assert response.status_code == 404, method
        assert response.json() == {"message": "Meal plan not found."}


# -- schedule, new lengths, undating --------------------------------------------------------------


def test_schedule_dates_every_day_from_the_start_and_keeps_the_entries_on_their_days(client, member):
    plan = new_plan(client, member, days=5, recipes=[day(0, custom("Soup")), day(4, custom("Stew"))])
    answer = put_plan(client, member, plan["user_mealplan_id"], {"start_date": "2028-02-26"})["data"]
    assert (answer["start_date"], answer["end_date"], answer["days"]) == ("2028-02-26", "2028-03-01", 5)
    assert dates(answer) == ["2028-02-26", "2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01"]
    assert names(answer) == [["Soup"], [], [], [], ["Stew"]]
    # Re-scheduled across a year end, then across the end of a February without a 29th.
    answer = put_plan(client, member, plan["user_mealplan_id"], {"start_date": "2027-12-29"})["data"]
    assert (answer["start_date"], answer["end_date"]) == ("2027-12-29", "2028-01-02")
    assert dates(answer)[2:] == ["2027-12-31", "2028-01-01", "2028-01-02"]
    answer = put_plan(client, member, plan["user_mealplan_id"], {"start_date": "2027-02-26"})["data"]
    assert dates(answer) == ["2027-02-26", "2027-02-27", "2027-02-28", "2027-03-01", "2027-03-02"]
    assert get_plan(client, member, plan["user_mealplan_id"]) == answer


def test_a_start_and_an_end_give_the_plan_a_new_number_of_days(client, member):
    plan = new_plan(client, member, days=3, recipes=[day(2, custom("Roast"))])
    body = {"start_date": "2028-02-27", "end_date": "2028-03-04"}
    answer = put_plan(client, member, plan["user_mealplan_id"], body)["data"]
    assert (answer["days"], answer["number_of_days"]) == (7, 7)
    assert dates(answer)[0::6] == ["2028-02-27", "2028-03-04"]
    assert names(answer)[2] == ["Roast"]
    # Shorter, as far as the last day with recipes.
    answer = put_plan(client, member, plan["user_mealplan_id"], {"end_date": "2028-02-29"})["data"]
    assert (answer["start_date"], answer["end_date"], answer["days"]) == ("2028-02-27", "2028-02-29", 3)


def test_a_plan_is_not_shortened_past_a_day_with_recipes(client, member, settings):
    plan = new_plan(client, member, days=4, recipes=[day(3, custom("Roast"))])
    plan_id = plan["user_mealplan_id"]
    # A valid change refused for what the plan holds: a conflict with its state (409).
    message = "Day 3 has recipes: remove them before the plan is shortened to 2 days"
    for body in ({"days": 2}, {"start_date": "2028-03-01", "end_date": "2028-03-02"}):
        response = client.put(f"{PLANS}/{plan_id}", json=body, headers=member.headers)
        assert (response.status_code, response.json()) == (409, {"message": message})
    # Sending the recipes with the new length: the day beyond it is refused as such.
    errors = refused(client, member, {"days": 2, "recipes": [day(3, custom("Roast"))]}, plan_id)
    assert errors == {"recipes": ["Day 3 is not a day of this plan: it has 2 days, numbered from 0"]}
    assert get_plan(client, member, plan_id) == plan
    # Without the recipes of the cut days it is shortened.
    answer = put_plan(client, member, plan_id, {"days": 2, "recipes": []})["data"]
    assert (answer["days"], names(answer)) == (2, [[], []])


def test_a_new_count_of_a_dated_plan_moves_its_end(client, member):
    plan = new_plan(client, member, start_date="2027-12-30", end_date="2027-12-31")
    answer = put_plan(client, member, plan["user_mealplan_id"], {"number_of_days": 4})["data"]
    assert (answer["start_date"], answer["end_date"], answer["days"]) == ("2027-12-30", "2028-01-02", 4)


def test_two_nulls_undate_a_plan_and_it_keeps_its_days(client, member):
    plan = new_plan(client, member, start_date="2028-02-28", end_date="2028-03-01", recipes=[day(1, custom("Soup"))])
    answer = put_plan(client, member, plan["user_mealplan_id"], {"start_date": None, "end_date": None})["data"]
    assert (answer["start_date"], answer["end_date"], answer["days"]) == (None, None, 3)
    assert dates(answer) == [None, None, None]
    assert names(answer) == [[], ["Soup"], []]
    # An undated plan changes its length by its count.
    assert put_plan(client, member, plan["user_mealplan_id"], {"days": 5})["data"]["days"] == 5


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({"start_date": "2028-03-01", "end_date": None}, {"end_date": [END_REQUIRED]}),
        ({"start_date": None, "end_date": "2028-03-01"}, {"start_date": [START_REQUIRED]}),
        ({"start_date": "2028-03-02", "end_date": "2028-03-01"}, {"end_date": [END_BEFORE_START]}),
        ({"name": "Week?"}, {"name": [PLAIN]}),
        ({"name": ""}, {"name": [NAME_REQUIRED]}),
        ({"start_date": "9999-12-30"}, {"start_date": [OUT_OF_RANGE]}),
        (
            {"start_date": "2028-03-01", "end_date": "2028-03-02", "days": 3},
            {"days": ["The dates make 2 days; the number of days must match them"]},
        ),
    ],
)
def test_an_update_is_checked_like_a_create(client, member, body, errors):
    plan = new_plan(client, member, days=3)
    assert refused(client, member, body, plan["user_mealplan_id"]) == errors
    assert get_plan(client, member, plan["user_mealplan_id"]) == plan


def test_an_end_alone_on_an_undated_plan_is_a_conflict_with_the_plan(client, member):
    # Valid on its own; the plan has no start to keep (409), which the request could not know.
    plan = new_plan(client, member, days=3)
    response = client.put(
        f"{PLANS}/{plan['user_mealplan_id']}", json={"end_date": "2028-03-01"}, headers=member.headers
    )
    assert (response.status_code, response.json()) == (409, {"message": START_REQUIRED})
    assert get_plan(client, member, plan["user_mealplan_id"]) == plan


def test_an_end_alone_on_a_dated_plan_keeps_its_start_and_an_end_before_it_is_refused(client, member):
    plan = new_plan(client, member, start_date="2028-03-01", end_date="2028-03-03")
    assert refused(client, member, {"end_date": "2028-02-29"}, plan["user_mealplan_id"]) == {
        "end_date": [END_BEFORE_START]
    }
    assert refused(client, member, {"end_date": None}, plan["user_mealplan_id"]) == {"end_date": [END_REQUIRED]}


# -- editing: fields left out, autosave, a stale editor ---------------------------------------------


def test_fields_left_out_keep_their_value_and_recipes_replace_every_entry(client, member):
    plan = new_plan(client, member, "Week", days=3, recipes=[day(0, custom("Soup")), day(2, custom("Pie"))])
    plan_id = plan["user_mealplan_id"]
    answer = put_plan(client, member, plan_id, {"name": "Week two"})["data"]
    assert (answer["name"], names(answer)) == ("Week two", [["Soup"], [], ["Pie"]])
    answer = put_plan(client, member, plan_id, {"recipes": [day(1, custom("Curry"))]})["data"]
    assert (answer["name"], names(answer)) == ("Week two", [[], ["Curry"], []])
    assert put_plan(client, member, plan_id, {"recipes": []})["data"]["recipes"] == [
        {"date": None, "day": n, "recipes": []} for n in range(3)
    ]
    assert sql(client.app.state["settings"], "select count(*) from meal_plan_entry") == [(0,)]


def _editor_body(plan: dict[str, Any]) -> dict[str, Any]:
    """What the editor's autosave sends: the whole plan as it last saw it."""
    keys = ("name", "recipes", "days", "number_of_days", "start_date", "end_date", "updated_at")
    return {key: plan[key] for key in keys}


def test_repeated_identical_autosaves_change_nothing_and_write_nothing(client, member, settings):
    plan = new_plan(
        client,
        member,
        start_date="2028-02-28",
        end_date="2028-03-01",
        recipes=[day(0, custom("Soup")), day(1, custom("Stew"), custom("Bread"))],
    )
    plan_id = plan["user_mealplan_id"]
    changed = {**_editor_body(plan), "name": "Renamed"}
    first = put_plan(client, member, plan_id, changed)["data"]
    entry_rows = sql(settings, "select * from meal_plan_entry order by id")
    plan_row = sql(settings, "select * from meal_plan")
    for _ in range(3):
        with Statements() as statements:
            again = put_plan(client, member, plan_id, changed)["data"]
        # The same body again, even with the version it was based on (a retry): the same answer,
        # updated_at included, and not one statement that writes.
        assert again == first
        writes = [s for s in statements.sent if s.split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]
        assert writes == [], writes
    assert sql(settings, "select * from meal_plan_entry order by id") == entry_rows
    assert sql(settings, "select * from meal_plan") == plan_row
    # Sending back what the server answered is the same plan too.
    assert put_plan(client, member, plan_id, _editor_body(first))["data"] == first


def test_an_edit_based_on_an_older_version_is_refused_with_409(client, member):
    plan = new_plan(client, member, recipes=[day(0, custom("Soup"))])
    plan_id = plan["user_mealplan_id"]
    # One tab saves...
    mine = put_plan(client, member, plan_id, {**_editor_body(plan), "recipes": [day(0, custom("Soup"), custom("Tea"))]})
    assert mine["data"]["updated_at"] > plan["updated_at"]
    # ...another, still showing the first version, would overwrite it.
    stale = {**_editor_body(plan), "recipes": [day(2, custom("Cake"))]}
    response = client.put(f"{PLANS}/{plan_id}", json=stale, headers=member.headers)
    assert response.status_code == 409
    assert response.json() == {"message": STALE}
    assert get_plan(client, member, plan_id) == mine["data"]
    # Reloaded, the same edit goes through.
    answer = put_plan(client, member, plan_id, {**stale, "updated_at": mine["data"]["updated_at"]})["data"]
    assert names(answer) == [[], [], ["Cake"]]
    # Without a version the write is applied (the schedule dialog sends only a start date).
    assert put_plan(client, member, plan_id, {"start_date": "2028-01-01"})["data"]["end_date"] == "2028-01-03"


def test_a_version_without_a_zone_is_read_as_utc(client, member):
    plan = new_plan(client, member)
    newer = put_plan(client, member, plan["user_mealplan_id"], {"name": "Newer"})["data"]
    naive = newer["updated_at"].removesuffix("Z")
    assert put_plan(client, member, plan["user_mealplan_id"], {"name": "Newest", "updated_at": naive})
    old = plan["updated_at"].removesuffix("Z")
    put_plan(client, member, plan["user_mealplan_id"], {"name": "Stale", "updated_at": old}, status=409)


# -- delete ---------------------------------------------------------------------------------------


def test_delete_removes_the_plan_and_its_entries(client, member, settings):
    kept = new_plan(client, member, "Kept", recipes=[day(0, custom("Soup"))])
    gone = new_plan(client, member, "Gone", recipes=[day(0, custom("Stew")), day(1, custom("Pie"))])
    response = client.delete(f"{PLANS}/{gone['user_mealplan_id']}", headers=member.headers)
    assert response.status_code == 204
    assert client.get(f"{PLANS}/{gone['user_mealplan_id']}", headers=member.headers).status_code == 404
    assert sql(settings, "select name from meal_plan_entry") == [("Soup",)]
    assert [plan["name"] for plan in client.get(PLANS + "/", headers=member.headers).json()["data"]] == ["Kept"]
    assert client.delete(f"{PLANS}/{gone['user_mealplan_id']}", headers=member.headers).status_code == 404
    assert get_plan(client, member, kept["user_mealplan_id"]) == kept


def test_anonymous_callers_get_401(client, member):
    plan = new_plan(client, member)
    for method, path in (("GET", PLANS + "/"), ("POST", PLANS + "/"), ("GET", f"{PLANS}/{plan['user_mealplan_id']}")):
        assert client.request(method, path, json={"name": "x"}).status_code == 401
