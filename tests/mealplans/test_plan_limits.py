"""What a plan may hold (schemas.py): at most 92 days, at most 20 recipes a day, and days between
01/01/2000 and 31/12/2099, refused with a 422 in the error shape whichever way they are sent."""

from __future__ import annotations

from typing import Any

import pytest

from tests.mealplans.support import PLANS, custom, day, get_plan, new_plan, put_plan
from tests.support import sql

TOO_LONG = "A meal plan has at most 92 days"
OUT_OF_RANGE = "A meal plan's days must fall between 01/01/2000 and 31/12/2099"


def full_day(number: int, count: int) -> dict[str, Any]:
    return day(number, *(custom(f"Dish {n}") for n in range(count)))


def errors_of(response: Any) -> dict[str, list[str]]:
    assert response.status_code == 422, response.text
    answer = response.json()
    assert answer["message"] == next(iter(answer["errors"].values()))[0]
    return answer["errors"]


def create(client: Any, member: Any, **fields: Any) -> Any:
    return client.post(PLANS + "/", json={"name": "Week", **fields}, headers=member.headers)


def update(client: Any, member: Any, plan_id: int, **fields: Any) -> Any:
    return client.put(f"{PLANS}/{plan_id}", json=fields, headers=member.headers)


def plan_count(client: Any) -> int:
    return sql(client.app.state["settings"], "select count(*) from meal_plan")[0][0]


# -- recipes per day ---------------------------------------------------------------------------------


def test_a_day_holds_at_most_20_recipes(client, member):
    assert [len(d["recipes"]) for d in new_plan(client, member, recipes=[full_day(1, 20)])["recipes"]] == [0, 20, 0]
    errors = errors_of(create(client, member, recipes=[full_day(0, 1), full_day(2, 21)]))
    assert errors == {"recipes": ["Day 2 has 21 recipes: a day holds at most 20"]}
    assert plan_count(client) == 1


def test_an_edit_cannot_overfill_a_day_and_writes_nothing(client, member):
    plan = new_plan(client, member, recipes=[full_day(0, 20)])
    errors = errors_of(update(client, member, plan["user_mealplan_id"], recipes=[full_day(0, 21)]))
    assert errors == {"recipes": ["Day 0 has 21 recipes: a day holds at most 20"]}
    assert get_plan(client, member, plan["user_mealplan_id"]) == plan


# -- days --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "errors"),
    [
        ({"days": 93}, {"days": [TOO_LONG]}),
        ({"number_of_days": 93}, {"number_of_days": [TOO_LONG]}),
        ({"days": 366}, {"days": [TOO_LONG]}),
        ({"start_date": "2028-01-01", "end_date": "2028-12-31"}, {"end_date": [TOO_LONG]}),
    ],
)
def test_a_new_plan_has_at_most_92_days(client, member, fields, errors):
    assert errors_of(create(client, member, **fields)) == errors
    assert plan_count(client) == 0


@pytest.mark.parametrize(
    ("dated", "fields", "errors"),
    [
        (False, {"days": 93}, {"days": [TOO_LONG]}),
        (True, {"days": 93}, {"days": [TOO_LONG]}),  # a dated plan's new count moves its end
        (True, {"number_of_days": 100}, {"number_of_days": [TOO_LONG]}),
        (True, {"start_date": "2028-03-01", "end_date": "2028-06-01"}, {"end_date": [TOO_LONG]}),
        (True, {"end_date": "2028-12-31"}, {"end_date": [TOO_LONG]}),  # an end alone keeps the start
    ],
)
def test_an_edit_cannot_make_a_plan_longer_than_92_days(client, member, dated, fields, errors):
    dates = {"start_date": "2028-03-01", "end_date": "2028-03-07"} if dated else {"days": 7}
    plan = new_plan(client, member, **dates)
    assert errors_of(update(client, member, plan["user_mealplan_id"], **fields)) == errors
    assert get_plan(client, member, plan["user_mealplan_id"]) == plan
    assert put_plan(client, member, plan["user_mealplan_id"], {"days": 92})["data"]["days"] == 92


# -- dates -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "end", "errors"),
    [
        # The reported case: a meal on the last day Python knows, whose all-day event has no end.
        ("9999-12-31", "9999-12-31", {"start_date": [OUT_OF_RANGE], "end_date": [OUT_OF_RANGE]}),
        ("2099-12-30", "2100-01-01", {"end_date": [OUT_OF_RANGE]}),
        ("1999-12-31", "2000-01-02", {"start_date": [OUT_OF_RANGE]}),
        ("0001-01-01", "0001-01-03", {"start_date": [OUT_OF_RANGE], "end_date": [OUT_OF_RANGE]}),
    ],
)
def test_a_plan_is_dated_between_2000_and_2099(client, member, start, end, errors):
    assert errors_of(create(client, member, start_date=start, end_date=end)) == errors
    assert plan_count(client) == 0


def test_the_first_and_last_days_a_plan_may_have(client, member):
    first = new_plan(client, member, start_date="2000-01-01", end_date="2000-01-03")
    last = new_plan(client, member, start_date="2099-12-29", end_date="2099-12-31")
    assert (first["start_date"], last["end_date"]) == ("2000-01-01", "2099-12-31")


@pytest.mark.parametrize(
    "fields",
    [
        {"start_date": "9999-12-31"},  # the schedule dialog: 3 days from there would not exist
        {"start_date": "2099-12-30"},  # 3 days end on 01/01/2100
        {"start_date": "1999-12-31"},
    ],
)
def test_scheduling_keeps_every_day_of_the_plan_in_range(client, member, fields):
    plan = new_plan(client, member, days=3)
    assert errors_of(update(client, member, plan["user_mealplan_id"], **fields)) == {"start_date": [OUT_OF_RANGE]}
    assert get_plan(client, member, plan["user_mealplan_id"]) == plan
    moved = put_plan(client, member, plan["user_mealplan_id"], {"start_date": "2099-12-29"})["data"]
    assert moved["end_date"] == "2099-12-31"


def test_a_new_count_cannot_push_a_dated_plan_past_2099(client, member):
    plan = new_plan(client, member, start_date="2099-12-29", end_date="2099-12-31")
    assert errors_of(update(client, member, plan["user_mealplan_id"], days=4)) == {"days": [OUT_OF_RANGE]}


def test_completing_with_a_reschedule_keeps_the_plan_in_range(client, member):
    plan = new_plan(client, member, days=2, recipes=[day(0, custom("Soup"))])
    body = {"recipes": [{"day": 0, "index": 0}], "adjust_stock": False, "reschedule_start": "9999-12-31"}
    response = client.post(f"{PLANS}/{plan['user_mealplan_id']}/complete", json=body, headers=member.headers)
    assert errors_of(response) == {"reschedule_start": [OUT_OF_RANGE]}
    assert get_plan(client, member, plan["user_mealplan_id"]) == plan
