"""Plans in the household: the list of own and shared plans, who may do what (part 2 §2 'Meal
plans', §6), what deleting takes with it, who is told of a change, and what a list costs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from larder.core.events.events import DELETED, UPDATED, Change
from tests.mealplans.support import (
    PLANS,
    SHARE,
    custom,
    day,
    get_plan,
    new_plan,
    put_plan,
    share_plan,
)
from tests.stores.support import Statements
from tests.support import sql


def listed(client: Any, member: Any) -> list[dict[str, Any]]:
    response = client.get(PLANS + "/", headers=member.headers)
    assert response.status_code == 200, response.text
    return response.json()["data"]


@pytest.fixture
def household(member_factory):
    """Alice and Bob share plans; Eve shares nothing; Una has not verified her address."""
    return (
        member_factory("alice_1", "alice@example.org", verified=True),
        member_factory("bobby_1", "bob@example.org", verified=True),
        member_factory("eveline_1", "eve@example.org", verified=True),
        member_factory("unverified_1", "una@example.org", verified=False),
    )


def test_own_plans_by_start_date_undated_last_then_the_shared_ones(client, household):
    alice, bob, _, _ = household
    undated_first = new_plan(client, alice, "Templates")
    march = new_plan(client, alice, "March", start_date="2028-03-01", end_date="2028-03-03")
    may = new_plan(client, alice, "May", start_date="2027-05-01", end_date="2027-05-02")
    undated_last = new_plan(client, alice, "Ideas")
    new_plan(client, alice, "Leap", start_date="2028-02-29", end_date="2028-03-01")
    bobs_late = new_plan(client, bob, "Bob late", start_date="2029-01-01", end_date="2029-01-01")
    bobs_early = new_plan(client, bob, "Bob early", start_date="2026-01-01", end_date="2026-01-01")
    new_plan(client, bob, "Bob alone")
    share_plan(client, bob, bobs_late["user_mealplan_id"], alice.email, can_edit=True)
    share_plan(client, bob, bobs_early["user_mealplan_id"], alice.email)
    share_plan(client, alice, march["user_mealplan_id"], bob.email, can_edit=True)

    plans = listed(client, alice)
    assert [plan["name"] for plan in plans] == ["May", "Leap", "March", "Templates", "Ideas", "Bob early", "Bob late"]
    assert [plan["user_mealplan_id"] for plan in plans[3:5]] == [
        undated_first["user_mealplan_id"],
        undated_last["user_mealplan_id"],
    ]
    by_name = {plan["name"]: plan for plan in plans}
    assert by_name["May"] == get_plan(client, alice, may["user_mealplan_id"])
    assert by_name["Leap"]["recipes"][0]["date"] == "2028-02-29"
    # The owner sees whom they shared with; a member it was shared with sees whose it is and may do.
    assert by_name["March"]["shared_with"] == [{"email": bob.email, "canEdit": True}]
    assert (by_name["March"]["owner_name"], by_name["March"]["role"]) == (alice.name, "owner")
    assert (by_name["Bob late"]["owner_name"], by_name["Bob late"]["role"]) == (bob.name, "editor")
    assert (by_name["Bob early"]["owner_name"], by_name["Bob early"]["role"]) == (bob.name, "viewer")
    assert by_name["Bob late"]["shared_with"] == []
    assert by_name["Bob late"]["user_id"] == bob.id
    # Bob's list: his own three, then Alice's March.
    assert [plan["name"] for plan in listed(client, bob)] == ["Bob early", "Bob late", "Bob alone", "March"]


def test_shares_count_only_for_a_verified_address(client, household):
    alice, _, _, una = household
    plan = new_plan(client, alice, "Secret week")
    share_plan(client, alice, plan["user_mealplan_id"], una.email, can_edit=True)
    assert listed(client, una) == []
    response = client.get(f"{PLANS}/{plan['user_mealplan_id']}", headers=una.headers)
    assert response.status_code == 404
    assert "Secret week" not in response.text


def test_a_viewer_reads_but_may_not_write(client, household):
    alice, bob, _, _ = household
    plan = new_plan(client, alice, "Week", recipes=[day(0, custom("Soup"))])
    plan_id = plan["user_mealplan_id"]
    share_plan(client, alice, plan_id, bob.email)
    seen = get_plan(client, bob, plan_id)
    assert (seen["role"], seen["owner_name"], seen["shared_with"]) == ("viewer", alice.name, [])
    for body in ({"name": "Mine now"}, {"start_date": "2028-01-01"}, {"recipes": []}):
        answer = client.put(f"{PLANS}/{plan_id}", json=body, headers=bob.headers)
        assert answer.status_code == 403
        assert answer.json() == {"message": "This was shared with you to view only."}
    answer = client.delete(f"{PLANS}/{plan_id}", headers=bob.headers)
    assert answer.status_code == 403
    assert answer.json() == {"message": "Only the owner may delete this."}
    assert get_plan(client, alice, plan_id)["name"] == "Week"


def test_an_editor_edits_and_schedules_but_may_not_delete(client, household):
    alice, bob, _, _ = household
    plan = new_plan(client, alice, "Week")
    plan_id = plan["user_mealplan_id"]
    share_plan(client, alice, plan_id, bob.email, can_edit=True)
    answer = put_plan(client, bob, plan_id, {"name": "Our week", "start_date": "2028-02-28"})["data"]
    assert (answer["name"], answer["end_date"], answer["role"], answer["user_id"]) == (
        "Our week",
        "2028-03-01",
        "editor",
        alice.id,
    )
    assert get_plan(client, alice, plan_id)["name"] == "Our week"
    assert client.delete(f"{PLANS}/{plan_id}", headers=bob.headers).status_code == 403


def test_a_stranger_learns_nothing(client, household):
    alice, _, eve, _ = household
    plan = new_plan(client, alice, "Private week")
    for method in ("GET", "PUT", "DELETE"):
        answer = client.request(method, f"{PLANS}/{plan['user_mealplan_id']}", json={"name": "x"}, headers=eve.headers)
        assert answer.status_code == 404
        assert answer.json() == {"message": "Meal plan not found."}
    assert listed(client, eve) == []
    assert get_plan(client, alice, plan["user_mealplan_id"]) == plan


def test_shared_plans_are_listed_by_get_share_and_left_by_share_remove(client, household):
    alice, bob, _, _ = household
    plan = new_plan(client, alice, "Week")
    share_plan(client, alice, plan["user_mealplan_id"], bob.email, can_edit=True)
    shared = client.get(SHARE, headers=bob.headers).json()["data"]
    assert [(item["type"], item["entity_id"], item["name"], item["canEdit"]) for item in shared] == [
        ("UserMealplan", plan["user_mealplan_id"], "Week", True)
    ]
    body = {"entity_id": plan["user_mealplan_id"], "entity_type": "UserMealplan"}
    assert client.put(SHARE + "/remove", json=body, headers=bob.headers).status_code == 200
    assert listed(client, bob) == []
    assert [p["name"] for p in listed(client, alice)] == ["Week"]


def test_deleting_a_plan_forgets_whom_it_was_shared_with(client, household, settings):
    alice, bob, _, _ = household
    plan = new_plan(client, alice, "Week")
    kept = new_plan(client, alice, "Kept")
    share_plan(client, alice, plan["user_mealplan_id"], bob.email, can_edit=True)
    share_plan(client, alice, kept["user_mealplan_id"], bob.email)
    assert client.delete(f"{PLANS}/{plan['user_mealplan_id']}", headers=alice.headers).status_code == 204
    assert sql(settings, "select entity_type, entity_id from share") == [("UserMealplan", kept["user_mealplan_id"])]
    assert [item["name"] for item in client.get(SHARE, headers=bob.headers).json()["data"]] == ["Kept"]
    assert [p["name"] for p in listed(client, bob)] == ["Kept"]


def test_everyone_who_may_see_a_plan_is_told_of_each_write_and_only_of_a_real_one(client, household):
    alice, bob, eve, _ = household
    plan = new_plan(client, alice, "Week")
    plan_id = plan["user_mealplan_id"]
    share_plan(client, alice, plan_id, bob.email)
    bus = client.app.state["event_bus"]
    streams = {who.name: bus.subscribe(who.id, who.email) for who in (alice, bob, eve)}

    def told() -> dict[str, list[Change | None]]:
        found: dict[str, list[Change | None]] = {}
        for name, stream in streams.items():
            found[name] = []
            while not stream.queue.empty():
                found[name].append(stream.queue.get_nowait())
        return found

    put_plan(client, alice, plan_id, {"name": "Renamed"})
    update = Change("UserMealplan", plan_id, UPDATED)
    assert told() == {alice.name: [update], bob.name: [update], eve.name: []}
    put_plan(client, alice, plan_id, {"name": "Renamed"})  # changes nothing: nobody is told
    assert told() == {alice.name: [], bob.name: [], eve.name: []}
    created = new_plan(client, alice, "Another")
    assert told() == {
        alice.name: [Change("UserMealplan", created["user_mealplan_id"], UPDATED)],
        bob.name: [],
        eve.name: [],
    }
    assert client.delete(f"{PLANS}/{plan_id}", headers=alice.headers).status_code == 204
    gone = Change("UserMealplan", plan_id, DELETED)
    assert told() == {alice.name: [gone], bob.name: [gone], eve.name: []}


def test_listing_plans_costs_the_same_few_statements_for_2_and_for_20_plans(client, member_factory, tmp_path: Path):
    """20 plans of 14 days with 3 recipes a day, some shared both ways: no query per plan."""
    counts = []
    for size, who in ((2, "small"), (20, "large")):
        owner = member_factory(f"{who}_1", f"{who}@example.org", verified=True)
        friend = member_factory(f"{who}_2", f"{who}.friend@example.org", verified=True)
        for n in range(size):
            days = [day(d, custom("Eggs"), custom("Soup"), custom("Roast")) for d in range(14)]
            mine = new_plan(client, owner, f"Plan {n}", start_date="2028-02-20", end_date="2028-03-04", recipes=days)
            theirs = new_plan(client, friend, f"Theirs {n}", days=2)
            share_plan(client, owner, mine["user_mealplan_id"], friend.email, can_edit=bool(n % 2))
            share_plan(client, friend, theirs["user_mealplan_id"], owner.email)
        with Statements() as statements:
            plans = listed(client, owner)
        assert len(plans) == 2 * size
        assert sum(len(d["recipes"]) for p in plans for d in p["recipes"]) == size * 14 * 3
        counts.append(len(statements))
    assert counts[0] == counts[1], counts
    assert counts[1] <= 9, counts


def test_reading_one_plan_costs_a_few_statements(client, member):
    days = [day(d, custom("Eggs"), custom("Soup"), custom("Roast")) for d in range(14)]
    plan = new_plan(client, member, start_date="2028-02-20", end_date="2028-03-04", recipes=days)
    with Statements() as statements:
        get_plan(client, member, plan["user_mealplan_id"])
    assert len(statements) <= 7, statements.sent
