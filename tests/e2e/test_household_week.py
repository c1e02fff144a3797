"""What a household's first week shows, in Chromium: quantities to the gram, steps from two devices
at once, Back closing a dialog, 'select missing' in the Ingredient Summary, a long item name, and
a store item deleted from its own editor.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.e2e.conftest import LiveServer, api_json, browser_page, ingredient_id, ingredient_options, token_of

pytestmark = pytest.mark.e2e


def ingredient_named(live_server: LiveServer, word: str) -> tuple[int, str]:
    """The first catalogue ingredient whose name has `word` in it: its id and name."""
    found = next(option for option in ingredient_options(live_server) if word in option["name"].lower())
    return found["value"], found["name"]


def test_steps_from_two_devices_at_once_both_count(browser: Browser, live_server: LiveServer) -> None:
    member = live_server.member("steps")
    token, _ = live_server.session(member)
    egg = ingredient_id(live_server, "Egg")
    created = api_json(
        live_server,
        token,
        "POST",
        "/user-shoppinglists",
        json={"name": "Party", "ingredients": [{"value": egg, "quantity": 6}]},
    )
    list_id = created["data"]["user_shoppinglist_id"]
    step = created["data"]["ingredients"][0]["default_quantity"]  # eggs are bought by 6
    editor = f"/user-shopping-lists/edit/{list_id}"
    with (
        browser_page(browser, live_server.url, "the phone") as phone,
        browser_page(browser, live_server.url, "the tablet") as tablet,
    ):
        # The tablet hears nothing of the phone's step: it still shows 6 when it steps.
        tablet.route("**/api/pwa/events**", lambda route: route.abort())
        live_server.open_signed_in(phone, member, editor)
        live_server.open_signed_in(tablet, member, editor)
        for device in (phone, tablet):
            expect(device.get_by_test_id("item-quantity")).to_have_text("6")
        for device in (phone, tablet):
            with device.expect_response(lambda r: r.request.method == "PUT" and f"/{list_id}" in r.url) as answer:
                device.get_by_role("button", name="more Egg").click()
            assert answer.value.status == 200, answer.value.text()
        held = api_json(live_server, token, "GET", f"/user-shoppinglists/{list_id}")["shopping_list"]["ingredients"]
        # two steps from 6; two absolute writes of 6 + step would lose one
        assert [item["quantity"] for item in held] == [6 + 2 * step]
        expect(tablet.get_by_test_id("item-quantity")).to_have_text(f"{6 + 2 * step:g}")


def test_back_closes_a_dialog_and_the_page_stays(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("back")
    live_server.open_signed_in(page, member, "/user-dashboard")
    # Within the app (a page load of its own would be left by Back whatever the app does).
    page.get_by_role("link", name="manage default store").click()
    expect(page).to_have_url(re.compile(r"/user-stores$"))
    page.get_by_role("button", name="Create").click()
    dialog = page.get_by_role("dialog", name="Create a Food Store")
    dialog.get_by_role("textbox", name="name").fill("Garage shelf")
    page.go_back()
    expect(dialog).to_have_count(0)
    expect(page).to_have_url(re.compile(r"/user-stores$"))
    # The next Back leaves the page, as it would have without the dialog.
    page.go_back()
    expect(page).to_have_url(re.compile(r"/user-dashboard$"))


def test_select_missing_ticks_what_the_stores_do_not_cover(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("missing")
    live_server.open_signed_in(page, member, "/user-dashboard")
    token = token_of(page)
    found = api_json(live_server, None, "GET", "/recipe-search?page=1&search=lentil")
    dal = next(recipe for recipe in found["data"] if recipe["name"] == "Red lentil dal")
    lines = api_json(live_server, None, "GET", f"/recipes/{dal['recipe_id']}")["recipe_ingredients"]
    stocked = next(line for line in lines if line["ingredient"] and line["quantity"])
    plan = api_json(
        live_server,
        token,
        "POST",
        "/user-mealplans",
        json={
            "name": "Dal week",
            "days": 1,
            "recipes": [{"day": 0, "recipes": [{"type": "A9", "value": dal["recipe_id"]}]}],
        },
    )
    plan_id = plan["data"]["user_mealplan_id"]
    store = api_json(live_server, token, "POST", "/stores", json={"name": "Pantry", "description": "Shelves"})
    api_json(
        live_server,
        token,
        "POST",
        f"/stores/{store['data']['id']}/items",
        json={"items": [{"value": stocked["ingredient"]["ingredient_id"], "quantity": 1000, "unit": "kg"}]},
    )
    check = api_json(live_server, token, "GET", f"/user-mealplans/{plan_id}/ingredients")["data"]
    want = [line["missing"] for recipe in check["recipes"] for line in recipe["recipe_ingredients"]]
    assert not all(want) and any(want)

    page.goto(f"/user-meal-plans/{plan_id}")
    page.get_by_role("button", name="actions for Dal week").click()
    page.get_by_role("menuitem", name="check ingredients").click()
    dialog = page.get_by_role("dialog", name="Ingredient Summary")
    boxes = dialog.get_by_role("checkbox")
    expect(boxes).to_have_count(len(want))
    dialog.get_by_role("button", name="select missing").click()
    assert [box.is_checked() for box in boxes.all()] == want
    dialog.get_by_role("button", name="select all").click()
    assert all(box.is_checked() for box in boxes.all())


def test_amounts_to_the_gram_a_long_name_and_delete_from_the_item_editor(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("grams")
    live_server.open_signed_in(page, member, "/user-dashboard")
    token = token_of(page)
    store = api_json(live_server, token, "POST", "/stores", json={"name": "Pantry", "description": "Shelves"})["data"]
    flour, name = ingredient_named(live_server, "flour")
    api_json(
        live_server,
        token,
        "POST",
        f"/stores/{store['id']}/items",
        json={"items": [{"value": flour, "quantity": 1.225, "unit": "kg"}]},
    )

    page.goto(f"/user-stores/{store['id']}")
    row = page.get_by_role("listitem", name=name, exact=True)
    expect(row.get_by_test_id("item-quantity")).to_have_text("1.225 kg")  # not "1.23 kg"

    # An item's name stops at the server's 100 characters, and the page says why.
    search = page.get_by_role("textbox", name="add to store")
    search.fill("x" * 130)
    expect(search).to_have_value("x" * 100)
    expect(page.get_by_text("An item's name has at most 100 characters.")).to_be_visible()
    search.fill("")
    search.press("Escape")  # the search's list closes

    # The item's own editor deletes it, after asking.
    row.get_by_role("button", name=f"edit {name}").click()
    row.get_by_role("button", name=f"delete {name}").click()
    page.get_by_role("dialog", name=f"Delete {name}?").get_by_role("button", name="confirm").click()
    expect(page.get_by_role("listitem", name=name, exact=True)).to_have_count(0)
    held = api_json(live_server, token, "GET", f"/stores/{store['id']}")["data"]["items"]
    assert held == []


def test_one_kg_typed_on_a_list_merges_with_the_225_g_there(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("kilo")
    live_server.open_signed_in(page, member, "/user-dashboard")
    token = token_of(page)
    flour, name = ingredient_named(live_server, "flour")
    created = api_json(
        live_server,
        token,
        "POST",
        "/user-shoppinglists",
        json={"name": "Baking", "ingredients": [{"value": flour, "quantity": 225, "unit": "g"}]},
    )
    page.goto(f"/user-shopping-lists/edit/{created['data']['user_shoppinglist_id']}")
    search = page.get_by_role("textbox", name="add items")
    search.fill(f"1 kg {name.lower()}")
    expect(page.get_by_text("Adds 1 kg.")).to_be_visible()
    page.get_by_role("option", name=name, exact=True).click()
    row = page.get_by_role("button", name=f"more {name}").locator("xpath=ancestor::li")
    expect(row.get_by_test_id("item-quantity")).to_have_text("1.225 kg")

    # The amount's own box and unit: 1.225 kg in g is 1225 g.
    page.get_by_role("button", name=f"amount of {name}").click()
    page.get_by_role("combobox", name=f"unit of {name}").select_option("g")
    page.get_by_role("button", name="set").click()
    expect(row.get_by_test_id("item-quantity")).to_have_text("1225 g")


def test_an_item_added_by_hand_comes_in_the_amount_it_is_bought_in(page: Page, live_server: LiveServer) -> None:
    member = live_server.member("typical")
    live_server.open_signed_in(page, member, "/user-dashboard")
    token = token_of(page)
    store = api_json(live_server, token, "POST", "/stores", json={"name": "Fridge", "description": "Cold"})["data"]
    page.goto(f"/user-stores/{store['id']}")
    search = page.get_by_role("textbox", name="add to store")
    search.fill("Whole milk")
    page.get_by_role("option", name="Whole milk", exact=True).click()
    milk = page.get_by_role("listitem", name="Whole milk", exact=True)
    expect(milk.get_by_test_id("item-quantity")).to_have_text("1 l")  # not "1 ml"


def test_a_list_opened_once_shows_offline_after_a_reload(
    page: Page, context: BrowserContext, live_server: LiveServer
) -> None:
    member = live_server.member("offline_list")
    token, _ = live_server.session(member)
    created = api_json(
        live_server,
        token,
        "POST",
        "/user-shoppinglists",
        json={"name": "Corner shop", "ingredients": [{"name": "Oat milk"}, {"name": "Rye bread"}]},
    )
    list_id = created["data"]["user_shoppinglist_id"]
    # One short visit, straight to the list.
    live_server.open_signed_in(page, member, f"/user-shopping-lists/{list_id}?view=readonly")
    expect(page.get_by_text("1 oat milk", exact=False)).to_be_visible()
    # The service worker controls the page within a couple of seconds of the first screen.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=4_000)
    controlled_after = page.evaluate("() => performance.now()")
    print(f"\ncontrolled {controlled_after / 1000:.2f} s after the page started")

    context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_text("1 oat milk", exact=False)).to_be_visible()
        expect(page.get_by_text("1 rye bread", exact=False)).to_be_visible()
        expect(page.get_by_text("You are offline.", exact=False)).to_be_visible()
    finally:
        context.set_offline(False)
