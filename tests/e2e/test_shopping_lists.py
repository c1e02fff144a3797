"""Shopping lists in Chromium against the real server and catalogue: create a list, add a catalogue
and a custom item, tick in shop mode, complete the shop into the default store while moving the
rest to another list; and the same shop made with the network off, sent once when it returns.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Response, expect

from tests.e2e.conftest import LiveServer, Member, api_json, ingredient_id, token_of

pytestmark = pytest.mark.e2e

API_CACHE = "larder-api-v1"  # webui/src/app/pwa/constants.ts API_CACHE_NAME
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def toast(page: Page, text: str) -> Locator:
    """The Mantine notification carrying `text`."""
    return page.locator(".mantine-Notification-root").filter(has_text=text)


def signed_in(page: Page, live_server: LiveServer, prefix: str, path: str) -> tuple[Member, str]:
    member = live_server.member(prefix)
    live_server.open_signed_in(page, member, path)
    token = token_of(page)
    assert token
    return member, token


def wait_until_controlled(page: Page) -> None:
    """The service worker controls this page (a page loaded before it activated is reloaded once)."""
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate(CONTROLLED):
        page.reload()
    page.wait_for_function(CONTROLLED)


def cached(page: Page, path: str) -> None:
    """Wait until the service worker's API cache holds the answer of GET `path`."""
    page.wait_for_function(
        """async ([path, cache]) => (await caches.match(path, { cacheName: cache })) !== undefined""",
        arg=[path, API_CACHE],
    )


def store_items(live_server: LiveServer, token: str, store_id: int) -> list[dict[str, Any]]:
    return api_json(live_server, token, "GET", f"/stores/{store_id}")["data"]["items"]


def test_create_fill_shop_and_complete_into_the_default_store(page: Page, live_server: LiveServer) -> None:
    _, token = signed_in(page, live_server, "shopper", "/user-shopping-lists")
    # The user's first store becomes their default.
    pantry = api_json(live_server, token, "POST", "/stores", json={"name": "Kitchen pantry", "description": "Shelves"})
    store_id = pantry["data"]["id"]
    assert api_json(live_server, token, "GET", f"/stores/{store_id}/default")["data"]["default"] is True
    other = api_json(live_server, token, "POST", "/user-shoppinglists", json={"name": "Next week", "ingredients": []})
    other_id = other["data"]["user_shoppinglist_id"]

    # Create through the naming dialog.
    page.goto("/user-shopping-lists")
    expect(page.get_by_role("link", name=re.compile("Next week"))).to_be_visible()
    page.get_by_role("button", name="Create", exact=True).click()
    dialog = page.get_by_role("dialog", name="Create a Shopping List")
    create = dialog.get_by_role("button", name="Create", exact=True)
    expect(create).to_be_disabled()
    dialog.get_by_label("name").fill("Weekly shop!")
    expect(dialog.get_by_text("may only contain letters, numbers and spaces")).to_be_visible()
    expect(create).to_be_disabled()
    dialog.get_by_label("name").fill("Weekly shop")
    create.click()
    expect(page).to_have_url(re.compile(r"/user-shopping-lists/edit/\d+$"))
    list_id = int(page.url.rsplit("/", 1)[1])
    expect(page.get_by_role("heading", name="Create a Shopping List")).to_be_visible()

    # A catalogue item, picked with the keyboard; a custom item only once nothing matches.
    search = page.get_by_role("textbox", name="add items")
    search.fill("tomat")
    expect(page.get_by_role("option", name="Tomato", exact=True)).to_be_visible()
    custom = page.get_by_role("button", name="create custom item")
    expect(custom).to_be_disabled()
    page.get_by_role("option", name="Tomato", exact=True).click()
    expect(page.get_by_role("button", name="more Tomato")).to_be_visible()
    page.get_by_role("button", name="more Tomato").click()
    search.fill("Carrot")
    search.press("ArrowDown")
    search.press("Enter")
    expect(page.get_by_role("button", name="more Carrot")).to_be_visible()
    search.fill("Birthday candles")
    expect(custom).to_be_enabled()
    with page.expect_response(lambda answer: answer.request.method == "PUT" and "/user-shoppinglists/" in answer.url):
        custom.click()
    expect(page.get_by_role("button", name="more Birthday candles")).to_be_visible()
    expect(page.get_by_label("saving")).to_have_count(0)
    saved = api_json(live_server, token, "GET", f"/user-shoppinglists/{list_id}")["shopping_list"]["ingredients"]
    assert {(item["name"], item["quantity"]) for item in saved} == {
        ("Tomato", 2),
        ("Carrot", 1),
        ("Birthday candles", 1),
    }

    # Shop mode: tick the tomatoes; custom items have no tick box; ticks survive a reload.
    page.get_by_role("link", name="done").click()
    expect(page).to_have_url(re.compile(rf"/user-shopping-lists/{list_id}\?view=readonly$"))
    expect(page.get_by_role("region", name="Vegetables").get_by_text("2 tomatoes")).to_be_visible()
    page.get_by_role("button", name="list menu").click()
    page.get_by_role("menuitem", name="shop").click()
    expect(page).to_have_url(re.compile(r"viewMode=shopmode"))
    page.get_by_role("checkbox", name="2 tomatoes").check()
    expect(page.get_by_role("region", name="Custom").get_by_role("checkbox")).to_have_count(0)
    page.reload()
    expect(page.get_by_role("checkbox", name="2 tomatoes")).to_be_checked()
    expect(page.get_by_role("checkbox", name="1 carrot")).not_to_be_checked()

    # Complete: the ticked item into the (only, default) store, the rest moved to 'Next week'.
    page.get_by_role("button", name="complete shop").click()
    dialog = page.get_by_role("dialog", name="Store Items")
    expect(dialog.get_by_role("checkbox", name="store checked items (1)")).to_be_checked()
    expect(dialog.get_by_text("into Kitchen pantry")).to_be_visible()
    dialog.get_by_role("checkbox", name="move unchecked items (2)").check()
    dialog.get_by_role("combobox", name="move to list").click()
    dialog.get_by_role("option", name="Next week").click()
    dialog.get_by_role("button", name="Confirm").click()
    expect(toast(page, "Lists and Stores Updated")).to_be_visible()
    expect(page.get_by_text("This list is empty.")).to_be_visible()

    stock = store_items(live_server, token, store_id)
    assert [(item["name"], item["quantity"]) for item in stock] == [("Tomato", 2)]
    moved = api_json(live_server, token, "GET", f"/user-shoppinglists/{other_id}")["shopping_list"]["ingredients"]
    assert {(item["name"], item["quantity"]) for item in moved} == {("Carrot", 1), ("Birthday candles", 1)}
    assert api_json(live_server, token, "GET", f"/user-shoppinglists/{list_id}")["shopping_list"]["ingredients"] == []


