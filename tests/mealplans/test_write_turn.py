"""A plan write takes the turn of what it changes (the plan; completing it, the stores it takes
stock from too; the member's account for a new plan or their feed link), and reads what decides
it in the turn: the plan's version, the stock it uses."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from larder.core.base.clock import now
from larder.core.db.uow import Scope
from larder.mealplans.models import MealPlan
from larder.mealplans.service import MSG_STALE
from larder.stores.models import StoreItem
from tests.mealplans.feed import FEED
from tests.mealplans.rows import PLANS, Planned, catalogue_recipe, make_plan
from tests.mealplans.support import new_plan, put_plan
from tests.stores.support import get_store, items_by_name, meanwhile, new_store, receive, scopes_taken


def test_each_plan_write_takes_the_turn_of_what_it_changes(client, member, settings, kitchen, monkeypatch):
    account = Scope("account", member.id)
    pantry = new_store(client, member, "Pantry")
    fridge = new_store(client, member, "Fridge")
    receive(client, member, pantry["id"], [{"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"}])
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 200, "g")])
    cooked = make_plan(settings, member.id, [Planned(0, "A9", recipe, "Bread")])
    taken = scopes_taken(monkeypatch)

    plan = new_plan(client, member)["user_mealplan_id"]
    assert taken.pop() == (account,)
    put_plan(client, member, plan, {"name": "Week two"})
    assert taken.pop() == (Scope("UserMealplan", plan),)
    assert client.delete(f"{PLANS}/{plan}", headers=member.headers).status_code == 204
    assert taken.pop() == (Scope("UserMealplan", plan),)

    body = {"recipes": [{"day": 0, "index": 0}]}
    done = client.post(f"{PLANS}/{cooked}/complete", json=body, headers=member.headers)
    assert done.status_code == 200, done.text
    stores = (Scope("UserFoodStore", pantry["id"]), Scope("UserFoodStore", fridge["id"]))
    assert taken.pop() == (Scope("UserMealplan", cooked), *stores)
    done = client.post(f"{PLANS}/{cooked}/complete", json={**body, "adjust_stock": False}, headers=member.headers)
    assert done.status_code == 200, done.text
    assert taken.pop() == (Scope("UserMealplan", cooked),)

    assert client.post(FEED, headers=member.headers).status_code == 200
    assert taken.pop() == (account,)
    assert client.delete(FEED, headers=member.headers).status_code == 204
    assert taken.pop() == (account,)
    assert taken == []


def test_a_plan_changed_while_a_write_waits_for_its_turn_makes_it_stale(client, member, settings, monkeypatch):
    plan = new_plan(client, member)
    plan_id = plan["user_mealplan_id"]

    async def renamed_elsewhere(session: Any) -> None:
        found = await session.get(MealPlan, plan_id)
        found.name = "Renamed elsewhere"
        found.updated_at = now() + timedelta(seconds=1)

    meanwhile(monkeypatch, settings, renamed_elsewhere)
    answer = put_plan(client, member, plan_id, {"name": "Week two", "updated_at": plan["updated_at"]}, 409)
    # The version is read in the turn, after the other writer's change: it is not undone.
    assert answer["message"] == MSG_STALE
    kept = client.get(f"{PLANS}/{plan_id}", headers=member.headers).json()["data"]
    assert kept["name"] == "Renamed elsewhere"


def test_completing_a_plan_uses_the_stock_as_it_is_in_the_turn(client, member, settings, kitchen, monkeypatch):
    pantry = new_store(client, member, "Pantry")
    receive(client, member, pantry["id"], [{"value": kitchen.value("Flour"), "quantity": 500, "unit": "g"}])
    flour = items_by_name(get_store(client, member, pantry["id"]))["Flour"]["id"]
    recipe = catalogue_recipe(settings, "Bread", [(kitchen.ingredients["Flour"], 200, "g")])
    plan_id = make_plan(settings, member.id, [Planned(0, "A9", recipe, "Bread")])

    async def some_used_elsewhere(session: Any) -> None:
        item = await session.get(StoreItem, flour)
        item.quantity = 300

    meanwhile(monkeypatch, settings, some_used_elsewhere)
    done = client.post(
        f"{PLANS}/{plan_id}/complete", json={"recipes": [{"day": 0, "index": 0}]}, headers=member.headers
    )
    assert done.status_code == 200, done.text
    # 300 g (left by the other writer) less 200 g, not 500 g less 200 g.
    assert [(u["used"], u["left"]) for u in done.json()["data"]["used"]] == [(200, 100)]
    assert items_by_name(get_store(client, member, pantry["id"]))["Flour"]["quantity"] == 100
