"""Cook from what you have, in Chromium: spinach that expires tomorrow puts a spinach recipe first
on the dashboard's "Use it up" card, and it goes into a meal plan from there; the /cook list sends
what a recipe is missing to a shopping list."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import LiveServer, api_json, ingredient_id

pytestmark = pytest.mark.e2e


def stock(live_server: LiveServer, token: str, items: list[dict[str, object]]) -> None:
    store = api_json(live_server, token, "POST", "/stores", json={"name": "Fridge", "description": "Kitchen"})
    api_json(live_server, token, "POST", f"/stores/{store['data']['id']}/items", json={"items": items})


def test_spinach_expiring_tomorrow_is_used_up_first_and_planned(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("useitup")
    token, _ = live_server.session(member)
    # Baby spinach keeps 7 days in a fridge: bought 6 days ago, it expires tomorrow.
    bought = date.today() - timedelta(days=6)
    spinach = ingredient_id(live_server, "Baby spinach")
    stock(live_server, token, [{"value": spinach, "quantity": 200, "unit": "g", "date_added": f"{bought}T12:00:00"}])
    plan = api_json(live_server, token, "POST", "/user-mealplans", json={"name": "Green week", "days": 3})
    plan_id = plan["data"]["user_mealplan_id"]

    live_server.open_signed_in(page, member, "/user-dashboard")
    card = page.get_by_test_id("use-it-up-card")
    first = card.get_by_test_id("use-it-up-item").first
    expect(first).to_contain_text(re.compile(r"spinach", re.IGNORECASE))
    expect(first).to_contain_text("uses baby spinach (expires tomorrow)")
    name = first.get_by_role("link").first.inner_text()

    first.get_by_role("button", name="add to plan").click()
    dialog = page.get_by_role("dialog", name="send recipe to mealplan")
    dialog.get_by_role("combobox", name="meal plan").select_option(label="Green week")
    dialog.get_by_role("radio", name=re.compile(r"^DAY: 2")).check()
    with page.expect_response(lambda r: r.request.method == "PUT" and f"/user-mealplans/{plan_id}" in r.url) as put:
        dialog.get_by_role("button", name="add").click()
    assert put.value.status == 200, put.value.text()
    expect(dialog).to_have_count(0)
    days = api_json(live_server, token, "GET", f"/user-mealplans/{plan_id}")["data"]["recipes"]
    assert [[entry["name"] for entry in day["recipes"]] for day in days if day["recipes"]] == [[name]]
    assert next(day for day in days if day["recipes"])["day"] == 1


def test_what_a_recipe_is_missing_goes_to_a_shopping_list(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("cooklist")
    token, _ = live_server.session(member)
    stock(live_server, token, [{"value": ingredient_id(live_server, "Baby spinach"), "quantity": 500, "unit": "g"}])
    api_json(live_server, token, "POST", "/user-shoppinglists", json={"name": "Market", "ingredients": []})

    live_server.open_signed_in(page, member, "/recipes")
    page.get_by_test_id("cook-link").click()
    expect(page).to_have_url(re.compile(r"/cook$"))
    row = page.get_by_test_id("suggestion-row").filter(has_text="Spinach and feta filo pie")
    expect(row.get_by_test_id("suggestion-missing")).to_contain_text("Feta")
    row.get_by_role("button", name="send missing to list").click()
    dialog = page.get_by_role("dialog", name="send ingredients to list")
    expect(dialog.get_by_role("checkbox", name=re.compile("Baby spinach"))).to_have_count(0)
    dialog.get_by_role("combobox", name="shopping list").select_option(label="Market")
    dialog.get_by_role("button", name="send").click()
    expect(dialog).to_have_count(0)
    lists = api_json(live_server, token, "GET", "/user-shoppinglists")
    market = next(item for item in lists["data"] if item["name"] == "Market")
    held = api_json(live_server, token, "GET", f"/user-shoppinglists/{market['user_shoppinglist_id']}")
    names = {item["name"] for item in held["shopping_list"]["ingredients"]}
    assert {"Feta", "Ricotta", "Filo pastry"} <= names
    assert "Baby spinach" not in names