def test_offline_shop_is_queued_and_sent_once_when_back_online(
    page: Page, context: BrowserContext, live_server: LiveServer
) -> None:
    _, token = signed_in(page, live_server, "offline_shopper", "/user-shopping-lists")
    store_id = api_json(live_server, token, "POST", "/stores", json={"name": "Fridge", "description": "Cold"})["data"][
        "id"
    ]
    tomato, carrot = ingredient_id(live_server, "Tomato"), ingredient_id(live_server, "Carrot")
    created = api_json(
        live_server,
        token,
        "POST",
        "/user-shoppinglists",
        json={"name": "Market run", "ingredients": [{"value": tomato}, {"value": carrot, "quantity": 3}]},
    )
    list_id = created["data"]["user_shoppinglist_id"]

    # Opened once online (under the service worker, so its reads are cached).
    page.goto(f"/user-shopping-lists/{list_id}?viewMode=shopmode")
    wait_until_controlled(page)
    page.reload()
    expect(page.get_by_role("checkbox", name="1 tomato")).to_be_visible()
    for path in (f"/api/pwa/user-shoppinglists/{list_id}", "/api/pwa/stores", "/api/pwa/user-shoppinglists"):
        cached(page, path)

    completes: list[Response] = []
    page.on("response", lambda answer: completes.append(answer) if answer.url.endswith("/complete") else None)
    context.set_offline(True)
    try:
        # The list opens in shop mode with no network; ticking and completing work.
        page.reload()
        expect(page.get_by_role("checkbox", name="1 tomato")).to_be_visible()
        page.get_by_role("checkbox", name="1 tomato").check()
        page.get_by_role("button", name="complete shop").click()
        dialog = page.get_by_role("dialog", name="Store Items")
        expect(dialog.get_by_text("into Fridge")).to_be_visible()
        dialog.get_by_role("button", name="Confirm").click()
        expect(page.get_by_role("status").filter(has_text="waiting to sync")).to_be_visible()
        expect(page.get_by_role("checkbox", name="1 tomato")).to_have_count(0)
        expect(page.get_by_role("checkbox", name="3 carrots")).to_be_visible()
        # Nothing reached the server.
        assert store_items(live_server, token, store_id) == []
        # Still waiting after an offline reload.
        page.reload()
        expect(page.get_by_role("status").filter(has_text="waiting to sync")).to_be_visible()
    finally:
        context.set_offline(False)

    # Back online: sent, once.
    expect(toast(page, "Lists and Stores Updated")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="waiting to sync")).to_have_count(0)
    assert page.evaluate("() => window.localStorage.getItem('shopping-outbox')") is None
    page.reload()
    expect(page.get_by_role("checkbox", name="3 carrots")).to_be_visible()
    expect(page.get_by_role("checkbox", name="1 tomato")).to_have_count(0)
    assert [answer.status for answer in completes] == [200]
    stock = store_items(live_server, token, store_id)
    assert [(item["name"], item["quantity"]) for item in stock] == [("Tomato", 1)]
    remaining = api_json(live_server, token, "GET", f"/user-shoppinglists/{list_id}")["shopping_list"]["ingredients"]
    assert [(item["name"], item["quantity"]) for item in remaining] == [("Carrot", 3)]


NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= document.documentElement.clientWidth"


def test_a_phone_360_px_wide_and_the_keyboard_alone(page: Page, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    _, token = signed_in(page, live_server, "phone_shopper", "/user-shopping-lists")
    api_json(live_server, token, "POST", "/stores", json={"name": "Kitchen pantry", "description": "Shelves"})
    expect(page.get_by_text("No shopping lists yet. Create one to start.")).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    # Create with the keyboard: the button, the name, Enter.
    create = page.get_by_role("button", name="Create", exact=True)
    create.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("dialog", name="Create a Shopping List")).to_be_visible()
    page.keyboard.type("Long weekend market shopping list")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/user-shopping-lists/edit/\d+$"))
    list_id = int(page.url.rsplit("/", 1)[1])

    # Add with the keyboard: type, arrow down, Enter; then a custom item with Enter.
    page.get_by_role("textbox", name="add items").focus()
    page.keyboard.type("carrot")
    # As a user would: the arrow key once the search has answered (the options come after a debounce).
    expect(page.get_by_role("option", name="Carrot", exact=True)).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="more Carrot")).to_be_visible()
    page.keyboard.type("Paper plates for the party")
    expect(page.get_by_role("button", name="create custom item")).to_be_enabled()  # nothing matched
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="more Paper plates for the party")).to_be_visible()
    page.get_by_role("button", name="more Carrot").focus()
    # Until the change is answered: leaving the page sooner would drop it with the page.
    with page.expect_response(lambda answer: answer.request.method == "PUT" and "/user-shoppinglists/" in answer.url):
        page.keyboard.press("Enter")
    expect(page.get_by_label("saving")).to_have_count(0)
    assert page.evaluate(NO_SIDEWAYS_SCROLL)

    page.goto(f"/user-shopping-lists/{list_id}?viewMode=shopmode")
    tick = page.get_by_role("checkbox", name="2 carrots")
    # Space on the box itself (focused by the press): the page may still draw the list again with
    # what it read, and a box focused before that is gone with the keystroke meant for it.
    expect(tick).to_be_enabled()
    tick.press("Space")
    expect(tick).to_be_checked()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    page.get_by_role("button", name="complete shop").focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name="Store Items")
    expect(dialog.get_by_text("into Kitchen pantry")).to_be_visible()
    assert page.evaluate(NO_SIDEWAYS_SCROLL)
    dialog.get_by_role("button", name="Confirm").focus()
    page.keyboard.press("Enter")
    expect(toast(page, "Lists and Stores Updated")).to_be_visible()
    remaining = api_json(live_server, token, "GET", f"/user-shoppinglists/{list_id}")["shopping_list"]["ingredients"]
    assert [item["name"] for item in remaining] == ["Paper plates for the party"]
