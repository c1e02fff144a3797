"""Completing a plan tells whoever follows the stores it took stock from and, when it re-dated the
plan, whoever follows the plan (the live event stream of tests/sharing/test_live_events.py)."""

from __future__ import annotations

from tests.mealplans.rows import PLANS, Planned, catalogue_recipe, make_plan, share_plan
from tests.sharing.test_live_events import STORE, STORES, change, live  # noqa: F401

PLAN = "UserMealplan"


def test_a_completed_plan_tells_of_the_store_and_the_plan(live):  # noqa: F811
    owner, friend = live.member("owner"), live.member("friend")
    store_id = live.new_store(owner)
    flour = live.kitchen.ingredients["Flour"]
    live.ok(owner, "POST", f"{STORES}/{store_id}/items", {"items": [{"value": flour, "quantity": 1, "unit": "kg"}]})
    live.share(owner, store_id, friend.email, can_edit=True, kind=STORE)
    recipe = catalogue_recipe(live.settings, "Bread", [(flour, 100, "g")])
    plan_id = make_plan(live.settings, owner.id, [Planned(0, "A9", recipe, "Bread")])
    share_plan(live.settings, plan_id, owner.id, friend.email, can_edit=True)
    owner_stream, friend_stream = live.listen(owner), live.listen(friend)

    body = {"recipes": [{"day": 0, "index": 0}], "reschedule_start": "2030-05-01"}
    done = live.ok(friend, "POST", f"{PLANS}/{plan_id}/complete", body, client="friend-tab")
    assert done["data"]["used"][0]["left"] == 0.9
    expected = [change(store_id, type_=STORE, origin="friend-tab"), change(plan_id, type_=PLAN, origin="friend-tab")]
    for stream in (owner_stream, friend_stream):
        assert stream.changes(2) == expected
    # Without a new date the plan is unchanged: only the store is told.
    live.ok(friend, "POST", f"{PLANS}/{plan_id}/complete", {"recipes": [{"day": 0, "index": 0}]})
    assert owner_stream.change() == change(store_id, type_=STORE)
    live.barrier(owner, owner_stream)
